import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isolateBuild } from '../support/isolated-build';

const root = path.resolve(import.meta.dirname, '../..');
const work = isolateBuild('incremental-');
// One build time for every build here: pages that show the time then compare byte for byte.
process.env.SOURCE_DATE_EPOCH = '1782000000';

const { buildSites } = await import('../../platform/build/build-all');
const { syncTenant } = await import('../../platform/sync/sync-tenant');

const slug = 'partial-dealer';
const feed = path.join(work, 'feeds', 'cars.json');
type Car = Record<string, unknown> & { id: number; slug: string; make: string; price?: number };
const miniCars = JSON.parse(
  readFileSync(path.join(root, 'tests/fixtures/feeds/mini/cars.json'), 'utf8'),
) as Car[];
// The mini feed (two listed cars and some bad records) and four more listed cars like its first.
const fixtureCars = [
  ...miniCars,
  ...[1, 2, 3, 4].map((n) => ({
    ...miniCars[0]!,
    id: 80_000 + n,
    slug: `2024-toyota-rav4-gxl-8000${n}`,
    stocknum: `T800${n}`,
    price: 45_000 + n * 1_000,
  })),
];

mkdirSync(path.join(work, 'tenants'), { recursive: true });
mkdirSync(path.dirname(feed), { recursive: true });
writeFileSync(
  path.join(work, 'tenants', `${slug}.yaml`),
  readFileSync(path.join(root, 'tests/fixtures/tenants/valid/fixture-dealer.yaml'), 'utf8')
    .replace('slug: fixture-dealer', `slug: ${slug}`)
    .replace('cars: tests/fixtures/feeds/mini/cars.json', `cars: ${feed}`)
    // A car sold today stays listed, marked SOLD.
    .concat('stock:\n  include_sold_cars_days: 7\n'),
);
writeFileSync(feed, JSON.stringify(fixtureCars));

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every file under `dir` with its bytes, by relative path. */
function filesOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile())
      files.set(
        path.relative(dir, path.join(entry.parentPath, entry.name)),
        readFileSync(path.join(entry.parentPath, entry.name)),
      );
  return files;
}

/** Folders left empty (a full build writes none). */
function emptyFolders(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && readdirSync(path.join(entry.parentPath, entry.name)).length === 0,
    )
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

const site = path.join(work, 'dist', slug);
const page = (car: Pick<Car, 'slug'>) => path.join(site, 'cars', car.slug, 'index.html');

/** The site the sync left, then a fresh full build of the same feed in its place: every file byte for byte alike. */
async function expectSameAsFullBuild() {
  const partial = filesOf(site);
  const partialEmpty = emptyFolders(site);
  rmSync(path.join(work, 'cache', slug), { recursive: true, force: true });
  rmSync(site, { recursive: true, force: true });
  await buildSites({ slugs: [slug], log: () => {} });
  const full = filesOf(site);
  expect([...partial.keys()].sort()).toEqual([...full.keys()].sort());
  expect(
    [...full].filter(([file, bytes]) => !partial.get(file)?.equals(bytes)).map(([file]) => file),
  ).toEqual([]);
  expect(partialEmpty).toEqual([]);
}

async function sync(cars: Car[]): Promise<string> {
  writeFileSync(feed, JSON.stringify(cars));
  const lines: string[] = [];
  const result = await syncTenant(slug, { log: (line) => lines.push(line) });
  expect(result.outcome).toBe('rebuilt');
  return lines.join('\n');
}

describe('a sync renders only what changed', () => {
  it(
    'writes byte for byte what a full build writes, keeping the pages of unchanged cars',
    { timeout: 300_000 },
    async () => {
      await buildSites({ slugs: [slug], log: () => {} });
      // Four cars of one make and model: what the menus list of the stock stays the same.
      const [sold, repriced, removed, untouched] = fixtureCars.filter((car) => car.id > 80_000) as [
        Car,
        Car,
        Car,
        Car,
      ];
      for (const car of [sold, repriced, removed, untouched])
        expect(existsSync(page(car))).toBe(true);
      const untouchedPage = path.join(site, 'cars', untouched.slug, 'index.html');
      const before = readFileSync(untouchedPage);
      // A search page none of the changes below touch: its cars, and the counts its Make and Model
      // lists show (over the Mazdas, and over the CX-5s), stay as they are.
      const mazdaPage = path.join(site, 'search', 'mazda', 'cx-5', 'index.html');
      const mazdaFile = statSync(mazdaPage).ino;
      const toyotaPage = path.join(site, 'search', 'toyota', 'rav4', 'index.html');
      const toyotaFile = statSync(toyotaPage).ino;

      // One car sold, one new price, one gone from the feed.
      const cars = fixtureCars
        .filter((car) => car.id !== removed.id)
        .map((car) =>
          car.id === sold.id
            ? {
                ...car,
                status: 'sold',
                sold: true,
                sold_date_timestamp: Number(process.env.SOURCE_DATE_EPOCH) - 3600,
              }
            : car.id === repriced.id
              ? { ...car, price: 41_234 }
              : car,
        );
      const log = await sync(cars);
      expect(log).toMatch(
        /partial render: \d+ files rendered, [1-9]\d* cars' pages kept, [1-9]\d* search pages kept/,
      );
      expect(statSync(mazdaPage).ino).toBe(mazdaFile);
      expect(statSync(toyotaPage).ino).not.toBe(toyotaFile);
      expect(readFileSync(page(sold), 'utf8')).toContain('data-status="sold"');
      expect(readFileSync(page(repriced), 'utf8')).toContain('$41,234');
      expect(existsSync(page(removed))).toBe(false);
      // Kept: the very file of the last build (a hard link), not a new one.
      expect(readFileSync(untouchedPage).equals(before)).toBe(true);
      await expectSameAsFullBuild();

      // A new car of a make the site had none of (what the menus list of the stock may change).
      const newCar: Car = {
        ...repriced,
        id: 90_001,
        slug: '2023-mazda-cx-5-maxx-90001',
        make: 'Mazda',
        model: 'CX-5',
        stocknum: 'M90001',
      };
      expect(await sync([...cars, newCar])).toMatch(/partial render: \d+ files rendered/);
      expect(existsSync(page(newCar))).toBe(true);
      // The next sync renders on the threads of this one, which hold the last data: nothing of it may stay.
      const repriced2 = { ...newCar, price: 38_765 };
      const thirdLog = await sync([...cars.filter((car) => car.id !== untouched.id), repriced2]);
      expect(thirdLog).toMatch(
        /partial render: \d+ files rendered, \d+ cars' pages kept, \d+ search pages kept \(render threads kept from the last one\)/,
      );
      expect(readFileSync(page(newCar), 'utf8')).toContain('$38,765');
      expect(existsSync(page(untouched))).toBe(false);
      // And the make goes again: what the header and footer list (rendered once per render) follows.
      expect(await sync(cars.filter((car) => car.id !== untouched.id))).toMatch(
        /\(render threads kept from the last one\)/,
      );
      expect(existsSync(page(newCar))).toBe(false);
      await expectSameAsFullBuild();
    },
  );
});
