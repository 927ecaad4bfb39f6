import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolateBuild } from '../support/isolated-build';

const root = path.resolve(import.meta.dirname, '../..');
const work = isolateBuild('cdn-publish-');
// One build time for every build here: a full build of the same feeds then writes the same bytes.
process.env.SOURCE_DATE_EPOCH = String(Math.floor(Date.now() / 1000));

const { buildSites } = await import('../../platform/build/build-all');
const { syncTenant } = await import('../../platform/sync/sync-tenant');
const { urlPathsOfFile } = await import('../../platform/cdn/urls');

const slug = 'cdn-dealer';
const host = 'www.fixture.example.com.au';
const KEY = '5f1c0b7e8d2a4c6e9b3a7d1f0e2c4a68';
const feed = path.join(work, 'feeds', 'cars.json');
type Car = Record<string, unknown> & { id: number; slug: string; price?: number };
const [toyota, mazda] = JSON.parse(
  readFileSync(path.join(root, 'tests/fixtures/feeds/mini/cars.json'), 'utf8'),
) as Car[];
const cars: Car[] = Array.from({ length: 12 }, (_, n) => ({
  ...(n % 2 ? mazda! : toyota!),
  id: 80_000 + n,
  slug: `${n % 2 ? '2019-mazda-cx-5-maxx' : '2024-toyota-rav4-gxl'}-${80_000 + n}`,
  stocknum: `C${n}`,
  price: 30_000 + n * 1_000,
  vin: `JTMW1RFV${String(80_000 + n).padStart(9, '0')}`,
}));

mkdirSync(path.join(work, 'tenants'), { recursive: true });
mkdirSync(path.dirname(feed), { recursive: true });
writeFileSync(
  path.join(work, 'tenants', `${slug}.yaml`),
  readFileSync(path.join(root, 'tests/fixtures/tenants/valid/fixture-dealer.yaml'), 'utf8')
    .replace('slug: fixture-dealer', `slug: ${slug}`)
    .replace('cars: tests/fixtures/feeds/mini/cars.json', `cars: ${feed}`) +
    `syndication:\n  google: true\n  meta: true\n  indexnow_key: ${KEY}\n`,
);
writeFileSync(feed, JSON.stringify(cars));

/** Stands for both the cache layer (PURGE) and IndexNow (POST): records what each is sent. */
const purged: string[] = [];
const announced: string[][] = [];
let receiver: Server;
beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'PURGE') purged.push(`${req.headers.host}${req.url}`);
      else announced.push((JSON.parse(body) as { urlList: string[] }).urlList);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  process.env.CDN_PURGE = `varnish:${base}`;
  process.env.INDEXNOW_ENDPOINT = `${base}/indexnow`;
});
afterAll(() => {
  receiver.close();
  rmSync(work, { recursive: true, force: true });
});

const site = path.join(work, 'dist', slug);
function filesOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile())
      files.set(
        path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        readFileSync(path.join(entry.parentPath, entry.name)),
      );
  return files;
}
/** The files a user would see differ between two copies of the site: changed, new or gone. */
function differing(before: Map<string, Buffer>, after: Map<string, Buffer>): string[] {
  const files = new Set([...before.keys(), ...after.keys()]);
  return [...files]
    .filter(
      (file) =>
        !before.get(file)?.equals(after.get(file) ?? Buffer.alloc(0)) ||
        !after.has(file) ||
        !before.has(file),
    )
    .sort();
}
/** Every URL a cache may hold those files under, as host + path. */
const urlsOf = (files: string[]) =>
  files
    .filter((file) => file !== '_headers' && !file.startsWith('_astro/'))
    .flatMap(urlPathsOfFile)
    .map((urlPath) => `${host}${urlPath}`)
    .sort();
const carPage = (car: Car) => `${host}/cars/${car.slug}/`;
const sync = async () => {
  purged.length = 0;
  announced.length = 0;
  const before = filesOf(site);
  const result = await syncTenant(slug, { announce: true, log: () => {} });
  return { result, changed: differing(before, filesOf(site)) };
};
const writeFeed = (change: (car: Car) => Car) => {
  cars.splice(0, cars.length, ...cars.map(change));
  writeFileSync(feed, JSON.stringify(cars));
};

