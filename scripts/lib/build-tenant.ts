import { spawn } from 'node:child_process';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { cp, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describeReport, prepareSite, type PrepareReport } from '../../src/site/prepare';
import { logoPath } from '../../src/site/assets';
import { tenantsDir, type LoadedTenant } from '../../src/tenant/load';
import { writeHeadersFile } from './headers';
import { listHtmlFiles } from './html-files';
import { DIST, ROOT, siteDir, snapshotFile } from './paths';
import { writeSitemap } from './sitemap';

export interface TenantBuildResult {
  slug: string;
  pages: number;
  cars: number;
  report: PrepareReport;
  seconds: number;
}

const MAX_REPORTED_RECORDS = 20;

/**
 * Run `astro build` for one prepared site in a child process (a clean module graph per tenant).
 * ASTRO_PROF=<dir> writes each Astro process's CPU profile there (open it in Chrome DevTools).
 */
function runAstro(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...(process.env.ASTRO_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.ASTRO_PROF] : []),
        path.join(ROOT, 'node_modules/astro/bin/astro.mjs'),
        'build',
        '--silent',
      ],
      {
        cwd: ROOT,
        env: { ...process.env, ...env, ASTRO_TELEMETRY_DISABLED: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`astro build failed (exit ${code}):\n${output.trim()}`))));
  });
}

/** Below this many cars one Astro process is quicker than two (each pays the fixed start-up). */
const SHARD_FROM_CARS = 800;

/**
 * How many Astro processes build this site (src/site/shard.ts): one per core, at most two, for a
 * big stock. BUILD_SHARDS overrides. Shards need their output inside the project folder: Astro puts
 * a build's server chunks next to an outDir there, but shares ./.astro/ for one outside it.
 */
function shardCount(cars: number, outDir: string): number {
  if (!path.resolve(outDir).startsWith(ROOT + path.sep)) return 1;
  const forced = Number(process.env.BUILD_SHARDS);
  if (Number.isInteger(forced) && forced >= 1) return forced;
  return cars >= SHARD_FROM_CARS ? Math.min(2, availableParallelism()) : 1;
}

/**
 * Run the shards at once, each into its own folder (and its own content cache), then move the
 * other shards' car pages into the first shard's output. Everything else the other shards wrote
 * (the pages without parameters, the same bytes) is dropped.
 */
