import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTestSite } from '../support/api-site';
import { startWebhookReceiver } from '../support/receivers';
import { storeKinds } from '../support/stores';
import { freePort } from '../support/free-port';

/**
 * `npm run api` as a real process: the tenant by Host, health and readiness, JSON request logs,
 * production configuration refused before it listens, and SIGTERM during a burst of leads.
 * Over PostgreSQL when DATABASE_URL is set (CI), else a SQLite file.
 */
const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'api-server-'));
const BAYSIDE = 'www.baysidetoyota.example.com.au';
const AURORA = 'www.auroramotors.example.com.au';

// PostgreSQL when DATABASE_URL is set (a schema of this file's own), else SQLite.
const storeKind =
  storeKinds().find((kind) => kind.name === 'postgres' && kind.available) ??
  storeKinds().find((kind) => kind.name === 'sqlite')!;
let storeEnv: Record<string, string> = {};
let disposeStore = async () => {};
beforeAll(async () => {
  const opened = await storeKind.open();
  storeEnv = opened.env;
  disposeStore = opened.dispose;
});
afterAll(() => disposeStore());

beforeAll(() => {
  // Built site data as a build leaves it (.build/<slug>/site.json); the API needs nothing else.
  for (const slug of ['bayside-toyota', 'aurora-motors']) {
    const site = apiTestSite();
    const tenant =
      slug === 'bayside-toyota'
        ? site.tenant
        : { ...site.tenant, slug, name: 'Aurora Motors', url: `https://${AURORA}` };
    mkdirSync(path.join(work, 'cache', slug), { recursive: true });
    writeFileSync(
      path.join(work, 'cache', slug, 'site.json'),
      JSON.stringify({ ...site, tenant, cars: slug === 'aurora-motors' ? [] : site.cars }),
    );
  }
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Started {
  child: ChildProcessWithoutNullStreams;
  port: number;
  output: () => string;
  exit: Promise<number | null>;
}

async function startApi(
  env: Record<string, string | undefined>,
  args = ['bayside-toyota', 'aurora-motors'],
): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/api.ts', ...args], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      LOG_FORMAT: 'json',
      BUILD_CACHE_DIR: path.join(work, 'cache'),
      OUTBOX: 'off',
      ...storeEnv,
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    const check = setInterval(() => {
      if (!output.includes('"msg":"listening"')) return;
      clearInterval(check);
      resolve({ child, port, output: () => output, exit });
    }, 50);
    void exit.then((code) => {
      clearInterval(check);
      reject(new Error(`npm run api exited ${code}: ${output}`));
    });
  });
}

/** A request with its own Host header (fetch won't send one it is given). */
function call(
  port: number,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, unknown>; text: string; json(): unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, method, path: pathname, headers },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text,
            json: () => JSON.parse(text) as unknown,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
const get = (port: number, pathname: string, host: string) => call(port, 'GET', pathname, { host });

