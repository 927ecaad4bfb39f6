/**
 * npm run bench:build [-- 1000 10000] [--runs=<n>] [--pause=<seconds>]
 * Builds one generated dealer tenant at each size and prints wall time, vehicle pages per second
 * and peak memory of the whole build (build script + Astro processes). --runs=<n> builds each size
 * n times and adds the median run (by wall time). Before a size is built again, its previous
 * output is deleted and the benchmark waits --pause seconds (default 60). This machine's disk is
 * ext4 without a journal, whose inode allocator passes over inodes freed in the last 60 s (longer
 * while their inode-table block is unwritten), reading each one's block to check: for about a
 * minute after thousands were deleted, making files runs up to several times slower, which would
 * time the last run's clean-up, not the build. Leave as long between separate invocations.
 * KEEP_BENCH=1 keeps the output in
 * .build/bench-dist; ASTRO_PROF=<dir> writes CPU profiles of the Astro processes and ASTRO_LOG=<file>
 * Astro's log. Uses a temporary tenants folder and .build/bench-dist for the output; nothing in
 * tenants/ or dist/ is touched.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../platform/paths';
import { optionValue } from '../lib/cli-options';
import { writeBenchTenant } from './bench-tenant';
import { childrenCpuSeconds, treeRss } from './process-tree-rss';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const counts = sizes.length ? sizes : [1000, 10000];
const runs = Number(optionValue(process.argv, 'runs') ?? 1);
const pauseSeconds = Number(optionValue(process.argv, 'pause') ?? 60);
if (!Number.isInteger(runs) || runs < 1 || !(pauseSeconds >= 0)) {
  console.error(
    '--runs= takes a whole number of runs (1 or more), --pause= a number of seconds (e.g. --runs=5 --pause=60).',
  );
  process.exit(1);
}
const now = new Date().toISOString();
const work = await mkdtemp(path.join(tmpdir(), 'bench-build-'));
const benchDist = path.join(ROOT, '.build', 'bench-dist');

interface Row {
  cars: number;
  pages: number;
  seconds: number;
  /** CPU time of the build's processes: steadier than wall time on a shared VM. */
  cpuSeconds: number;
  peakMiB: number;
  /** Seconds from the site data being ready to the last page written (Astro's page generation). */
  renderSeconds?: number;
  /** How long the reference loop took just before this build: the machine's speed at the time. */
  referenceMs: number;
  /** The median run of --runs, printed after the runs. */
  median?: boolean;
}

/**
 * A fixed allocation-heavy loop (small objects to JSON, as rendering makes strings), best of three.
 * This VM's speed drifts by a quarter from one minute to the next; printed with each build, it
 * hints whether a slow build met a slow machine (a hint only: it samples well under a second).
 */
function referenceLoopMs(): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    let length = 0;
    for (let i = 0; i < 300_000; i++)
      length += JSON.stringify({ a: `p${i}`, b: [i, i + 1, { c: String(i) }] }).length;
    if (length === 0) throw new Error('unreachable: keeps the loop from being optimised away');
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

async function buildOnce(count: number): Promise<Row> {
  const referenceMs = referenceLoopMs();
  const slug = `bench-${count}`;
  const tenants = path.join(work, `tenants-${count}`);
  await mkdir(tenants, { recursive: true });
  await writeBenchTenant({ work, tenantsDir: tenants, slug, count, seed: 7, now });
  const started = performance.now();
  // --allow-shrink: the sizes are built one after another into one site, smaller after larger.
  const child = spawn(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    ['scripts/build.ts', slug, '--allow-shrink'],
    {
      cwd: ROOT,
      // The output goes inside the project (.build/ is ignored), as `npm run build`'s does; the
      // generated feeds sit in the work folder, which FEED_ROOTS allows.
      env: {
        ...process.env,
        BUILD_TIMINGS: '1',
        TENANTS_DIR: tenants,
        DIST_DIR: benchDist,
        BUILD_CACHE_DIR: path.join(work, 'cache'),
        FEED_ROOTS: work,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let peak = 0;
  const poll = setInterval(() => (peak = Math.max(peak, treeRss(child.pid!))), 100);
  const cpuBefore = childrenCpuSeconds();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const cpuSeconds = childrenCpuSeconds() - cpuBefore;
  clearInterval(poll);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`build of ${count} cars failed:\n${output}`);
  const pages = Number(/✔ [^:]+: (\d+) pages/.exec(output)?.[1] ?? 0);
  const timings = /timings: (.*)/.exec(output)?.[1];
  const threads = /render threads: (.*)/.exec(output)?.[1];
  if (timings)
    console.log(`${count} cars: ${timings}${threads ? `; rendered per thread: ${threads}` : ''}`);
  const renderSeconds = Number(/ pages in ([\d.]+) s/.exec(threads ?? '')?.[1]) || undefined;
  return {
    cars: count,
    pages,
    seconds,
    cpuSeconds,
    peakMiB: peak / 1024 / 1024,
    renderSeconds,
    referenceMs,
  };
}

console.log(
  `Build benchmark: one dealer tenant, generated cars, ${process.env.NODE_ENV ?? 'node'} ${process.version}\n`,
);
const rows: Row[] = [];
try {
  for (let run = 0; run < runs; run++)
    for (const count of counts) {
      // A size built before is deleted here, not by the build (it would time the deletion).
      const previous = path.join(benchDist, `bench-${count}`);
      if (existsSync(previous)) {
        await rm(previous, { recursive: true, force: true });
        console.log(`(pausing ${pauseSeconds} s after deleting the last ${count}-car output)`);
        await new Promise((resolve) => setTimeout(resolve, pauseSeconds * 1000));
      }
      rows.push(await buildOnce(count));
    }
} finally {
  await rm(work, { recursive: true, force: true });
  if (!process.env.KEEP_BENCH) await rm(benchDist, { recursive: true, force: true });
}
// "vehicle pages/s" is cars over the whole build's wall time (feeds, Vite, pages, sitemap);
// "rendering" is all pages over the page-generation phase alone.
// "reference loop": referenceLoopMs just before the build (lower is a faster machine).
console.log(
  '| cars | pages | wall time | vehicle pages/s | rendering | CPU time (all cores) | peak memory | reference loop |',
);
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
const medianRun = (count: number): Row => {
  const sorted = rows.filter((row) => row.cars === count).sort((a, b) => a.seconds - b.seconds);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)]!, median: true };
};
for (const row of [...rows, ...(runs > 1 ? counts.map(medianRun) : [])]) {
  console.log(
    `| ${row.median ? 'median of ' + runs + ': ' : ''}${row.cars.toLocaleString('en-AU')} | ${row.pages.toLocaleString('en-AU')} | ${row.seconds.toFixed(1)} s | ${Math.round(row.cars / row.seconds)} | ${row.renderSeconds ? `${Math.round(row.pages / row.renderSeconds)} pages/s in ${row.renderSeconds.toFixed(1)} s` : '-'} | ${row.cpuSeconds.toFixed(1)} s | ${row.peakMiB.toFixed(0)} MiB | ${row.referenceMs.toFixed(0)} ms |`,
  );
}
