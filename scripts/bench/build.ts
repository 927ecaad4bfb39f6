/**
 * npm run bench:build [-- 1000 10000]
 * Builds one generated dealer tenant at each size and prints wall time, vehicle pages per second
 * and peak memory of the whole build (build script + Astro processes). KEEP_BENCH=1 keeps the output in
 * .build/bench-dist; ASTRO_PROF=<dir> writes CPU profiles of the Astro processes and ASTRO_LOG=<file>
 * Astro's log. Uses a temporary tenants folder and .build/bench-dist for the output; nothing in
 * tenants/ or dist/ is touched.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateCars } from '../sample-data';
import { ROOT } from '../lib/paths';
import { childrenCpuSeconds, treeRss } from './process-tree-rss';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const counts = sizes.length ? sizes : [1000, 10000];
const now = new Date().toISOString();
const work = await mkdtemp(path.join(tmpdir(), 'bench-build-'));
const benchDist = path.join(ROOT, '.build', 'bench-dist');
const locations = await readFile(path.join(ROOT, 'data/demo/bayside-toyota/locations.json'), 'utf8').catch(() => {
  throw new Error('Run `npm run build` (or `npm run data`) once first: the benchmark reuses the demo locations.');
});

interface Row {
  cars: number;
  pages: number;
  seconds: number;
  /** CPU time of the build's processes: steadier than wall time on a shared VM. */
  cpuSeconds: number;
  peakMiB: number;
  /** Seconds from the site data being ready to the last page written (Astro's page generation). */
  renderSeconds?: number;
}

async function buildOnce(count: number): Promise<Row> {
  const slug = `bench-${count}`;
  const tenants = path.join(work, `tenants-${count}`);
  const cars = generateCars({ count, seed: 7, now, tenant: 'dealer' }).map((car) => ({
    ...car,
    status: 'in_stock',
    sold: false,
    show_on_dealer_website: true,
  }));
  await import('node:fs/promises').then((fs) => fs.mkdir(tenants, { recursive: true }));
  await writeFile(path.join(work, `cars-${count}.json`), JSON.stringify(cars));
  await writeFile(path.join(work, 'locations.json'), locations);
  await writeFile(
    path.join(tenants, `${slug}.yaml`),
    [
      'template: dealer',
      `slug: ${slug}`,
      'name: Benchmark Motors',
      'url: https://bench.example.com.au',
      'description: A generated dealer used to measure build speed.',
      'theme:',
      '  colours:',
      '    primary: "#0b5cad"',
      'feeds:',
      `  cars: ${path.join(work, `cars-${count}.json`)}`,
      `  locations: ${path.join(work, 'locations.json')}`,
      '',
    ].join('\n'),
  );
  const started = performance.now();
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/build.ts', slug], {
    cwd: ROOT,
    // The output goes inside the project (.build/ is ignored), as `npm run build`'s does.
    env: { ...process.env, BUILD_TIMINGS: '1', TENANTS_DIR: tenants, DIST_DIR: benchDist, BUILD_CACHE_DIR: path.join(work, 'cache') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
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
  if (timings) console.log(`${count} cars: ${timings}${threads ? `; rendered per thread: ${threads}` : ''}`);
  const renderSeconds = Number(/ pages in ([\d.]+) s/.exec(threads ?? '')?.[1]) || undefined;
  return { cars: count, pages, seconds, cpuSeconds, peakMiB: peak / 1024 / 1024, renderSeconds };
}

console.log(`Build benchmark: one dealer tenant, generated cars, ${process.env.NODE_ENV ?? 'node'} ${process.version}\n`);
const rows: Row[] = [];
try {
  for (const count of counts) rows.push(await buildOnce(count));
} finally {
  await rm(work, { recursive: true, force: true });
  if (!process.env.KEEP_BENCH) await rm(benchDist, { recursive: true, force: true });
}
// "vehicle pages/s" is cars over the whole build's wall time (feeds, Vite, pages, sitemap);
// "rendering" is all pages over the page-generation phase alone.
console.log('| cars | pages | wall time | vehicle pages/s | rendering | CPU time (all cores) | peak memory |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  console.log(
    `| ${row.cars.toLocaleString('en-AU')} | ${row.pages.toLocaleString('en-AU')} | ${row.seconds.toFixed(1)} s | ${Math.round(row.cars / row.seconds)} | ${row.renderSeconds ? `${Math.round(row.pages / row.renderSeconds)} pages/s in ${row.renderSeconds.toFixed(1)} s` : '-'} | ${row.cpuSeconds.toFixed(1)} s | ${row.peakMiB.toFixed(0)} MiB |`,
  );
}
