/**
 * npm run bench:freshness [-- --cars=40]
 * How long a change in a dealer's stock feed takes to reach the site under
 * `npm run sync -- --watch --interval=5`: a copy of the aurora-motors demo tenant reads a local
 * cars feed (its first --cars cars); one car is marked sold, one changes price, one is added, and
 * each time the seconds until the car page served by the local server and /search-index.json show
 * it are printed. Then the time of a sync with nothing changed. Works in a temporary folder
 * (its own tenants, feeds, dist/ and .build/); E2E_PORT sets the local server's port (default 5600).
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'freshness-'));
const slug = 'freshness-demo';
const carCount = Number(process.argv.find((arg) => arg.startsWith('--cars='))?.slice(7) ?? 40);
const port = Number(process.env.E2E_PORT ?? 5600);
Object.assign(process.env, {
  TENANTS_DIR: path.join(work, 'tenants'),
  DIST_DIR: path.join(work, 'dist'),
  BUILD_CACHE_DIR: path.join(work, 'cache'),
  FEED_ROOTS: path.join(work, 'feeds'),
});
const { startLocalServer } = await import('../lib/local-server');
const { buildSites } = await import('../lib/build-all');

type Car = Record<string, unknown> & { id: number; slug: string; status: string; price?: number };
const feedFile = path.join(work, 'feeds', 'cars.json');
const allCars = JSON.parse(readFileSync(path.join(root, 'data/demo/aurora-motors/cars.json'), 'utf8')) as Car[];
let cars = allCars.filter((car) => car.status === 'in_stock').slice(0, carCount);
const writeFeed = () => writeFileSync(feedFile, JSON.stringify(cars));

mkdirSync(path.dirname(feedFile), { recursive: true });
cpSync(path.join(root, 'tenants/content'), path.join(work, 'tenants/content'), { recursive: true });
writeFileSync(
  path.join(work, 'tenants', `${slug}.yaml`),
  readFileSync(path.join(root, 'tenants/aurora-motors.yaml'), 'utf8')
    .replace(/^slug: .*$/m, `slug: ${slug}`)
    .replace('cars: data/demo/aurora-motors/cars.json', `cars: ${feedFile}`)
    // A car sold today stays on the site, marked SOLD (with 0 days it would leave the site instead).
    .replace(/include_sold_cars_days: \d+/, 'include_sold_cars_days: 7'),
);
writeFeed();

const site = `http://localhost:${port}`;
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(work, { recursive: true, force: true })];
const finish = async (code: number) => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  process.exit(code);
};

try {
  console.log(`Building ${slug} (${cars.length} cars) ...`);
  await buildSites({ slugs: [slug], log: () => {} });
  const server = await startLocalServer({ slugs: [slug], allSlugs: [slug], basePort: port });
  cleanups.push(() => server.close());
  // Only listed cars have pages (stock selection): pick among those.
  const listed = cars.filter((car) => existsSync(path.join(work, 'dist', slug, 'cars', car.slug, 'index.html')));
  const [soldCar, pricedCar] = listed;
  if (!soldCar || !pricedCar) throw new Error('the demo feed has too few listed cars');

  const sync = spawn(path.join(root, 'node_modules/.bin/tsx'), ['scripts/sync.ts', slug, '--watch', '--interval=5'], {
    cwd: root,
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const syncLines: string[] = [];
  sync.stdout.on('data', (chunk: Buffer) => syncLines.push(...chunk.toString().split('\n').filter(Boolean)));
  sync.stderr.on('data', (chunk: Buffer) => syncLines.push(...chunk.toString().split('\n').filter(Boolean)));
  cleanups.push(() => void sync.kill());
  // Let the first sync record the stock it starts from.
  const waitFor = async (test: () => Promise<boolean> | boolean, timeoutS = 600): Promise<number> => {
    const started = performance.now();
    while (!(await test())) {
      if (performance.now() - started > timeoutS * 1000) return Number.NaN;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return (performance.now() - started) / 1000;
  };
  await waitFor(() => syncLines.some((line) => line.startsWith(`${slug}:`)));

  const page = async (car: Car) => {
    const response = await fetch(`${site}/cars/${car.slug}/`);
    return { status: response.status, html: await response.text() };
  };
  const indexEntry = async (car: Car) => {
    const index = (await (await fetch(`${site}/search-index.json`)).json()) as { columns: Record<string, unknown[]> };
    const at = index.columns.slug!.indexOf(car.slug);
    return at < 0 ? undefined : { status: index.columns.status![at], price: index.columns.price![at] };
  };
  const money = (value: number) => `$${value.toLocaleString('en-AU')}`;
  const rows: [string, number, number][] = [];

  async function measure(label: string, change: () => void, pageOk: () => Promise<boolean>, indexOk: () => Promise<boolean>) {
    change();
    writeFeed();
    const changed = performance.now();
    const since = () => (performance.now() - changed) / 1000;
    let pageS = Number.NaN;
    let indexS = Number.NaN;
    await waitFor(async () => {
      if (Number.isNaN(pageS) && (await pageOk())) pageS = since();
      if (Number.isNaN(indexS) && (await indexOk())) indexS = since();
      return !Number.isNaN(pageS) && !Number.isNaN(indexS);
    });
    rows.push([label, pageS, indexS]);
  }

  const now = Math.floor(Date.now() / 1000);
  await measure(
    `mark sold (${soldCar.slug})`,
    () => (cars = cars.map((car) => (car.id === soldCar.id ? { ...car, status: 'sold', sold: true, sold_date_timestamp: now } : car))),
    async () => (await page(soldCar)).html.includes('data-testid="sold-label"'),
    async () => (await indexEntry(soldCar))?.status !== 'in_stock',
  );
  const newPrice = (pricedCar.price ?? 30_000) - 1_234;
  await measure(
    `price change (${pricedCar.slug})`,
    () => (cars = cars.map((car) => (car.id === pricedCar.id ? { ...car, price: newPrice } : car))),
    async () => (await page(pricedCar)).html.includes(money(newPrice)),
    async () => (await indexEntry(pricedCar))?.price === newPrice,
  );
  const newCar: Car = { ...pricedCar, id: 999_001, slug: `${pricedCar.slug}-new-999001`, stocknum: 'NEW999001', price: 41_990 };
  await measure(
    `new car (${newCar.slug})`,
    () => (cars = [...cars, newCar]),
    async () => (await page(newCar)).status === 200,
    async () => (await indexEntry(newCar))?.status === 'in_stock',
  );

  // A sync with nothing changed: the next unchanged line of the watch.
  const before = syncLines.length;
  await waitFor(() => syncLines.slice(before).some((line) => line.includes('unchanged')), 30);
  const unchanged = syncLines.slice(before).find((line) => line.includes('unchanged'));

  const fmt = (s: number) => (Number.isNaN(s) ? 'timed out' : `${s.toFixed(1)} s`);
  console.log(`\nFreshness under npm run sync -- --watch --interval=5 (${cars.length} cars, seconds from the feed write):`);
  console.log(`  ${'change'.padEnd(60)} ${'car page'.padStart(10)} ${'search index'.padStart(13)}`);
  for (const [label, pageS, indexS] of rows) console.log(`  ${label.padEnd(60)} ${fmt(pageS).padStart(10)} ${fmt(indexS).padStart(13)}`);
  console.log('  reserve refused (POST /api/reserve): n/a (depends on the stock table in storage)');
  console.log(`  sync with nothing changed: ${unchanged ?? 'not seen'}`);
  console.log('\nSync log:');
  for (const line of syncLines) console.log(`  ${line}`);
  await finish(0);
} catch (error) {
  console.error(error);
  await finish(1);
}
