import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolateBuild } from '../support/isolated-build';

/**
 * A hostile feed host on loopback: the attacks of the security review, each against `npm run sync`.
 * Each must end as one "not synced" line with the live site kept, within +200 MB of memory.
 */
const root = path.resolve(import.meta.dirname, '../..');
const work = isolateBuild('feed-attacks-');

const { guardedFetch } = await import('../../src/net/guarded-fetch');
const { isInternalAddress } = await import('../../src/net/private-address');
const { syncTenant } = await import('../../platform/sync/sync-tenant');
const { tenantInputsHash } = await import('../../platform/build/inputs-hash');
const { loadTenant } = await import('../../src/tenant/load');
const { digestOf } = await import('../../platform/sync/fetch');

type Car = Record<string, unknown> & { id: number; slug: string };
const [first] = JSON.parse(
  readFileSync(path.join(root, 'tests/fixtures/feeds/mini/cars.json'), 'utf8'),
) as Car[];
const carsOf = (count: number) =>
  JSON.stringify(
    Array.from({ length: count }, (_, n) => ({
      ...first!,
      id: 80_000 + n,
      slug: `2024-toyota-rav4-gxl-${80_000 + n}`,
      stocknum: `A${n}`,
    })),
  );
const goodCars = carsOf(3);
const GIB = 1024 * 1024 * 1024;
// 1 MB that inflates to 1 GiB: gzip members of 16 MB of zeros, back to back (gunzip reads them all).
const bomb = Buffer.concat(
  Array<Buffer>(64).fill(gzipSync(Buffer.alloc(16 * 1024 * 1024), { level: 9 })),
);

/** Write `total` bytes (or forever) as fast as the client takes them; stops when it hangs up. */
function flood(res: ServerResponse, total: number) {
  const chunk = Buffer.alloc(256 * 1024, 0x20);
  let sent = 0;
  const pump = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  res.on('close', () => (sent = total));
  pump();
}

const requests = new Map<string, number>();
const canaryHits: string[] = [];
let feedServer: Server;
let canary: Server;
let base: string;
let canaryPort: number;

function route(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? '/';
  requests.set(url, (requests.get(url) ?? 0) + 1);
  if (url === '/huge') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * GIB) });
    return flood(res, 2 * GIB);
  }
  if (url === '/endless') {
    res.writeHead(200, { 'content-type': 'application/json' }); // chunked, no length given
    return flood(res, Number.POSITIVE_INFINITY);
  }
  if (url === '/bomb')
    return void res
      .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
      .end(bomb);
  if (url === '/drip') {
    res.writeHead(200, { 'content-type': 'application/json' });
    const timer = setInterval(() => res.write(' '), 100);
    return void res.on('close', () => clearInterval(timer));
  }
  if (url === '/stall')
    return void res.writeHead(200, { 'content-type': 'application/json' }).flushHeaders();
  if (url === '/to-canary')
    return void res.writeHead(302, { location: `http://127.0.0.2:${canaryPort}/cars.json` }).end();
  if (url === '/to-localhost')
    return void res.writeHead(302, { location: `http://localhost:${canaryPort}/cars.json` }).end();
  if (url === '/to-metadata')
    return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
  if (url === '/to-file') return void res.writeHead(302, { location: 'file:///etc/passwd' }).end();
  const hop = /^\/loop\/(\d+)$/.exec(url);
  if (hop) return void res.writeHead(302, { location: `/loop/${Number(hop[1]) + 1}` }).end();
  if (url === '/moved') return void res.writeHead(301, { location: '/cars.json' }).end();
  if (url === '/cars.json')
    return void res
      .writeHead(200, { 'content-type': 'application/json', etag: '"good"' })
      .end(goodCars);
  if (url === '/unchanged.json')
    return req.headers['if-none-match'] === '"same"'
      ? void res.writeHead(304).end()
      : void res.writeHead(200, { etag: '"same"' }).end(goodCars);
  if (url === '/changing.json')
    return void res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(requests.get(url) === 1 ? carsOf(12) : carsOf(2));
  res.writeHead(404).end();
}

