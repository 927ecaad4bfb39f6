import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersForPath, parseHeaders, writeHeadersFile } from '../../platform/edge/headers';
import { scoreScan } from '../support/observatory-score';
import { caddyfile, PAGE_CACHE } from '../../platform/edge/caddyfile';
import { varnishVcl } from '../../platform/edge/varnish';
import { loadTenant } from '../../src/tenant/load';
import { apiTestSite } from '../support/api-site';
import { storeKinds } from '../support/stores';
import { freePort } from '../support/free-port';

/**
 * The stack's real parts on loopback: Varnish (the CDN layer) in front of Caddy (the edge, its
 * config generated from each site's _headers) in front of two `npm run api` instances. Through
 * the CDN layer: every page type's headers are exactly _headers', the Observatory grades A+, a
 * lead arrives, a purge is honoured, an API instance killed mid-burst loses no lead, and a site
 * folder swapped 50 times under 1,000 requests costs none of them.
 */
const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'edge-stack-'));
// varnishd reads its VCL as its own unprivileged user.
chmodSync(work, 0o755);
const dist = path.join(work, 'dist');
// The publish's swap works on DIST_DIR, read when its module loads.
process.env.DIST_DIR = dist;
const { swapSite } = await import('../../platform/build/build-finish');
const SLUG = 'bayside-toyota';
const HOST = 'www.baysidetoyota.example.com.au';
const storeKind =
  storeKinds().find((kind) => kind.name === 'postgres' && kind.available) ??
  storeKinds().find((kind) => kind.name === 'sqlite')!;

