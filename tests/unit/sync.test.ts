import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'sync-'));
// Our own tenants, dist/ and .build/ (read when the build modules load), and feeds outside data/.
process.env.TENANTS_DIR = path.join(work, 'tenants');
process.env.DIST_DIR = path.join(work, 'dist');
process.env.BUILD_CACHE_DIR = path.join(work, 'cache');
process.env.FEED_ROOTS = ['tests/fixtures/feeds', path.join(work, 'feeds')].join(path.delimiter);

const { conditionalFetch } = await import('../../platform/sync/fetch');
const { parseShard, shardSlugs, staleTenants } = await import('../../platform/build/build-all');
const { syncTenant } = await import('../../platform/sync/sync-tenant');
const { tenantInputsHash } = await import('../../platform/build/inputs-hash');
const { loadTenant, loadTenants } = await import('../../src/tenant/load');
const { parseInterval, syncInterval } = await import('../../platform/sync/watch');
const { rebuildOnChange } = await import('../../platform/sync/live-rebuild');

/** A feed server whose answer each test sets; it records the conditional headers it was sent. */
let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('[]');
const requests: IncomingMessage['headers'][] = [];
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.headers);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  mkdirSync(path.join(work, 'feeds'), { recursive: true });
  cpSync(path.join(root, 'tests/fixtures/tenants/valid'), path.join(work, 'tenants'), {
    recursive: true,
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

describe('conditionalFetch', () => {
  it('sends the ETag back and takes a 304 as unchanged, serving the cached body', async () => {
    const cache = path.join(work, 'etag-cache');
    handler = (req, res) => {
      if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304).end();
      res.writeHead(200, { etag: '"v1"', 'content-type': 'application/json' }).end('[{"id":1}]');
    };
    requests.length = 0;
    const first = await conditionalFetch(`${base}/cars.json`, cache, 'cars');
    expect(first).toMatchObject({ changed: true, status: 200 });
    const second = await conditionalFetch(`${base}/cars.json`, cache, 'cars');
    expect(second).toMatchObject({ changed: false, status: 304 });
    expect(new TextDecoder().decode(second.body)).toBe('[{"id":1}]');
    expect(requests[1]?.['if-none-match']).toBe('"v1"');
  });

  it('sends Last-Modified back as If-Modified-Since, and a changed body is a change', async () => {
    const cache = path.join(work, 'lm-cache');
    const stamp = 'Wed, 25 Nov 2026 10:00:00 GMT';
    let body = '[1]';
    handler = (req, res) => {
      if (req.headers['if-modified-since'] === stamp && body === '[1]')
        return void res.writeHead(304).end();
      res.writeHead(200, { 'last-modified': stamp }).end(body);
    };
    requests.length = 0;
    expect((await conditionalFetch(`${base}/lm.json`, cache, 'cars')).changed).toBe(true);
    expect((await conditionalFetch(`${base}/lm.json`, cache, 'cars')).changed).toBe(false);
    expect(requests[1]?.['if-modified-since']).toBe(stamp);
    body = '[2]';
    const third = await conditionalFetch(`${base}/lm.json`, cache, 'cars');
    expect(third).toMatchObject({ changed: true, status: 200 });
    expect(new TextDecoder().decode(third.body)).toBe('[2]');
  });

  it('fails on a 500 and keeps the last good copy for the next try', async () => {
    const cache = path.join(work, 'fail-cache');
    handler = (_req, res) => res.writeHead(200, { etag: '"a"' }).end('[3]');
    await conditionalFetch(`${base}/f.json`, cache, 'cars');
    handler = (_req, res) => res.writeHead(500).end('oops');
    await expect(conditionalFetch(`${base}/f.json`, cache, 'cars')).rejects.toThrow('HTTP 500');
    handler = (_req, res) => res.writeHead(304).end();
    expect(
      new TextDecoder().decode((await conditionalFetch(`${base}/f.json`, cache, 'cars')).body),
    ).toBe('[3]');
  });
});

describe('npm run build -- --shard', () => {
  const slugs = ['e', 'a', 'd', 'b', 'c'];
  it('gives every n-th tenant of the sorted list to shard i, each tenant to exactly one shard', () => {
    expect(shardSlugs(slugs, 1, 2)).toEqual(['a', 'c', 'e']);
    expect(shardSlugs(slugs, 2, 2)).toEqual(['b', 'd']);
    expect([1, 2, 3].flatMap((i) => shardSlugs(slugs, i, 3)).sort()).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
    expect(shardSlugs(slugs, 4, 4)).toEqual(['d']);
  });
  it('refuses a shard outside 1..n', () => {
    expect(() => shardSlugs(slugs, 0, 2)).toThrow('1 <= i <= n');
    expect(() => shardSlugs(slugs, 3, 2)).toThrow('1 <= i <= n');
    expect(() => parseShard(['--shard=2'])).toThrow('expected --shard=<i>/<n>');
    expect(parseShard(['x', '--shard=2/5'])).toEqual({ index: 2, count: 5 });
  });
});

/** A tenant copied from the fixture, reading its cars from `cars`; "built" by faking a live site and stamp. */
async function fixtureTenant(slug: string, cars: string) {
  const yaml = readFileSync(
    path.join(root, 'tests/fixtures/tenants/valid/fixture-dealer.yaml'),
    'utf8',
  )
    .replace('slug: fixture-dealer', `slug: ${slug}`)
    .replace('cars: tests/fixtures/feeds/mini/cars.json', `cars: ${cars}`);
  writeFileSync(path.join(work, 'tenants', `${slug}.yaml`), yaml);
}

async function fakeLiveSite(slug: string, hash: string | undefined) {
  const site = path.join(work, 'dist', slug);
  mkdirSync(site, { recursive: true });
  writeFileSync(path.join(site, 'index.html'), `<h1>${slug} live</h1>`);
  mkdirSync(path.join(work, 'cache', slug), { recursive: true });
  writeFileSync(path.join(work, 'cache', slug, 'stamp.json'), JSON.stringify({ hash }));
}

describe('npm run build -- --changed', () => {
  it('selects only tenants whose feed or tenant file changed since their last build', async () => {
    const feedA = path.join(work, 'feeds', 'a.json');
    const feedB = path.join(work, 'feeds', 'b.json');
    cpSync(path.join(root, 'tests/fixtures/feeds/mini/cars.json'), feedA);
    cpSync(path.join(root, 'tests/fixtures/feeds/mini/cars.json'), feedB);
    await fixtureTenant('changed-a', feedA);
    await fixtureTenant('changed-b', feedB);
    for (const slug of ['changed-a', 'changed-b'])
      await fakeLiveSite(slug, await tenantInputsHash(await loadTenant(slug, root)));
    const stale = async () =>
      (
        await staleTenants(await loadTenants(['changed-a', 'changed-b', 'fixture-dealer'], root))
      ).map((t) => t.slug);
    expect(await stale()).toEqual(['fixture-dealer']); // never built
    writeFileSync(feedB, readFileSync(feedB, 'utf8').replace('48990', '47990'));
    expect(await stale()).toEqual(['changed-b', 'fixture-dealer']);
    writeFileSync(
      path.join(work, 'tenants', 'changed-a.yaml'),
      readFileSync(path.join(work, 'tenants', 'changed-a.yaml'), 'utf8').replace(
        'Fixture Motors',
        'Fixture Motors Two',
      ),
    );
    expect(await stale()).toEqual(['changed-a', 'changed-b', 'fixture-dealer']);
  });
});

describe('npm run sync', () => {
  it('leaves the live site untouched when a feed answers 500', async () => {
    handler = (_req, res) => res.writeHead(500).end('upstream down');
    await fixtureTenant('sync-fail', `${base}/cars-500.json`);
    await fakeLiveSite('sync-fail', 'an older build');
    const result = await syncTenant('sync-fail');
    expect(result.outcome).toBe('failed');
    expect(result.line).toMatch(
      /^not synced: sync-fail: feeds\.cars \(http:\/\/127\.0\.0\.1:\d+\/cars-500\.json\): HTTP 500 .*the live site was left as it was/,
    );
    expect(readFileSync(path.join(work, 'dist', 'sync-fail', 'index.html'), 'utf8')).toBe(
      '<h1>sync-fail live</h1>',
    );
  });

  it('reports a feed that suddenly emptied and keeps the live site', async () => {
    const feed = path.join(work, 'feeds', 'emptied.json');
    writeFileSync(feed, '[]');
    await fixtureTenant('sync-empty', feed);
    await fakeLiveSite('sync-empty', 'an older build');
    const result = await syncTenant('sync-empty');
    expect(result.outcome).toBe('failed');
    expect(result.line).toContain('the feed has no records');
    expect(result.line).toContain('--allow-shrink');
    expect(result.line).toContain('the live site was left as it was');
    expect(readFileSync(path.join(work, 'dist', 'sync-empty', 'index.html'), 'utf8')).toBe(
      '<h1>sync-empty live</h1>',
    );
  });

  it('costs one 304 and no build when a URL feed is unchanged', async () => {
    const cars = readFileSync(path.join(root, 'tests/fixtures/feeds/mini/cars.json'));
    handler = (req, res) =>
      req.headers['if-none-match'] === '"c1"'
        ? res.writeHead(304).end()
        : res.writeHead(200, { etag: '"c1"' }).end(cars);
    await fixtureTenant('sync-same', `${base}/cars-same.json`);
    // First read fills the cache; the live site is then stamped as built from exactly that feed.
    const { conditionalFetch: fetchOnce, digestOf } = await import('../../platform/sync/fetch');
    await fetchOnce(
      `${base}/cars-same.json`,
      path.join(work, 'cache', 'sync-same', 'feeds'),
      'cars',
    );
    const tenant = await loadTenant('sync-same', root);
    await fakeLiveSite(
      'sync-same',
      await tenantInputsHash(tenant, {
        [`${base}/cars-same.json`]: digestOf(new Uint8Array(cars)),
      }),
    );
    requests.length = 0;
    const result = await syncTenant('sync-same');
    expect(result.line).toMatch(/^sync-same: unchanged \(\d+\.\d s\)$/);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.['if-none-match']).toBe('"c1"');
  });
});

