import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { isolateBuild } from '../support/isolated-build';
import { storeKinds } from '../support/stores';

/**
 * The production stack as `npm run stack` starts it (platform/stack/start.ts), for two dealers:
 * Varnish (the CDN layer) in front of Caddy (the edge), two API instances, the outbox worker and a
 * sync worker on the PostgreSQL job queue. Through the CDN layer: each dealer's own site, a
 * reservation, and a car marked sold in one dealer's feed. The sync publishes it, and the page,
 * the search index and the listing feeds the CDN layer had cached change (Varnish keeps them a
 * day, so only a purge does that) while the other dealer's cached pages stay cached.
 */
const root = path.resolve(import.meta.dirname, '../..');
// Read before isolateBuild, which unsets DATABASE_URL for the build modules.
const postgres = storeKinds().find((kind) => kind.name === 'postgres')!;
const work = isolateBuild('stack-sync-');
// varnishd reads its VCL as its own user.
chmodSync(work, 0o755);
const { buildSites } = await import('../../platform/build/build-all');
const { loadTenant } = await import('../../src/tenant/load');
const { startStack } = await import('../../platform/stack/start');

type Car = Record<string, unknown> & { id: number; slug: string; status: string };
const miniCar = (
  JSON.parse(readFileSync(path.join(root, 'tests/fixtures/feeds/mini/cars.json'), 'utf8')) as Car[]
)[0]!;
const DEALERS = ['stack-north', 'stack-south'] as const;
/** Six listed cars per dealer, with the VIN and price the listing feeds need. */
const carsOf = (base: number): Car[] =>
  [1, 2, 3, 4, 5, 6].map((n) => ({
    ...miniCar,
    id: base + n,
    slug: `2024-toyota-rav4-gxl-${base + n}`,
    stocknum: `S${base + n}`,
    vin: `JTMW1RFV0PD${String(base + n).padStart(6, '0')}`,
    price: 40_000 + n * 1_000,
    images: [{ image: { url: `https://photos.example.com.au/${base + n}.jpg` } }],
  }));
const feeds = { 'stack-north': carsOf(70_000), 'stack-south': carsOf(71_000) };
const feedFile = (slug: string) => path.join(work, 'feeds', `${slug}.json`);
/** Written aside and renamed in, as a feed host's file appears whole. */
function writeFeed(slug: (typeof DEALERS)[number]) {
  writeFileSync(`${feedFile(slug)}.tmp`, JSON.stringify(feeds[slug]));
  renameSync(`${feedFile(slug)}.tmp`, feedFile(slug));
}

let stack: Awaited<ReturnType<typeof startStack>> | undefined;
let disposeStore = async () => {};
const log: string[] = [];