async function runAstroShards(outDir: string, count: number, env: Record<string, string>): Promise<void> {
  const dirs = Array.from({ length: count }, (_, index) => (index === 0 ? outDir : `${outDir}-shard${index}`));
  try {
    // allSettled: a failed shard must not leave the others writing into folders being removed.
    const results = await Promise.allSettled(
      dirs.map((dir, index) =>
        runAstro({
          ...env,
          OUT_DIR: dir,
          ...(count > 1 && { BUILD_SHARD: `${index}/${count}`, ASTRO_CACHE_DIR: path.join(ROOT, 'node_modules', `.astro-shard${index}`) }),
        }),
      ),
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    for (const dir of dirs.slice(1)) {
      const cars = path.join(dir, 'cars');
      for (const entry of await readdir(cars, { withFileTypes: true })) {
        const target = path.join(outDir, 'cars', entry.name);
        if (entry.isDirectory() && !existsSync(target)) await rename(path.join(cars, entry.name), target);
      }
      // Assets are content-hashed and the same in every shard; copy any the first did not write.
      await cp(path.join(dir, '_astro'), path.join(outDir, '_astro'), { recursive: true, force: false });
    }
  } finally {
    for (const dir of dirs.slice(1)) await rm(dir, { recursive: true, force: true });
  }
}

/** Read and validate the feeds and write the site data Astro reads; only its figures are kept. */
async function writeSiteSnapshot(tenant: LoadedTenant, now: Date): Promise<{ report: PrepareReport; cars: number; builtAt: string; snapshot: string }> {
  const { site, report } = await prepareSite(tenant, ROOT, now);
  const snapshot = snapshotFile(tenant.slug);
  await mkdir(path.dirname(snapshot), { recursive: true });
  await writeFile(snapshot, JSON.stringify(site));
  return { report, cars: site.cars.length, builtAt: site.builtAt, snapshot };
}

/**
 * Collect this script's copy of the site data (about 340 MB at 10,000 cars) before the Astro
 * processes start: left alone, an idle script never collects it, and it counts in the build's peak
 * memory for the whole build.
 */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/**
 * Build one tenant into dist/<slug>/. The site is built in a temporary folder and swapped in only
 * when complete, so a failed build never leaves a partial or mixed dist/<slug>.
 */
export async function buildTenant(tenant: LoadedTenant, now: Date, log: (line: string) => void): Promise<TenantBuildResult> {
  const started = performance.now();
  const timings: Record<string, number> = {};
  const lap = (name: string, since: number) => (timings[name] = (performance.now() - since) / 1000);
  const { report, cars, builtAt, snapshot } = await writeSiteSnapshot(tenant, now);
  lap('prepare', started);
  const problems = describeReport(report);
  for (const line of problems.slice(0, MAX_REPORTED_RECORDS)) log(`  ! ${line}`);
  if (problems.length > MAX_REPORTED_RECORDS) log(`  ! ... and ${problems.length - MAX_REPORTED_RECORDS} more problems`);
  collectGarbage();

  const tmpDir = path.join(DIST, `.tmp-${tenant.slug}`);
  await rm(tmpDir, { recursive: true, force: true });
  try {
    const astroStarted = performance.now();
    await runAstroShards(tmpDir, shardCount(cars, tmpDir), { SITE_DATA: snapshot, SITE_URL: tenant.url, TENANT_SLUG: tenant.slug });
    lap('astro', astroStarted);
    const postStarted = performance.now();
    if (tenant.theme.logo) await cp(path.join(tenantsDir(ROOT), tenant.theme.logo), path.join(tmpDir, logoPath(tenant)!.slice(1)));
    await writeSitemap(tmpDir, tenant.url, builtAt);
    await writeHeadersFile(tmpDir);
    lap('sitemap and extras', postStarted);
  } catch (error) {
    await rm(tmpDir, { recursive: true, force: true });
    throw error;
  }

  const pages = (await listHtmlFiles(tmpDir)).length;
  const target = siteDir(tenant.slug);
  const old = path.join(DIST, `.old-${tenant.slug}`);
  await rm(old, { recursive: true, force: true });
  if (existsSync(target)) await rename(target, old);
  await rename(tmpDir, target);
  await rm(old, { recursive: true, force: true });

  if (process.env.BUILD_TIMINGS)
    log(
      `  timings: ${Object.entries(timings)
        .map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`)
        .join(', ')}`,
    );
  return { slug: tenant.slug, pages, cars, report, seconds: (performance.now() - started) / 1000 };
}

/** "712 pages, 689 cars listed; 3 bad records left out; 41 not listed (sold before cut-off or hidden)" */
export function summarise(result: TenantBuildResult): string {
  const { report } = result;
  const parts = [`${result.pages} pages`, `${result.cars} cars listed`];
  const badCars = report.rejected.filter((record) => record.feed === 'cars').length;
  const badOther = report.rejected.length - badCars;
  if (badCars) parts.push(`${badCars} bad car record${badCars === 1 ? '' : 's'} left out`);
  if (badOther) parts.push(`${badOther} other bad record${badOther === 1 ? '' : 's'} left out`);
  if (report.notListed) parts.push(`${report.notListed} not listed (sold before the cut-off or hidden)`);
  if (report.notSelected) parts.push(`${report.notSelected} not this site's stock`);
  return `${parts.join(', ')} in ${result.seconds.toFixed(1)} s`;
}