describe('npm run api', () => {
  let api: Started;
  beforeAll(async () => {
    api = await startApi({});
  }, 60_000);
  afterAll(async () => {
    api.child.kill('SIGTERM');
    await api.exit;
  });

  it("answers each tenant's Host with that tenant's data, and an unknown Host with 404 and no tenant data", async () => {
    const bayside = await get(api.port, '/api/health', BAYSIDE);
    expect(bayside.json()).toMatchObject({
      ok: true,
      tenant: 'bayside-toyota',
      cars: 1,
      version: '0.1.0',
    });
    const aurora = await get(api.port, '/api/health', `${AURORA.toUpperCase()}:443`);
    expect(aurora.json()).toMatchObject({ ok: true, tenant: 'aurora-motors', cars: 0 });
    const view = await call(
      api.port,
      'POST',
      '/api/leads',
      { host: 'evil.example', 'content-type': 'application/json' },
      '{}',
    );
    expect(view.status).toBe(404);
    const { text } = view;
    expect(text).toContain('Unknown site');
    expect(text).not.toMatch(/bayside|aurora/i);
  });

  it('reports liveness and readiness with its instance and version', async () => {
    const health = (await get(api.port, '/api/health', 'anything.example')).json() as Record<
      string,
      unknown
    >;
    expect(health).toMatchObject({ ok: true, version: '0.1.0' });
    expect(health.instance).toEqual(expect.any(String));
    const ready = await get(api.port, '/api/ready', 'anything.example');
    expect(ready.status).toBe(200);
    expect(ready.json()).toMatchObject({
      ok: true,
      instance: health.instance,
      migration: expect.any(Number),
    });
  });

  it('logs one JSON line per request, with its route, status, time, tenant and id, and no personal data', async () => {
    const response = await call(
      api.port,
      'POST',
      '/api/leads',
      { host: BAYSIDE, 'content-type': 'application/json', 'x-request-id': 'req-test-1' },
      JSON.stringify({
        form: 'enquiry',
        idempotency_key: 'log-test-1',
        started_at: Date.now() - 10_000,
        website: '',
        car_id: 'car-1',
        fields: {
          name: 'Jo',
          last_name: 'Citizen',
          phone: '0412 345 678',
          email: 'jo@example.com',
          postcode: '4000',
          message: 'Hi',
        },
      }),
    );
    expect(response.status, response.text).toBe(201);
    expect(response.headers['x-request-id']).toBe('req-test-1');
    await expect.poll(() => api.output()).toContain('req-test-1');
    const line = api
      .output()
      .split('\n')
      .find((entry) => entry.includes('req-test-1'))!;
    expect(JSON.parse(line)).toMatchObject({
      msg: 'request',
      method: 'POST',
      route: '/api/leads',
      status: 201,
      tenant: 'bayside-toyota',
      id: 'req-test-1',
      ms: expect.any(Number),
    });
    expect(api.output()).not.toMatch(/0412|345 678|jo@example\.com|Citizen/);
  });
});

describe('npm run api with NODE_ENV=production', () => {
  const safe = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://root@localhost/none?host=/var/run/postgresql',
    SIGN_IN_CODE_SECRET: 'a-long-random-secret-for-the-test-0123456789',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SMS_API_URL: 'https://sms.example/send',
    PAYMENT_WEBHOOK_SECRET: 'whsec_test',
    SIGN_IN_CODES_LOG: undefined,
  };
  const rules: [string, Record<string, string | undefined>, RegExp][] = [
    ['no PostgreSQL', { DATABASE_URL: undefined }, /DATABASE_URL is not set/],
    [
      'sign-in codes logged',
      { SIGN_IN_CODES_LOG: '1' },
      /SIGN_IN_CODES_LOG=1 would write sign-in codes to the log/,
    ],
    [
      'no way to deliver leads',
      { SMTP_URL: undefined },
      /bayside-toyota: no way to deliver leads: set SMTP_URL, or a leads\.webhook/,
    ],
    [
      'no SMS sender for a site with sign-in',
      { SMS_API_URL: undefined },
      /no SMS sender is configured: set SMS_API_URL/,
    ],
    [
      'no payment secret for a site that takes deposits',
      { PAYMENT_WEBHOOK_SECRET: undefined },
      /takes reservation deposits, and PAYMENT_WEBHOOK_SECRET is not set/,
    ],
    [
      'no key for sign-in code hashes',
      { SIGN_IN_CODE_SECRET: undefined },
      /SIGN_IN_CODE_SECRET is not set/,
    ],
  ];
  for (const [rule, env, message] of rules)
    it(`exits 1 before listening, naming the problem: ${rule}`, async () => {
      const started = startApi({ ...safe, ...env });
      const error = (await started.then(
        () => new Error('it started'),
        (caught: unknown) => caught as Error,
      )) as Error;
      expect(error.message).toMatch(/npm run api exited 1/);
      expect(error.message).toMatch(message);
      expect(error.message).not.toMatch(/"msg":"listening"/);
    });

  it('names an insecure cookie setting: a site whose url is not https', async () => {
    const { productionProblems } = await import('../../platform/api/production-config');
    const tenant = apiTestSite().tenant;
    const problems = productionProblems(
      { ...process.env, ...safe, DATABASE_URL: safe.DATABASE_URL } as NodeJS.ProcessEnv,
      [{ ...tenant, url: 'http://www.baysidetoyota.example.com.au' }],
    );
    expect(problems).toEqual([
      'bayside-toyota: url http://www.baysidetoyota.example.com.au is not https: the session cookie is Secure and __Host- prefixed, so sign-in would not work',
    ]);
  });
});