async function get(slug: string, pathname: string) {
  const response = await fetch(`${stack!.url(slug)}${pathname}`);
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    body: await response.text(),
  };
}
function post(slug: string, pathname: string, body: unknown) {
  return fetch(`${stack!.url(slug)}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
const reserve = (carId: number, key: string) => ({
  form: 'reserve',
  idempotency_key: key,
  started_at: Date.now() - 20_000,
  website: '',
  car_id: carId,
  fields: {
    name: 'Jo',
    last_name: 'Citizen',
    phone: '0412 345 678',
    email: 'jo@example.com',
    postcode: '4000',
  },
});
/** A URL fetched twice, so the CDN layer holds it: the second answer must come from its cache. */
async function cached(slug: string, pathname: string) {
  await get(slug, pathname);
  const second = await get(slug, pathname);
  expect([pathname, second.status, second.cache]).toEqual([pathname, 200, 'HIT']);
  return second.body;
}

beforeAll(async () => {
  if (!postgres.available) return;
  mkdirSync(path.join(work, 'tenants'), { recursive: true });
  mkdirSync(path.join(work, 'feeds'), { recursive: true });
  for (const slug of DEALERS) {
    writeFeed(slug);
    writeFileSync(
      path.join(work, 'tenants', `${slug}.yaml`),
      readFileSync(path.join(root, 'tests/fixtures/tenants/valid/fixture-dealer.yaml'), 'utf8')
        .replace('slug: fixture-dealer', `slug: ${slug}`)
        .replace(
          'name: Fixture Motors',
          `name: ${slug === 'stack-north' ? 'North' : 'South'} Motors`,
        )
        .replace('https://www.fixture.example.com.au', `https://www.${slug}.example.com.au`)
        .replace('cars: tests/fixtures/feeds/mini/cars.json', `cars: ${feedFile(slug)}`)
        // A car sold today stays listed, marked SOLD; reservations and both listing feeds on.
        .concat(
          'stock:\n  include_sold_cars_days: 7\nfeatures:\n  reserve: true\nsyndication: { google: true, meta: true }\n',
        ),
    );
  }
  await buildSites({ slugs: [...DEALERS], log: () => {} });
  const opened = await postgres.open();
  disposeStore = opened.dispose;
  const [edge, api1, api2, north, south] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const cdnPorts: Record<string, number> = { 'stack-north': north, 'stack-south': south };
  stack = await startStack({
    tenants: await Promise.all(DEALERS.map((slug) => loadTenant(slug, root))),
    root,
    work: path.join(work, 'stack'),
    databaseUrl: opened.env.DATABASE_URL!,
    ports: { edge, api: [api1, api2], cdn: (slug) => cdnPorts[slug]! },
    env: {
      ...process.env,
      SYNC_QUEUE_SCHEMA: `stack_sync_${process.pid}_${Date.now()}`,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    },
    syncArgs: ['--interval=2'],
    print: (line) => log.push(line),
  });
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await disposeStore();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!postgres.available)(
  'the stack through the CDN layer, with a sync worker on the queue',
  () => {
    it('serves each dealer its own site, and takes one reservation per car', async () => {
      expect((await get('stack-north', '/')).body).toContain('North Motors');
      expect((await get('stack-south', '/')).body).toContain('South Motors');
      const carId = feeds['stack-north'][5]!.id;
      const first = await post('stack-north', '/api/reserve', reserve(carId, 'stack-reserve-0001'));
      expect(first.status, log.slice(-40).join('\n')).toBe(201);
      expect(await first.json()).toMatchObject({ deposit: '$200' });
      const second = await post(
        'stack-north',
        '/api/reserve',
        reserve(carId, 'stack-reserve-0002'),
      );
      expect(second.status).toBe(409);
    });

    it(
      'a car sold in the feed: its page, the search index and the listing feeds change, purged; the other dealer stays cached',
      { timeout: 150_000 },
      async () => {
        const sold = feeds['stack-north'][0]!;
        const page = `/cars/${sold.slug}/`;
        const FEEDS = ['/feeds/google-vehicle-listings.xml', '/feeds/meta-vehicles.xml'];
        expect(await cached('stack-north', page)).not.toContain('data-status="sold"');
        await cached('stack-north', '/search-index.json');
        for (const feed of FEEDS)
          expect(await cached('stack-north', feed)).toContain(`/cars/${sold.slug}<`);
        const southPage = `/cars/${feeds['stack-south'][0]!.slug}/`;
        await cached('stack-south', southPage);
        await cached('stack-south', '/search-index.json');

        feeds['stack-north'] = feeds['stack-north'].map((car) =>
          car.id === sold.id
            ? {
                ...car,
                status: 'sold',
                sold: true,
                sold_date_timestamp: Math.floor(Date.now() / 1000),
              }
            : car,
        );
        writeFeed('stack-north');

        const indexStatus = async () => {
          const index = JSON.parse((await get('stack-north', '/search-index.json')).body) as {
            columns: Record<string, unknown[]>;
          };
          return index.columns.status![index.columns.slug!.indexOf(sold.slug)];
        };
        await expect
          .poll(async () => (await get('stack-north', page)).body.includes('data-status="sold"'), {
            timeout: 120_000,
            interval: 500,
          })
          .toBe(true);
        await expect.poll(indexStatus, { timeout: 10_000 }).toBe('sold');
        for (const feed of FEEDS)
          await expect
            .poll(
              async () => (await get('stack-north', feed)).body.includes(`/cars/${sold.slug}<`),
              { timeout: 10_000 },
            )
            .toBe(false);
        // The publish purged only its own dealer's URLs.
        expect((await get('stack-south', southPage)).cache).toBe('HIT');
        expect((await get('stack-south', '/search-index.json')).cache).toBe('HIT');
        // The live stock agrees: the sold car cannot be reserved.
        expect(
          (await post('stack-north', '/api/reserve', reserve(sold.id, 'stack-reserve-0003')))
            .status,
        ).toBe(409);
      },
    );
  },
);
