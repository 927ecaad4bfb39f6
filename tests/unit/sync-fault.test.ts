import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isolateBuild } from '../support/isolated-build';

const root = path.resolve(import.meta.dirname, '../..');
const work = isolateBuild('sync-fault-');

const { buildSites } = await import('../../platform/build/build-all');
const { syncTenant } = await import('../../platform/sync/sync-tenant');
const { openStore } = await import('../../api/storage/store');
const { stockOf } = await import('../../api/stock/stock');

const slug = 'fault-dealer';
const feed = path.join(work, 'feeds', 'cars.json');
type Car = Record<string, unknown> & { id: number; slug: string; price?: number };
const [first] = JSON.parse(
  readFileSync(path.join(root, 'tests/fixtures/feeds/mini/cars.json'), 'utf8'),
) as Car[];
const cars: Car[] = Array.from({ length: 40 }, (_, n) => ({
  ...first!,
  id: 70_000 + n,
  slug: `2024-toyota-rav4-gxl-${70_000 + n}`,
  stocknum: `F${n}`,
}));

mkdirSync(path.join(work, 'tenants'), { recursive: true });
mkdirSync(path.dirname(feed), { recursive: true });
writeFileSync(
  path.join(work, 'tenants', `${slug}.yaml`),
  readFileSync(path.join(root, 'tests/fixtures/tenants/valid/fixture-dealer.yaml'), 'utf8')
    .replace('slug: fixture-dealer', `slug: ${slug}`)
    .replace('cars: tests/fixtures/feeds/mini/cars.json', `cars: ${feed}`),
);
writeFileSync(feed, JSON.stringify(cars));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const site = path.join(work, 'dist', slug);
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
async function storedStock() {
  const store = await openStore();
  try {
    return await stockOf(store.driver, slug);
  } finally {
    await store.close();
  }
}

describe('a sync that dies half-way', () => {
  it(
    'leaves the live site and the stock as they were; the next sync completes',
    { timeout: 300_000 },
    async () => {
      await buildSites({ slugs: [slug], log: () => {} });
      const liveBefore = filesOf(site);
      const stockBefore = await storedStock();
      expect(stockBefore.find((car) => car.slug === cars[0]!.slug)?.price).toBe(first!.price);

      // Every car's price changes: the partial render writes many pages, and is killed while it does.
      writeFileSync(feed, JSON.stringify(cars.map((car) => ({ ...car, price: 39_990 }))));
      // One process (node with tsx's loader, not the tsx command, which runs node as its child), so the kill is the sync's.
      const sync = spawn(process.execPath, ['--import', 'tsx', 'scripts/sync.ts', slug], {
        cwd: root,
        env: process.env,
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => sync.once('exit', resolve));
      const rendering = path.join(
        work,
        'dist',
        `.tmp-${slug}`,
        'cars',
        cars[0]!.slug,
        'index.html',
      );
      const rendered = () => {
        try {
          return readFileSync(rendering, 'utf8').includes('$39,990');
        } catch {
          return false;
        }
      };
      const started = Date.now();
      // Killed once the partial render has written a page of the new prices into its copy.
      while (!rendered() && Date.now() - started < 120_000)
        await new Promise((resolve) => setTimeout(resolve, 5));
      expect(rendered()).toBe(true);
      sync.kill('SIGKILL');
      await exited;

      const liveAfter = filesOf(site);
      expect([...liveAfter.keys()].sort()).toEqual([...liveBefore.keys()].sort());
      expect(
        [...liveBefore]
          .filter(([file, bytes]) => !liveAfter.get(file)?.equals(bytes))
          .map(([file]) => file),
      ).toEqual([]);
      expect(await storedStock()).toEqual(stockBefore);

      const result = await syncTenant(slug, { log: () => {} });
      expect(result.outcome).toBe('rebuilt');
      expect(readFileSync(path.join(site, 'cars', cars[0]!.slug, 'index.html'), 'utf8')).toContain(
        '$39,990',
      );
      expect((await storedStock()).find((car) => car.slug === cars[0]!.slug)?.price).toBe(39_990);
      expect(existsSync(path.join(work, 'dist', `.tmp-${slug}`))).toBe(false);
    },
  );
});