describe('a publish purges exactly the URLs whose bytes changed', () => {
  it(
    'first build: no live site to compare with, nothing purged',
    { timeout: 300_000 },
    async () => {
      const lines: string[] = [];
      await buildSites({ slugs: [slug], log: (line) => lines.push(line) });
      expect(purged).toEqual([]);
      expect(lines).toContain(
        '  ! CDN not purged: no earlier site here to compare with (purge it by hand if the CDN held an older copy)',
      );
    },
  );

  it(
    'a full rebuild of the same feeds compares every file, finds no byte changed and purges nothing',
    { timeout: 300_000 },
    async () => {
      purged.length = 0;
      const before = filesOf(site);
      const lines: string[] = [];
      await buildSites({ slugs: [slug], log: (line) => lines.push(line) });
      expect(differing(before, filesOf(site))).toEqual([]);
      expect(purged).toEqual([]);
      expect(lines.at(-1)).toMatch(/; nothing to purge$/);
    },
  );

  it('a sync with nothing changed sends no request at all', { timeout: 120_000 }, async () => {
    // (This first sync after `npm run build` only records the stock it starts from.)
    const { result, changed } = await sync();
    expect(result.outcome).toBe('unchanged');
    expect(changed).toEqual([]);
    expect(purged).toEqual([]);
    expect(announced).toEqual([]);
  });

  it(
    "one car's price: its page, the listings and feeds that show the price, the search index; no other car",
    { timeout: 300_000 },
    async () => {
      const target = cars[2]!;
      const oldPrice = '32,000';
      const feedsWithPrice = [...filesOf(site)]
        .filter(([file, bytes]) => file.startsWith('feeds/') && bytes.toString().includes('32000'))
        .map(([file]) => file);
      writeFeed((car) => (car.id === target.id ? { ...car, price: 31_490 } : car));
      const { result, changed } = await sync();

      expect(result.line).toMatch(
        new RegExp(
          `^${slug}: 1 price change -> rebuilt in [\\d.]+ s; purged ${purged.length} URLs \\(varnish\\); announced \\d+ pages? to IndexNow \\(200\\)$`,
        ),
      );
      expect(purged.sort()).toEqual(urlsOf(changed));
      expect(purged).toContain(carPage(target));
      expect(purged).toContain(`${host}/search-index.json`);
      expect(purged.filter((url) => url.startsWith(`${host}/search/`)).length).toBeGreaterThan(0);
      expect(feedsWithPrice.length).toBeGreaterThan(0);
      for (const file of feedsWithPrice) expect(purged).toContain(`${host}/${file}`);
      for (const other of cars.filter((car) => car.id !== target.id))
        expect(purged).not.toContain(carPage(other));
      expect(
        readFileSync(path.join(site, 'cars', target.slug, 'index.html'), 'utf8'),
      ).not.toContain(oldPrice);

      // IndexNow hears of the pages only: absolute, one form each, no JSON or XML.
      expect(announced).toHaveLength(1);
      expect(announced[0]).toContain(`https://${host}/cars/${target.slug}`);
      for (const url of announced[0]!) {
        expect(url).not.toMatch(/\.(json|xml|txt)$/);
        expect(purged).toContain(url.replace('https://', ''));
      }
    },
  );

  it(
    'a sold car: its page and the listings that showed it; a car gone from the feed: its pages, now 404s',
    { timeout: 300_000 },
    async () => {
      const sold = cars[4]!;
      const gone = cars[7]!;
      writeFeed((car) => (car.id === sold.id ? { ...car, status: 'sold' } : car));
      cars.splice(cars.indexOf(gone), 1);
      writeFileSync(feed, JSON.stringify(cars));
      const { result, changed } = await sync();
      expect(result.outcome).toBe('rebuilt');
      expect(purged.sort()).toEqual(urlsOf(changed));
      expect(purged).toContain(carPage(sold));
      expect(purged).toContain(carPage(gone));
      expect(purged).toContain(`${host}/search-index.json`);
      expect(
        changed.filter((file) => file.startsWith(`cars/${gone.slug}/`)).length,
      ).toBeGreaterThan(0);
      for (const other of cars.filter((car) => car.id !== sold.id))
        expect(purged).not.toContain(carPage(other));
      expect(announced[0]).toEqual(
        expect.arrayContaining([
          `https://${host}/cars/${sold.slug}`,
          `https://${host}/cars/${gone.slug}`,
        ]),
      );
      // The gone car's checkout page is a 404 too, purged, but announced once, with the car's page.
      expect(announced[0]!.filter((url) => url.includes(gone.slug))).toEqual([
        `https://${host}/cars/${gone.slug}`,
      ]);
    },
  );
});