beforeAll(async () => {
  feedServer = createServer(route);
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(feedServer.address() as { port: number }).port}`;
  // A service inside the network a redirect must never reach (127.0.0.2 is loopback too on Linux).
  canary = createServer((req, res) => {
    canaryHits.push(req.url ?? '');
    res.writeHead(200).end(goodCars);
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.2', resolve));
  canaryPort = (canary.address() as { port: number }).port;
  mkdirSync(path.join(work, 'tenants'), { recursive: true });
});
afterAll(async () => {
  feedServer.closeAllConnections();
  await new Promise((resolve) => feedServer.close(resolve));
  await new Promise((resolve) => canary.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

/** A tenant reading its cars from `cars`, with extra `sync:` settings. */
function tenantFile(slug: string, cars: string, sync: Record<string, number> = {}) {
  const yaml = readFileSync(
    path.join(root, 'tests/fixtures/tenants/valid/fixture-dealer.yaml'),
    'utf8',
  )
    .replace('slug: fixture-dealer', `slug: ${slug}`)
    .replace('cars: tests/fixtures/feeds/mini/cars.json', `cars: ${cars}`);
  const settings = Object.entries(sync).map(([key, value]) => `  ${key}: ${value}`);
  writeFileSync(
    path.join(work, 'tenants', `${slug}.yaml`),
    settings.length ? `${yaml}sync:\n${settings.join('\n')}\n` : yaml,
  );
}

/** A live site of `slug` that the test can check is left alone. */
function liveSite(slug: string): () => string {
  const file = path.join(work, 'dist', slug, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `<h1>${slug} live</h1>`);
  return () => readFileSync(file, 'utf8');
}

/** A live site of `slug` stamped as built from `url`'s good cars: a sync of that feed builds nothing. */
async function stampAsBuilt(slug: string, url: string) {
  const tenant = await loadTenant(slug, root);
  const hash = await tenantInputsHash(tenant, {
    [url]: digestOf(new TextEncoder().encode(goodCars)),
  });
  liveSite(slug);
  mkdirSync(path.join(work, 'cache', slug, 'feeds'), { recursive: true });
  writeFileSync(path.join(work, 'cache', slug, 'stamp.json'), JSON.stringify({ hash }));
}

/** Runs `task` while sampling this process's RSS; returns its result and the peak rise in MB. */
async function withPeakRss<T>(task: () => Promise<T>): Promise<{ result: T; riseMb: number }> {
  global.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    const result = await task();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, riseMb: (peak - baseline) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

describe('a hostile feed host against npm run sync', () => {
  const attacks: { name: string; path: string; sync: Record<string, number>; reason: RegExp }[] = [
    {
      name: 'a 2 GiB body',
      path: '/huge',
      sync: {},
      reason: /larger than 50 MB \(Content-Length 2048 MB\)/,
    },
    {
      name: 'an endless body with no length',
      path: '/endless',
      sync: {},
      reason: /larger than 50 MB;/,
    },
    {
      name: 'a 1 MB gzip bomb (1 GiB inflated)',
      path: '/bomb',
      sync: {},
      reason: /larger than 50 MB once decompressed/,
    },
    {
      name: 'a slow drip',
      path: '/drip',
      sync: { feed_timeout_seconds: 2, feed_idle_seconds: 1 },
      reason: /no complete answer within 2 s/,
    },
    {
      name: 'a stall after the headers',
      path: '/stall',
      sync: { feed_timeout_seconds: 5, feed_idle_seconds: 1 },
      reason: /no data for 1 s/,
    },
  ];
  for (const attack of attacks)
    it(
      `${attack.name}: one "not synced" line, the live site kept, under +200 MB`,
      { timeout: 60_000 },
      async () => {
        const slug = `attack${attack.path.replace(/\W/g, '-')}`;
        tenantFile(slug, `${base}${attack.path}`, attack.sync);
        const live = liveSite(slug);
        const started = performance.now();
        const { result, riseMb } = await withPeakRss(() => syncTenant(slug));
        expect(result.outcome).toBe('failed');
        expect(result.line).toMatch(
          new RegExp(`^not synced: ${slug}: feeds\\.cars \\(${base}${attack.path}\\): `),
        );
        expect(result.line).toMatch(attack.reason);
        expect(result.line).toMatch(/the live site was left as it was/);
        expect(live()).toBe(`<h1>${slug} live</h1>`);
        expect(riseMb).toBeLessThan(200);
        expect(performance.now() - started).toBeLessThan(10_000);
      },
    );
});

describe('redirects', () => {
  const refused = [
    { path: '/to-canary', reason: /refused: http:\/\/127\.0\.0\.2:\d+ is an internal address/ },
    { path: '/to-localhost', reason: /refused: localhost resolves to an internal address/ },
    { path: '/to-metadata', reason: /refused: http:\/\/169\.254\.169\.254 is an internal address/ },
    { path: '/to-file', reason: /redirect to a file: URL refused/ },
    { path: '/loop/0', reason: /more than 5 redirects/ },
  ];
  for (const { path: feedPath, reason } of refused)
    it(`${feedPath}: refused, and the internal service is never asked`, async () => {
      const slug = `redirect${feedPath.replace(/\W/g, '-')}`;
      tenantFile(slug, `${base}${feedPath}`);
      const result = await syncTenant(slug);
      expect(result.line).toMatch(
        new RegExp(`^not synced: ${slug}: feeds\\.cars \\(${base}${feedPath}\\): `),
      );
      expect(result.line).toMatch(reason);
      expect(canaryHits).toEqual([]);
    });

  it('follows a redirect to a host the tenant names, and logs where the feed came from', async () => {
    const response = await guardedFetch(`${base}/to-canary`, {
      maxBytes: 1e6,
      idleTimeoutMs: 2000,
      totalTimeoutMs: 5000,
      trustedHosts: ['127.0.0.2'],
    });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`http://127.0.0.2:${canaryPort}/cars.json`);
    canaryHits.length = 0;

    tenantFile('redirect-moved', `${base}/moved`);
    await stampAsBuilt('redirect-moved', `${base}/moved`);
    const lines: string[] = [];
    const result = await syncTenant('redirect-moved', { log: (line) => lines.push(line) });
    expect(result.line).toMatch(/^redirect-moved: unchanged/);
    expect(lines).toContain(
      `  redirect-moved: feeds.cars (${base}/moved): answered from ${base}/cars.json after redirects`,
    );
  });

  it('knows internal addresses in every spelling', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '::1',
      '::',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::1]',
    ])
      expect(isInternalAddress(address), address).toBe(true);
    for (const address of ['1.1.1.1', '203.0.113.9', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isInternalAddress(address), address).toBe(false);
  });
});

