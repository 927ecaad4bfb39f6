import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_POLICY } from '../../api/accounts/policy';
import { apiTestSite } from '../support/api-site';
import { storeKinds } from '../support/stores';
import { freePort } from '../support/free-port';

/**
 * Three `npm run api` processes over one database, behind a "balancer" (requests go round-robin
 * and carry X-Forwarded-For, TRUST_PROXY=1): together they must enforce exactly the limits one
 * does, and one car is reserved once. PostgreSQL when DATABASE_URL is set (CI), else SQLite.
 */
const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'api-instances-'));
const HOST = 'www.baysidetoyota.example.com.au';
const PER_ADDRESS = 30; // the tenant's leads.rate_limit.per_ip_per_minute default
const storeKind =
  storeKinds().find((kind) => kind.name === 'postgres' && kind.available) ??
  storeKinds().find((kind) => kind.name === 'sqlite')!;

const texts: { to: string; message: string }[] = [];
let sms: Server;
let disposeStore = async () => {};
const instances: { child: ChildProcessWithoutNullStreams; port: number }[] = [];

beforeAll(async () => {
  sms = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      texts.push(JSON.parse(body) as { to: string; message: string });
      response.writeHead(202).end('{}');
    });
  });
  await new Promise<void>((resolve) => sms.listen(0, '127.0.0.1', resolve));
  const opened = await storeKind.open();
  disposeStore = opened.dispose;
  const site = apiTestSite();
  const cars = site.cars.map((car) => ({ ...car, status: 'in_stock', images: [] }));
  mkdirSync(path.join(work, 'bayside-toyota'), { recursive: true });
  writeFileSync(path.join(work, 'bayside-toyota', 'site.json'), JSON.stringify({ ...site, cars }));
  const env = {
    ...process.env,
    ...opened.env,
    BUILD_CACHE_DIR: work,
    TRUST_PROXY: '1',
    OUTBOX: 'off',
    LOG_LEVEL: 'warn',
    SMS_API_URL: `http://127.0.0.1:${(sms.address() as AddressInfo).port}/send`,
  };
  await Promise.all(
    [0, 1, 2].map(async (n) => {
      const port = await freePort();
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/api.ts', 'bayside-toyota'],
        {
          cwd: root,
          env: { ...env, PORT: String(port), INSTANCE_ID: `api-${n}` },
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      instances.push({ child, port });
      // Listening: /api/health answers (the warn log level keeps the start line out).
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`instance ${n} exited: ${output}`);
        const up = await call(port, 'GET', '/api/health', '203.0.113.1').then(
          (answer) => answer.status === 200,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline) throw new Error(`instance ${n} did not start: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }),
  );
}, 90_000);
afterAll(async () => {
  for (const { child } of instances) child.kill('SIGTERM');
  await Promise.all(
    instances.map(
      ({ child }) =>
        new Promise((resolve) =>
          child.exitCode === null ? child.once('exit', resolve) : resolve(null),
        ),
    ),
  );
  await new Promise((resolve) => sms.close(resolve));
  await disposeStore();
  rmSync(work, { recursive: true, force: true });
});

function call(
  port: number,
  method: string,
  pathname: string,
  address: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        headers: { host: HOST, 'content-type': 'application/json', 'x-forwarded-for': address },
        agent: false,
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            json: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The balancer: request n goes to instance n mod 3. */
let turn = 0;
const balanced = (method: string, pathname: string, address: string, body?: unknown) =>
  call(instances[turn++ % 3]!.port, method, pathname, address, body);

const person = {
  name: 'Jo',
  last_name: 'Citizen',
  phone: '0412 345 678',
  email: 'jo@example.com',
  postcode: '4000',
};
const leadBody = (key: string) => ({
  form: 'enquiry',
  idempotency_key: key,
  started_at: Date.now() - 10_000,
  website: '',
  car_id: 'car-1',
  fields: { ...person, message: 'Hi' },
});

describe(`three npm run api instances over ${storeKind.name}`, () => {
  it('accept exactly the per-address lead limit in total from one address spread over them, and still take another address', async () => {
    // Per-instance limits would accept 3 x 30; the shared count accepts 30 whichever instance answers.
    const statuses = await Promise.all(
      Array.from({ length: 3 * PER_ADDRESS }, (_, n) =>
        call(
          instances[n % 3]!.port,
          'POST',
          '/api/leads',
          '198.51.100.20',
          leadBody(`flood-key-${n}`),
        ).then((answer) => answer.status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(PER_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * PER_ADDRESS);
    for (let n = 0; n < 3; n++)
      expect(
        (
          await call(
            instances[n]!.port,
            'POST',
            '/api/leads',
            `198.51.100.${30 + n}`,
            leadBody(`other-address-${n}`),
          )
        ).status,
      ).toBe(201);
  });

  it('give one car to exactly one of 20 concurrent reservations', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        balanced('POST', '/api/reserve', `192.0.2.${n + 1}`, {
          ...leadBody(`reserve-${n}`),
          form: 'reserve',
          fields: person,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
  });

  it('send at most 10 sign-in codes per address however the requests are spread', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 15 }, (_, n) =>
        balanced('POST', '/api/auth/request-code', '203.0.113.88', {
          phone_number: `0433 ${String(n).padStart(3, '0')} 000`,
        }).then((answer) => answer.status),
      ),
    );
    expect(statuses.filter((status) => status < 300)).toHaveLength(ACCOUNT_POLICY.codesPerIp);
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      15 - ACCOUNT_POLICY.codesPerIp,
    );
  });

  it('burn a code after five wrong guesses however they are spread, and count code checks per address across instances', async () => {
    expect(
      (
        await balanced('POST', '/api/auth/request-code', '203.0.113.50', {
          phone_number: '0412 000 111',
        })
      ).status,
    ).toBeLessThan(300);
    const code = /^(\d{6}) is your/.exec(texts.at(-1)!.message)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect(
        (
          await balanced('POST', '/api/auth/verify-code', `203.0.113.${60 + i}`, {
            phone_number: '0412 000 111',
            code: wrong,
          })
        ).status,
      ).toBe(422);
    expect(
      (
        await balanced('POST', '/api/auth/verify-code', '203.0.113.70', {
          phone_number: '0412 000 111',
          code,
        })
      ).status,
    ).toBe(422);

    // ACCOUNT_POLICY.verifiesPerIp checks per address per window, whichever instance takes them.
    const statuses: number[] = [];
    for (let i = 0; i <= ACCOUNT_POLICY.verifiesPerIp; i++)
      statuses.push(
        (
          await balanced('POST', '/api/auth/verify-code', '203.0.113.80', {
            phone_number: '0412 000 222',
            code: '123456',
          })
        ).status,
      );
    expect(statuses.slice(0, ACCOUNT_POLICY.verifiesPerIp).every((status) => status === 422)).toBe(
      true,
    );
    expect(statuses[ACCOUNT_POLICY.verifiesPerIp]).toBe(429);
  });
});