describe('SIGTERM during a burst of leads', () => {
  it(
    'answers what it took, exits 0 within the deadline, and every acknowledged lead is delivered once',
    { timeout: 180_000 },
    async () => {
      const receiver = await startWebhookReceiver();
      const dir = path.join(work, 'sigterm');
      mkdirSync(path.join(dir, 'bayside-toyota'), { recursive: true });
      writeFileSync(
        path.join(dir, 'bayside-toyota', 'site.json'),
        JSON.stringify(
          apiTestSite({
            webhook: { url: receiver.url, secret_env: 'TEST_WEBHOOK_SECRET' },
            rate_limit: { per_ip_per_minute: 100_000, per_site_per_minute: 100_000 },
          }),
        ),
      );
      const env = {
        BUILD_CACHE_DIR: dir,
        TEST_WEBHOOK_SECRET: 'test-secret',
        OUTBOX: 'on',
        OUTBOX_INTERVAL_MS: '50',
        SHUTDOWN_DEADLINE_MS: '20000',
      };
      const api = await startApi(env, ['bayside-toyota']);
      const LEADS = 500;
      let sent = 0;
      const acknowledged: string[] = [];
      let refusedOrCut = 0;
      let firstRefusal: string | undefined;
      const lead = (index: number) =>
        JSON.stringify({
          form: 'enquiry',
          idempotency_key: `sigterm-${index}`,
          started_at: Date.now() - 10_000,
          website: '',
          car_id: 'car-1',
          fields: {
            name: 'Jo',
            last_name: `Burst${index}`,
            phone: '0412 345 678',
            email: 'jo@example.com',
            postcode: '4000',
            message: 'Hi',
          },
        });
      const clients = Array.from({ length: 10 }, async () => {
        while (sent < LEADS) {
          const index = sent++;
          try {
            const answer = await call(
              api.port,
              'POST',
              '/api/leads',
              { host: BAYSIDE, 'content-type': 'application/json' },
              lead(index),
            );
            if (answer.status === 201)
              acknowledged.push((answer.json() as { lead_id: string }).lead_id);
            else {
              refusedOrCut++;
              firstRefusal ??= `${answer.status} ${answer.text}`;
            }
          } catch {
            refusedOrCut++; // the listener is closed: not acknowledged, the shopper's form retries
          }
        }
      });
      while (acknowledged.length < 150 && sent < LEADS)
        await new Promise((resolve) => setTimeout(resolve, 5));
      expect(firstRefusal).toBeUndefined();
      const signalled = Date.now();
      api.child.kill('SIGTERM');
      const code = await api.exit;
      const stoppedInMs = Date.now() - signalled;
      await Promise.all(clients);
      expect(code).toBe(0);
      expect(stoppedInMs).toBeLessThan(20_000);
      expect(api.output()).toMatch(
        /"msg":"stopped".*"outcome":"clean"|"outcome":"clean".*"msg":"stopped"/,
      );
      expect(acknowledged.length).toBeGreaterThanOrEqual(150);
      expect(acknowledged.length + refusedOrCut).toBe(LEADS);

      // Whatever the outbox had not delivered yet waits in the database for the next worker.
      const worker = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/worker.ts', 'bayside-toyota'],
        {
          cwd: root,
          env: { ...process.env, LOG_FORMAT: 'json', ...storeEnv, ...env },
        },
      );
      try {
        const delivered = () =>
          new Set(receiver.hits.map((hit) => String(hit.headers['x-lead-id'])));
        await expect
          .poll(() => acknowledged.filter((id) => !delivered().has(id)).length, {
            timeout: 60_000,
            interval: 250,
          })
          .toBe(0);
        const perDelivery = new Map<string, number>();
        for (const hit of receiver.hits)
          perDelivery.set(
            String(hit.headers['x-lead-delivery']),
            (perDelivery.get(String(hit.headers['x-lead-delivery'])) ?? 0) + 1,
          );
        expect([...perDelivery.values()].every((count) => count === 1)).toBe(true);
        expect(new Set(receiver.hits.map((hit) => String(hit.headers['x-lead-id']))).size).toBe(
          receiver.hits.length,
        );
      } finally {
        worker.kill('SIGTERM');
        await receiver.close();
      }
    },
  );
});