describe('npm start while serving', () => {
  it('syncs a tenant when its local feed file changes, once for a burst of writes', async () => {
    const feed = path.join(work, 'feeds', 'watched.json');
    cpSync(path.join(root, 'tests/fixtures/feeds/mini/cars.json'), feed);
    await fixtureTenant('watched', feed);
    await fakeLiveSite('watched', await tenantInputsHash(await loadTenant('watched', root)));
    const lines: string[] = [];
    const stop = await rebuildOnChange(['watched'], (line) => lines.push(line));
    try {
      // An emptied feed: the sync it starts refuses it without a build, so the test stays fast.
      for (let i = 0; i < 3; i++) writeFileSync(feed, '[]');
      await expect
        .poll(() => lines.filter((line) => /^(not synced: )?watched:/.test(line)), {
          timeout: 10_000,
        })
        .toHaveLength(1);
      expect(lines[0]).toContain('the feed has no records');
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(lines.filter((line) => /^(not synced: )?watched:/.test(line))).toHaveLength(1);
    } finally {
      stop();
    }
  });
});

describe('sync interval', () => {
  it('is the tenant file setting, else --interval, else 60 s', async () => {
    expect(parseInterval([])).toBe(60);
    expect(parseInterval(['--watch', '--interval=5'])).toBe(5);
    expect(() => parseInterval(['--interval=soon'])).toThrow('expected --interval=<seconds>');
    expect(syncInterval({ sync: { interval_seconds: 30 } }, 5)).toBe(30);
    expect(syncInterval({ sync: {} }, 5)).toBe(5);
  });
});