/** One page of each type, as the build lays them out (URL -> file). */
const PAGES: Record<string, string> = {
  '/': 'index.html',
  '/cars/2023-toyota-corolla-car-1/': 'cars/2023-toyota-corolla-car-1/index.html',
  '/search/': 'search/index.html',
  '/dealer-locator/': 'dealer-locator/index.html',
  '/search-index.json': 'search-index.json',
  '/sitemap.xml': 'sitemap.xml',
  '/feeds/google-vehicle-listings.xml': 'feeds/google-vehicle-listings.xml',
  '/_astro/page.AbC123.js': '_astro/page.AbC123.js',
  '/media/car.svg': 'media/car.svg',
};
const html = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><script type="module" src="/_astro/page.AbC123.js"></script></head><body><h1>${title}</h1></body></html>`;

function writeSite(dir: string, version: string) {
  for (const [url, file] of Object.entries(PAGES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    const body = file.endsWith('.html')
      ? html(`${url} ${version}`)
      : file.endsWith('.svg')
        ? '<svg xmlns="http://www.w3.org/2000/svg"/>'
        : `/* ${version} */`;
    writeFileSync(path.join(dir, file), body);
  }
  writeFileSync(path.join(dir, '404.html'), html('Page not found'));
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}
function call(
  port: number,
  method: string,
  pathname: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: pathname,
        headers: { host: HOST, ...headers },
        agent: false,
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers as Record<string, string>,
            body: text,
          }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(10_000, () => request.destroy(new Error('no answer in time')));
    request.on('error', reject);
    request.end(body);
  });
}

const processes: ChildProcess[] = [];
const apis: { child: ChildProcess; port: number }[] = [];
let cdnPort: number;
let edgePort: number;
let rules: ReturnType<typeof parseHeaders>;
let storeEnv: Record<string, string>;
let disposeStore = async () => {};
let store: Awaited<ReturnType<typeof storeKind.open>>['store'];

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function startApi(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/api.ts', SLUG], {
    cwd: root,
    env: {
      ...process.env,
      ...storeEnv,
      PORT: String(port),
      BUILD_CACHE_DIR: path.join(work, 'cache'),
      TRUST_PROXY: '2',
      LOG_LEVEL: 'warn',
      OUTBOX: 'off',
    },
    stdio: 'ignore',
  });
  apis.push({ child, port });
  await until(
    `the API on ${port}`,
    async () => (await call(port, 'GET', '/api/health')).status === 200,
  );
  return child;
}

beforeAll(async () => {
  const opened = await storeKind.open();
  storeEnv = opened.env;
  store = opened.store;
  disposeStore = opened.dispose;
  const site = path.join(dist, SLUG);
  writeSite(site, 'v1');
  await writeHeadersFile(site, await loadTenant(SLUG, root));
  rules = parseHeaders(readFileSync(path.join(site, '_headers'), 'utf8'));
  const snapshot = apiTestSite({
    rate_limit: { per_ip_per_minute: 100_000, per_site_per_minute: 100_000 },
  });
  mkdirSync(path.join(work, 'cache', SLUG), { recursive: true });
  writeFileSync(path.join(work, 'cache', SLUG, 'site.json'), JSON.stringify(snapshot));

  const [api1, api2] = [await freePort(), await freePort()];
  await Promise.all([startApi(api1), startApi(api2)]);
  edgePort = await freePort();
  cdnPort = await freePort();
  writeFileSync(
    path.join(work, 'Caddyfile'),
    caddyfile({
      sites: [
        {
          slug: SLUG,
          hosts: [HOST],
          root: site,
          previousRoot: path.join(dist, `.prev-${SLUG}`),
          rules,
        },
      ],
      port: edgePort,
      apiPool: [`127.0.0.1:${api1}`, `127.0.0.1:${api2}`],
    }),
  );
  let output = '';
  const keep = (child: ChildProcess) => {
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    processes.push(child);
  };
  keep(
    spawn('caddy', ['run', '--config', path.join(work, 'Caddyfile'), '--adapter', 'caddyfile'], {
      cwd: work,
      env: { ...process.env, HOME: work },
    }),
  );
  writeFileSync(
    path.join(work, 'default.vcl'),
    varnishVcl({
      tenants: [{ host: HOST, port: cdnPort }],
      edge: { host: '127.0.0.1', port: edgePort },
    }),
  );
  keep(
    spawn('varnishd', [
      '-F',
      '-a',
      `127.0.0.1:${cdnPort}`,
      '-f',
      path.join(work, 'default.vcl'),
      '-n',
      path.join(work, 'varnish'),
      '-s',
      'malloc,64m',
    ]),
  );
  await until('the CDN layer', async () => (await call(cdnPort, 'GET', '/')).status === 200).catch(
    (error: Error) => {
      throw new Error(`${error.message}:\n${output}`);
    },
  );
}, 120_000);

afterAll(async () => {
  for (const child of [...processes, ...apis.map((api) => api.child)]) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  await disposeStore();
  rmSync(work, { recursive: true, force: true });
});

describe('the stack: CDN layer, edge and API pool', () => {
  it('sends, for every page type, exactly the headers _headers declares', async () => {
    for (const url of Object.keys(PAGES)) {
      const answer = await call(cdnPort, 'GET', url);
      expect(answer.status, url).toBe(200);
      const declared = headersForPath(rules, url);
      for (const [name, value] of Object.entries(declared))
        expect(answer.headers[name.toLowerCase()], `${url} ${name}`).toBe(value);
      // Paths no rule gives a Cache-Control (/cars/x/) get the static hosts' default for pages.
      expect(answer.headers['cache-control'], url).toBe(declared['Cache-Control'] ?? PAGE_CACHE);
      expect(answer.headers.server, url).toBeUndefined();
    }
    const missing = await call(cdnPort, 'GET', '/_astro/gone.js');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page not found');
    expect(missing.headers['cache-control']).not.toContain('immutable');
    expect(missing.headers['content-security-policy']).toBe(
      headersForPath(rules, '/404.html')['Content-Security-Policy'],
    );
  });

  it('grades A+ on the Observatory through the CDN layer', async () => {
    const answer = await call(cdnPort, 'GET', '/');
    const headers = new Headers(
      Object.entries(answer.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    const url = `https://${HOST}/`;
    const result = scoreScan({
      url,
      status: answer.status,
      headers,
      body: answer.body,
      httpRoute: [`http://${HOST}/`, url],
    });
    expect(result.grade, JSON.stringify(result.tests.filter((test) => !test.pass))).toBe('A+');
  });

  it('caches pages until a purge, and passes /api to the API pool', async () => {
    const url = '/cars/2023-toyota-corolla-car-1/';
    await call(cdnPort, 'GET', url);
    expect((await call(cdnPort, 'GET', url)).headers['x-cache']).toBe('HIT');
    writeFileSync(path.join(dist, SLUG, PAGES[url]!), html('sold'));
    expect((await call(cdnPort, 'GET', url)).body).not.toContain('sold');
    expect((await call(cdnPort, 'PURGE', url)).status).toBe(200);
    const fresh = await call(cdnPort, 'GET', url);
    expect([fresh.headers['x-cache'], fresh.body.includes('sold')]).toEqual(['MISS', true]);

    const lead = await call(
      cdnPort,
      'POST',
      '/api/leads',
      { 'content-type': 'application/json', origin: `https://${HOST}` },
      JSON.stringify({
        form: 'enquiry',
        idempotency_key: 'stack-lead-0001',
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
    expect(lead.status, lead.body).toBe(201);
    expect(lead.headers['x-cache']).toBe('MISS');
    expect(
      await store.getLead(SLUG, (JSON.parse(lead.body) as { lead_id: string }).lead_id),
    ).toMatchObject({ form: 'enquiry' });
  });

  it(
    'loses and doubles no lead when an API instance is SIGKILLed during 300 leads',
    { timeout: 120_000 },
    async () => {
      const acknowledged = new Map<number, string>();
      let sent = 0;
      const submit = async (index: number) => {
        const body = JSON.stringify({
          form: 'enquiry',
          idempotency_key: `stack-burst-${index}`,
          started_at: Date.now() - 10_000,
          website: '',
          car_id: 'car-1',
          fields: {
            name: 'Jo',
            last_name: `Burst ${index}`,
            phone: '0412 345 678',
            email: 'jo@example.com',
            postcode: '4000',
            message: 'Hi',
          },
        });
        // A shopper's form retries an unanswered or failed send with the same key.
        for (let attempt = 0; attempt < 20; attempt++) {
          const answer = await call(
            cdnPort,
            'POST',
            '/api/leads',
            { 'content-type': 'application/json', origin: `https://${HOST}` },
            body,
          ).catch(() => undefined);
          if (answer && answer.status < 300)
            return void acknowledged.set(
              index,
              (JSON.parse(answer.body) as { lead_id: string }).lead_id,
            );
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      const clients = Array.from({ length: 6 }, async () => {
        while (sent < 300) await submit(sent++);
      });
      while (sent < 100) await new Promise((resolve) => setTimeout(resolve, 5));
      apis[0]!.child.kill('SIGKILL');
      await Promise.all(clients);
      expect(acknowledged.size).toBe(300);
      const leads = (
        await store.driver.all(`SELECT id FROM leads WHERE tenant = ? AND fields LIKE ?`, [
          SLUG,
          '%Burst %',
        ])
      ).map((row) => String(row.id));
      expect(leads.length).toBe(300);
      expect(new Set(leads)).toEqual(new Set(acknowledged.values()));
    },
  );

  it(
    'answers every one of 1,000 requests while the site folder is swapped 50 times',
    { timeout: 120_000 },
    async () => {
      const live = path.join(dist, SLUG);
      const next = path.join(dist, `.tmp-${SLUG}`);
      let swapping = true;
      const swapper = (async () => {
        for (let n = 0; n < 50 && swapping; n++) {
          rmSync(next, { recursive: true, force: true });
          cpSync(live, next, { recursive: true });
          // The publish's own swap (platform/build/build-finish.ts).
          void (await swapSite(SLUG, next))();
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const failures: string[] = [];
      let done = 0;
      const urls = Object.keys(PAGES);
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (done < 1000) {
            const url = urls[done++ % urls.length]!;
            // Straight to the edge: the CDN layer would answer most from its cache.
            const answer = await call(edgePort, 'GET', url).catch((error: Error) => ({
              status: 0,
              body: error.message,
            }));
            if (answer.status !== 200) failures.push(`${url}: ${answer.status}`);
          }
        }),
      );
      swapping = false;
      await swapper;
      expect(failures).toEqual([]);
    },
  );
});