describe('one fetch per sync', () => {
  it(
    'builds and publishes the very bytes it judged, fetching the feed once',
    { timeout: 240_000 },
    async () => {
      tenantFile('fetch-once', `${base}/changing.json`);
      const result = await syncTenant('fetch-once', { log: () => {} });
      expect(result.outcome, result.line).toBe('rebuilt');
      expect(requests.get('/changing.json')).toBe(1);
      // The first answer had 12 cars, any later one 2: the site was built from the first.
      const carPages = readdirSync(path.join(work, 'dist', 'fetch-once', 'cars')).filter((name) =>
        name.startsWith('2024-toyota-rav4-gxl-'),
      );
      expect(carPages).toHaveLength(12);
      expect(result.line).toMatch(/^fetch-once: first sync, 12 cars -> rebuilt/);
    },
  );
});

describe('npm run sync -- --watch', () => {
  it(
    'keeps syncing the other tenants while one feed host attacks, and backs off the failing one',
    { timeout: 60_000 },
    async () => {
      tenantFile('watch-bomb', `${base}/bomb`);
      tenantFile('watch-good', `${base}/unchanged.json`);
      liveSite('watch-bomb');
      // The good tenant's live site was built from exactly what its feed serves: each sync is one 304.
      await stampAsBuilt('watch-good', `${base}/unchanged.json`);
      writeFileSync(
        path.join(work, 'cache', 'watch-good', 'feeds', 'cars.json'),
        JSON.stringify({ etag: '"same"', digest: digestOf(new TextEncoder().encode(goodCars)) }),
      );
      writeFileSync(path.join(work, 'cache', 'watch-good', 'feeds', 'cars.body'), goodCars);
      requests.delete('/bomb');
      requests.delete('/unchanged.json');

      const watch = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/sync.ts',
          'watch-bomb',
          'watch-good',
          '--watch',
          '--interval=1',
        ],
        {
          cwd: root,
          env: process.env,
        },
      );
      let output = '';
      watch.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      watch.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => watch.once('exit', resolve));
      await expect
        .poll(() => requests.get('/unchanged.json') ?? 0, { timeout: 40_000, interval: 200 })
        .toBeGreaterThanOrEqual(6);
      watch.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toMatch(
        /not synced: watch-bomb: feeds\.cars \(.*\/bomb\): larger than 50 MB once decompressed/,
      );
      expect(output).toMatch(/watch-good: unchanged/);
      expect(output).toContain('watch-bomb: next try in 2 s');
      expect(output).toContain('watch-bomb: next try in 4 s');
      // Six syncs of the good tenant, a second apart, took the failing one only 2-3 times.
      expect(requests.get('/bomb')).toBeLessThanOrEqual(3);
    },
  );
});
