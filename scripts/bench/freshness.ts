/**
 * npm run bench:freshness [-- --cars=1000] [--interval=5]
 * How long a change in a dealer's stock feed takes to reach the site under
 * `npm run sync -- --watch --interval=5`: a generated dealer tenant (--cars cars, all for sale)
 * reads a local cars feed; one car is marked sold, one changes price, one is added, then 10 cars
 * change price at once. For each it prints the seconds from the feed write until (a) the API's
 * live stock says so (view.json's car_fields: what reserve, buy-online and payments check), (b) the
 * car page HTML served by the local server says so, (c) /search-index.json says so. Then the time
 * of a sync with nothing changed, and a reserve of the sold car (a 409 expected). Works in a
 * temporary folder (its own tenants, feeds, dist/, .build/ and SQLite file); E2E_PORT sets the
 * local server's port (default 5600).
 *
 * --stack: the same through the production stack (platform/stack): a PostgreSQL cluster of its
 * own in the temporary folder, two API instances, a sync worker on the job queue (--interval),
 * Caddy and Varnish; every probe goes through the CDN layer (Varnish). It adds (d) the listing
 * feeds and (e) the search page in Chromium, opened before the change and left open (its cards
 * correct themselves from the live index). STACK_BASE_PORT sets the ports' base (default 5700).
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { optionValue } from '../lib/cli-options';
import type { StackSearch } from './freshness-stack';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'freshness-'));
const carCount = Number(optionValue(process.argv, 'cars') ?? 1000);
const interval = Number(optionValue(process.argv, 'interval') ?? 5);
const slug = `freshness-${carCount}`;
const port = Number(process.env.E2E_PORT ?? 5600);
const stackMode = process.argv.includes('--stack');
// varnishd and PostgreSQL run as their own users: they must be able to read the folder.
if (stackMode) chmodSync(work, 0o755);
Object.assign(process.env, {
  TENANTS_DIR: path.join(work, 'tenants'),
  DIST_DIR: path.join(work, 'dist'),
  BUILD_CACHE_DIR: path.join(work, 'cache'),
  FEED_ROOTS: path.join(work, 'feeds'),
  LEADS_DB_FILE: path.join(work, 'leads.sqlite'),
  LEADS_RATE_LIMITS: 'off',
});
delete process.env.DATABASE_URL;
const { startLocalServer } = await import('../../platform/serve/local-server');
const { buildSites } = await import('../../platform/build/build-all');
const { generateCars } = await import('../sample-data');
const { startBenchStack } = await import('./freshness-stack');

type Car = Record<string, unknown> & {
  id: number | string;
  slug: string;
  status: string;
  price?: number;
};
const feedFile = path.join(work, 'feeds', 'cars.json');
const locationsFile = path.join(work, 'feeds', 'locations.json');
let cars = generateCars({
  count: carCount,
  seed: 7,
  now: new Date().toISOString(),
  tenant: 'dealer',
}).map((car) => ({
  ...car,
  status: 'in_stock',
  sold: false,
  reserved: false,
  show_on_dealer_website: true,
})) as unknown as Car[];
// Written aside and renamed in, as a feed host's file appears whole: a sync must not read half of it.
const writeFeed = () => {
  writeFileSync(`${feedFile}.tmp`, JSON.stringify(cars));
  renameSync(`${feedFile}.tmp`, feedFile);
};

mkdirSync(path.dirname(feedFile), { recursive: true });
mkdirSync(path.join(work, 'tenants'), { recursive: true });
writeFileSync(
  locationsFile,
  readFileSync(path.join(root, 'data/demo/bayside-toyota/locations.json')),
);
writeFileSync(
  path.join(work, 'tenants', `${slug}.yaml`),
  [
    'template: dealer',
    `slug: ${slug}`,
    'name: Freshness Motors',
    'url: https://freshness.example.com.au',
    'description: A generated dealer used to measure how fast stock changes reach the site.',
    // The base port itself (PORT moves local_port by PORT - 4321): the bench's URLs use E2E_PORT.
    'local_port: 4321',
    'theme:',
    '  colours:',
    '    primary: "#0b5cad"',
    'features:',
    '  reserve: true',
    // The listing feeds are among what a sale changes through the stack (column d).
    ...(stackMode ? ['syndication: { google: true, meta: true }'] : []),
    'stock:',
    // A car sold today stays on the site, marked SOLD (with 0 days it would leave the site instead).
    '  include_sold_cars_days: 7',
    'feeds:',
    `  cars: ${feedFile}`,
    `  locations: ${locationsFile}`,
    '',
  ].join('\n'),
);
writeFeed();

let site = `http://localhost:${port}`;
const cleanups: (() => Promise<void> | void)[] = [
  () => rmSync(work, { recursive: true, force: true }),
];
let finishing: Promise<never> | undefined;
// Once, whichever comes first (the end, an error, Ctrl-C): newest first, the folder last.
const finish = (code: number) =>
  (finishing ??= (async () => {
    for (const cleanup of [...cleanups].reverse())
      await Promise.resolve()
        .then(cleanup)
        .catch((error: Error) => console.error(`cleanup: ${error.message}`));
    process.exit(code);
  })());
// Ctrl-C stops what the bench started (the stack's processes, its PostgreSQL, Chromium).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void finish(1));
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

try {
  console.log(`Building ${slug} (${cars.length} cars) in full ...`);
  const buildStarted = performance.now();
  await buildSites({ slugs: [slug], log: () => {} });
  const fullBuildS = (performance.now() - buildStarted) / 1000;
  const syncLines: string[] = [];
  let stackSearch: StackSearch | undefined;
  if (stackMode) {
    const stack = await startBenchStack({ slug, root, work, interval, syncLines, cleanups });
    site = stack.url;
    stackSearch = stack.search;
  } else {
    const server = await startLocalServer({ slugs: [slug], allSlugs: [slug], basePort: port });
    cleanups.push(() => server.close());
  }
  const listed = cars.filter((car) =>
    existsSync(path.join(work, 'dist', slug, 'cars', car.slug, 'index.html')),
  );
  // Through the stack, the changed cars are the search page's first two cards: the shopper's open page shows them.
  const onSearchPage = stackSearch ? await stackSearch.firstCards() : [];
  const [soldCar, pricedCar] =
    onSearchPage.length >= 2
      ? onSearchPage.map((id) => listed.find((car) => String(car.id) === id)!)
      : listed;
  if (!soldCar || !pricedCar) throw new Error('the generated feed has too few listed cars');

  if (!stackMode) {
    const sync = spawn(
      path.join(root, 'node_modules/.bin/tsx'),
      ['scripts/sync.ts', slug, '--watch', `--interval=${interval}`],
      {
        cwd: root,
        env: process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    sync.stdout.on('data', (chunk: Buffer) =>
      syncLines.push(...chunk.toString().split('\n').filter(Boolean)),
    );
    sync.stderr.on('data', (chunk: Buffer) =>
      syncLines.push(...chunk.toString().split('\n').filter(Boolean)),
    );
    cleanups.push(() => void sync.kill());
  }
  const waitFor = async (
    test: () => Promise<boolean> | boolean,
    timeoutS = 900,
  ): Promise<number> => {
    const started = performance.now();
    while (!(await test())) {
      if (performance.now() - started > timeoutS * 1000) return Number.NaN;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return (performance.now() - started) / 1000;
  };
  // Let the first sync record the stock it starts from, and the watch warm its render threads up
  // (a watch runs for hours before a dealer's change comes).
  await waitFor(() =>
    syncLines.some(
      (line) => line.startsWith(`${slug}:`) || line.startsWith(`not synced: ${slug}:`),
    ),
  );
  await waitFor(() => syncLines.some((line) => line.includes('render threads')), 120);

  const pageHtml = async (car: Car) => {
    const response = await fetch(`${site}/cars/${car.slug}/`);
    return response.status === 200 ? response.text() : '';
  };
  // Through the stack the API's limits are on: view.json takes 60 calls a minute from one address
  // (the bench's), so there it is asked at most every 1.2 s, whichever car.
  let nextView = 0;
  const liveFields = async (car: Car) => {
    if (stackMode) {
      if (performance.now() < nextView) return undefined;
      nextView = performance.now() + 1_200;
    }
    // Sec-Fetch-Dest: image, so the probe is not counted as a view.
    const response = await fetch(`${site}/api/cars/${car.slug}/view.json?photos_count=0`, {
      headers: { 'sec-fetch-dest': 'image' },
    });
    return response.status === 200
      ? (
          (await response.json()) as {
            car_fields: { status: string; sold: boolean; price: number };
          }
        ).car_fields
      : undefined;
  };
  const indexEntries = async () => {
    const index = (await (await fetch(`${site}/search-index.json`)).json()) as {
      columns: Record<string, unknown[]>;
    };
    const slugs = index.columns.slug!;
    return (car: Car) => {
      const at = slugs.indexOf(car.slug);
      return at < 0
        ? undefined
        : { status: index.columns.status![at], price: index.columns.price![at] };
    };
  };
  const money = (value: number) => `$${value.toLocaleString('en-AU')}`;
  // The car's item in each listing feed ('' when it is not listed); the feeds are the CDN's copies.
  const feedItems = async (car: Car) =>
    Promise.all(
      ['google-vehicle-listings.xml', 'meta-vehicles.xml'].map(async (file) => {
        const xml = await (await fetch(`${site}/feeds/${file}`)).text();
        return (
          xml.split(/<item>|<listing>/).find((item) => item.includes(`/cars/${car.slug}<`)) ?? ''
        );
      }),
    );
  type Key = 'stock' | 'page' | 'index' | 'feeds' | 'search';
  type Probe = Partial<Record<Key, () => Promise<boolean>>>;
  const rows: { label: string; seen: Partial<Record<Key, number>>; load: string }[] = [];

  async function measure(label: string, change: () => void, probe: Probe) {
    change();
    writeFeed();
    const changed = performance.now();
    const since = () => (performance.now() - changed) / 1000;
    const keys = (Object.keys(probe) as Key[]).filter((key) => probe[key]);
    const seen: Partial<Record<Key, number>> = Object.fromEntries(
      keys.map((key) => [key, Number.NaN]),
    );
    await waitFor(async () => {
      for (const key of keys)
        if (Number.isNaN(seen[key]) && (await probe[key]!())) seen[key] = since();
      return keys.every((key) => !Number.isNaN(seen[key]));
    });
    rows.push({ label, seen, load: load() });
    console.log(`  ${label}: ${keys.map((key) => `${key} ${seen[key]!.toFixed(1)} s`).join(', ')}`);
    // The next change waits for this one's sync to finish.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const feedsSay = (car: Car, test: (item: string) => boolean) => async () =>
    (await feedItems(car)).every(test);
  if (stackMode && !(await feedItems(soldCar)).every((item) => item !== ''))
    throw new Error(`the listing feeds do not list ${soldCar.slug} before the sale`);
  const searchSays = (car: Car, shown: 'sold' | string) =>
    stackSearch ? () => stackSearch.cardShows(String(car.id), shown) : undefined;

  const now = Math.floor(Date.now() / 1000);
  await measure(
    `mark sold (${soldCar.slug})`,
    () =>
      (cars = cars.map((car) =>
        car.id === soldCar.id
          ? { ...car, status: 'sold', sold: true, sold_date_timestamp: now }
          : car,
      )),
    {
      stock: async () => (await liveFields(soldCar))?.sold === true,
      page: async () => (await pageHtml(soldCar)).includes('data-status="sold"'),
      index: async () => (await indexEntries())(soldCar)?.status !== 'in_stock',
      ...(stackMode && {
        feeds: feedsSay(soldCar, (item) => item === ''),
        search: searchSays(soldCar, 'sold'),
      }),
    },
  );
  const newPrice = (pricedCar.price ?? 30_000) + 1_234;
  await measure(
    `price change (${pricedCar.slug})`,
    () => (cars = cars.map((car) => (car.id === pricedCar.id ? { ...car, price: newPrice } : car))),
    {
      stock: async () => (await liveFields(pricedCar))?.price === newPrice,
      page: async () => (await pageHtml(pricedCar)).includes(money(newPrice)),
      index: async () => (await indexEntries())(pricedCar)?.price === newPrice,
      ...(stackMode && {
        feeds: feedsSay(pricedCar, (item) => item.includes(`${newPrice}`)),
        search: searchSays(pricedCar, money(newPrice)),
      }),
    },
  );
  const newCar: Car = {
    ...pricedCar,
    id: 999_001,
    slug: `${pricedCar.slug}-new-999001`,
    stocknum: 'NEW999001',
    vin: 'JTMABCDE9NEW99901',
    price: 41_990,
  };
  await measure(`new car (${newCar.slug})`, () => (cars = [...cars, newCar]), {
    stock: async () => (await liveFields(newCar))?.status === 'in_stock',
    page: async () => (await pageHtml(newCar)).length > 0,
    index: async () => (await indexEntries())(newCar)?.status === 'in_stock',
    ...(stackMode && { feeds: feedsSay(newCar, (item) => item !== '') }),
  });
  const ten = listed.slice(2, 12);
  const tenPrice = (car: Car) => (car.price ?? 30_000) + 777;
  const confirmed = new Set<Car['id']>();
  const tenInFeeds = stackMode
    ? (
        await Promise.all(
          ten.map(async (car) =>
            (await feedItems(car)).every((item) => item !== '') ? [car] : [],
          ),
        )
      ).flat()
    : [];
  await measure(
    `10 cars change price`,
    () =>
      (cars = cars.map((car) =>
        ten.some((one) => one.id === car.id) ? { ...car, price: tenPrice(car) } : car,
      )),
    {
      stock: async () => {
        // One car per call (view.json's limit through the stack); each confirmed car is not asked again.
        for (const car of ten.filter((one) => !confirmed.has(one.id))) {
          const fields = await liveFields(car);
          if (fields?.price === tenPrice(car)) confirmed.add(car.id);
          else break;
        }
        return confirmed.size === ten.length;
      },
      page: async () =>
        (
          await Promise.all(
            ten.map(async (car) => (await pageHtml(car)).includes(money(tenPrice(car)))),
          )
        ).every(Boolean),
      index: async () => {
        const entry = await indexEntries();
        return ten.every((car) => entry(car)?.price === tenPrice(car));
      },
      ...(stackMode && {
        // Only the cars the feeds list (they leave out cars without a price or a VIN, and non-passenger ones).
        feeds: async () =>
          (
            await Promise.all(
              tenInFeeds.map((car) => feedsSay(car, (item) => item.includes(`${tenPrice(car)}`))()),
            )
          ).every(Boolean),
      }),
    },
  );

  // A sync with nothing changed: the next unchanged line of the watch.
  const before = syncLines.length;
  await waitFor(
    () => syncLines.slice(before).some((line) => line.includes('unchanged')),
    interval * 3 + 30,
  );
  const unchanged = syncLines.slice(before).find((line) => line.includes('unchanged'));

  // The reserve form for the car sold in the meantime (its page may be a cached copy).
  const reserve = await fetch(`${site}/api/reserve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      form: 'reserve',
      idempotency_key: `bench-${Date.now()}`,
      started_at: Date.now() - 20_000,
      website: '',
      car_id: soldCar.id,
      fields: {
        name: 'Jo',
        last_name: 'Citizen',
        phone: '0412345678',
        email: 'jo@example.com',
        postcode: '4000',
      },
    }),
  });
  const reserveAnswer = `${reserve.status} ${JSON.stringify(await reserve.json())}`;

  const fmt = (s: number) => (Number.isNaN(s) ? 'timed out' : `${s.toFixed(1)} s`);
  const where = stackMode
    ? `the stack (sync worker --interval=${interval}), through the CDN layer`
    : `npm run sync -- --watch --interval=${interval}`;
  console.log(`\nFreshness under ${where}, ${carCount} cars (seconds from the feed write):`);
  console.log(`  full build first: ${fullBuildS.toFixed(1)} s`);
  const columns: [Key, string][] = [
    ['stock', '(a) stock'],
    ['page', '(b) page'],
    ['index', '(c) index'],
    ...(stackMode
      ? ([
          ['feeds', '(d) feeds'],
          ['search', '(e) search'],
        ] as [Key, string][])
      : []),
  ];
  console.log(
    `  ${'change'.padEnd(58)} ${columns.map(([, title]) => title.padStart(10)).join(' ')}  load average`,
  );
  for (const row of rows)
    console.log(
      `  ${row.label.padEnd(58)} ${columns.map(([key]) => (key in row.seen ? fmt(row.seen[key]!) : '-').padStart(10)).join(' ')}  ${row.load}`,
    );
  if (stackMode) {
    console.log(
      '  (d) both listing feeds (Google, Meta); (e) the search page open in Chromium since before the change, its card for the car',
    );
    console.log(
      '  (a)-(d) are fetched through Varnish, which the sync worker purges after each publish',
    );
  }
  console.log(
    `  (a) is view.json's car_fields from the stock table, which reserve, buy-online and payment confirm against`,
  );
  console.log(`  reserve of the sold car afterwards: ${reserveAnswer}`);
  console.log(`  sync with nothing changed: ${unchanged ?? 'not seen'}`);
  console.log('\nSync log:');
  for (const line of syncLines) console.log(`  ${line}`);
  await finish(0);
} catch (error) {
  console.error(error);
  await finish(1);
}
