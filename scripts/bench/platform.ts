/**
 * npm run bench:platform [-- --tenants=100 --cars=300]
 * The platform at CI size: generates --tenants dealers of --cars cars each (seeded), and prints
 * (1) the full build of all of them, (2) `build --changed` with nothing changed, (3) `build
 * --changed` after one car's price changed in one dealer's feed. Works in a temporary folder
 * (tenants, feeds, dist, build cache, SQLite stock); nothing in tenants/ or dist/ is touched.
 * KEEP_BENCH=1 keeps the folder. The machine's load average is printed with each step.
 *
 * --workers=<n> [--changed=10]: the sync queue at platform size instead (./platform-workers.ts):
 * after the full build (--cars defaults to 30 here: the build is not what is measured), 1 to n
 * `npm run sync-worker` processes on a PostgreSQL cluster of the bench's own time a pass over
 * every tenant with nothing changed, and one after a car's price changed in --changed tenants'
 * feeds, until all of those are published and their purges have reached a local receiver.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { optionValue } from '../lib/cli-options';
import { ROOT } from '../../platform/paths';
import { writeBenchTenant } from './bench-tenant';
import { childrenCpuSeconds } from './process-tree-rss';
import { benchWorkers } from './platform-workers';
import { startLocalPostgres, type LocalDatabase } from '../../platform/stack/postgres';

const workers = optionValue(process.argv, 'workers');
const maxWorkers = workers === undefined ? 0 : Number(workers);
const changedCount = Number(optionValue(process.argv, 'changed') ?? 10);
const tenantCount = Number(optionValue(process.argv, 'tenants') ?? 100);
const carCount = Number(optionValue(process.argv, 'cars') ?? (maxWorkers ? 30 : 300));
if (
  workers !== undefined &&
  (!Number.isInteger(maxWorkers) ||
    maxWorkers < 1 ||
    !Number.isInteger(changedCount) ||
    changedCount < 1 ||
    changedCount > tenantCount)
) {
  console.error(
    '--workers= takes a whole number from 1, --changed= one from 1 to --tenants (e.g. --workers=2 --changed=10).',
  );
  process.exit(1);
}
if (
  !Number.isInteger(tenantCount) ||
  tenantCount < 1 ||
  !Number.isInteger(carCount) ||
  carCount < 1
) {
  console.error('--tenants= and --cars= take whole numbers (e.g. --tenants=100 --cars=300).');
  process.exit(1);
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-platform-'));
const tenantsDir = path.join(work, 'tenants');
const env = {
  ...process.env,
  TENANTS_DIR: tenantsDir,
  DIST_DIR: path.join(work, 'dist'),
  BUILD_CACHE_DIR: path.join(work, 'cache'),
  FEED_ROOTS: work,
  LEADS_DB_FILE: path.join(work, 'stock.sqlite'),
  DATABASE_URL: '',
};
let database: LocalDatabase | undefined;
if (maxWorkers) {
  // The queue and the stock live in PostgreSQL: a cluster of the bench's own (it runs as the postgres user).
  await chmod(work, 0o755);
  database = startLocalPostgres(work);
  env.DATABASE_URL = database.url;
}
const loadNow = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

interface Step {
  name: string;
  seconds: number;
  cpuSeconds: number;
  built: number;
  load: string;
}

async function build(name: string, args: string[]): Promise<Step> {
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/build.ts', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`${name} failed:\n${output.slice(-4000)}`);
  const built = output.split('\n').filter((line) => line.startsWith('✔ ')).length;
  console.log(`${name}: ${built} sites built in ${seconds.toFixed(1)} s (load average ${load})`);
  return { name, seconds, cpuSeconds: childrenCpuSeconds() - cpuBefore, built, load };
}

try {
  await mkdir(tenantsDir, { recursive: true });
  const now = new Date().toISOString();
  const slugs = Array.from(
    { length: tenantCount },
    (_, index) => `platform-${String(index + 1).padStart(3, '0')}`,
  );
  const feeds: string[] = [];
  for (const [index, slug] of slugs.entries())
    feeds.push(
      (
        await writeBenchTenant({
          work,
          tenantsDir,
          slug,
          count: carCount,
          seed: 100 + index,
          now,
          name: `Platform Dealer ${index + 1}`,
        })
      ).carsFile,
    );
  console.log(
    `Platform benchmark: ${tenantCount} dealers of ${carCount} cars, ${process.version}, in ${work}\n`,
  );

  const steps: Step[] = [];
  steps.push(await build('full build', []));
  if (maxWorkers) {
    const passes = await benchWorkers({
      env,
      slugs,
      feeds,
      changed: changedCount,
      maxWorkers,
      hostOf: (slug) => `${slug}.example.com.au`,
      load: loadNow,
    });
    console.log(
      `\n| workers | pass, nothing changed | ${changedCount} changed: all published and purged | that whole pass | load average at start |`,
    );
    console.log('| ---: | ---: | ---: | ---: | --- |');
    for (const pass of passes)
      console.log(
        `| ${pass.workers} | ${pass.unchangedPass.toFixed(1)} s | ${pass.changedPublished.toFixed(1)} s | ${pass.changedPass.toFixed(1)} s | ${pass.load} |`,
      );
    const [one, last] = [passes[0]!, passes.at(-1)!];
    if (passes.length > 1)
      console.log(
        `\n1 -> ${last.workers} workers: ${changedCount} changed published ${(one.changedPublished / last.changedPublished).toFixed(2)}x as fast, the quiet pass ${(one.unchangedPass / last.unchangedPass).toFixed(2)}x`,
      );
  } else {
    steps.push(await build('--changed, nothing changed', ['--changed']));
    // One dealer repriced one car: only that site is rebuilt.
    const changedFeed = feeds[Math.floor(feeds.length / 2)]!;
    const cars = JSON.parse(await readFile(changedFeed, 'utf8')) as { price?: number }[];
    cars[0]!.price = (cars[0]!.price ?? 30_000) - 500;
    await writeFile(changedFeed, JSON.stringify(cars));
    steps.push(await build('--changed, one feed changed', ['--changed']));

    console.log(
      `\n| step | sites built | wall time | per site | CPU time (all cores) | load average (1, 5, 15 min) |`,
    );
    console.log('| --- | ---: | ---: | ---: | ---: | --- |');
    for (const step of steps)
      console.log(
        `| ${step.name} | ${step.built} | ${step.seconds.toFixed(1)} s | ${step.built ? `${(step.seconds / step.built).toFixed(1)} s` : '-'} | ${step.cpuSeconds.toFixed(1)} s | ${step.load} |`,
      );
  }
} finally {
  database?.stop();
  if (!process.env.KEEP_BENCH) await rm(work, { recursive: true, force: true });
}
