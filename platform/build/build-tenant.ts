import { spawn } from 'node:child_process';
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  describeReport,
  readFeeds,
  type FetchedFeeds,
  type PrepareReport,
} from '../../src/site/prepare';
import { buildEnv, buildEnvVars } from '../../src/config/build-env';
import { maxRenderThreads, type SiteDataReady } from '../../src/build/render-threads';
import { logoPath } from '../../src/site/assets';
import { tenantsDir, type LoadedTenant } from '../../src/tenant/load';
import { carsFeedShrinkProblem } from '../../src/feeds/shrink';
import { readSiteSnapshot } from '../../src/site/snapshot';
import { publishStock } from '../sync/publish-stock';
import { liveCarCount, writeLastBuild } from './last-build';
import { swapSite, writeSiteExtras } from './build-finish';
import { keepRenderBundle, nextRenderBundleDir } from './build-render-state';
import { DIST, readyFile, ROOT, snapshotFile } from '../paths';
import { putPublicFiles } from './public-files';
import { writeSiteData, type WrittenSiteData } from './site-data';
import { scriptEnv } from '../script-env';

export interface TenantBuildResult {
  slug: string;
  pages: number;
  cars: number;
  report: PrepareReport;
  seconds: number;
  /** Cars for sale left out of the vehicle-listing feeds (src/syndication/). */
  feedsLeftOut?: number;
}

const MAX_REPORTED_RECORDS = 20;

/** A cars feed that shrank suddenly: the tenant is not built and its live site stays. */
export class FeedShrinkError extends Error {}

export interface BuildTenantOptions {
  /** Build even from a cars feed that shrank suddenly (the editor checked it is right). */
  allowShrink?: boolean;
  /** URL feeds this run fetched already (npm run sync): built from exactly the bytes it judged. */
  fetched?: FetchedFeeds;
}

/**
 * Run `astro build` for one prepared site in a child process (a clean module graph per tenant).
 * ASTRO_PROF=<dir> writes each Astro process's CPU profile there (open it in Chrome DevTools);
 * ASTRO_LOG=<file> writes Astro's whole log, with the time of each of its phases, to that file.
 */
function runAstro(env: Record<string, string>): { done: Promise<string>; stop(): void } {
  let stop = () => {};
  const { ASTRO_PROF, ASTRO_LOG } = scriptEnv();
  const done = new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...(ASTRO_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + ASTRO_PROF] : []),
        path.join(ROOT, 'node_modules/astro/bin/astro.mjs'),
        'build',
        ...(ASTRO_LOG ? [] : ['--silent']),
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
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`astro build failed (exit ${code}):\n${output.trim()}`)),
    );
    stop = () => child.kill();
  });
  // Its failure is reported when awaited; this only keeps an early one from counting as unhandled.
  done.catch(() => {});
  return { done, stop };
}

/** Below this many cars a second render thread costs more to start than it saves. */
const THREADS_FROM_CARS = 800;

/**
 * How many threads render this site's pages (src/build/render-threads.ts): one per core, at most
 * two (a third is no quicker on two cores), for a big stock. BUILD_THREADS overrides.
 */
function threadCount(cars: number): number {
  const env = buildEnv();
  return env.BUILD_THREADS ?? (cars >= THREADS_FROM_CARS ? maxRenderThreads(env) : 1);
}

/**
 * Old-space limit for the Astro process and each of its render threads, in MiB. Rendering makes
 * short-lived garbage that V8 otherwise lets grow to several times the live heap (800 MiB of 200 MiB
 * live at 10,000 cars); a limit makes it collect sooner at no cost in speed. The live heap is
 * mostly the site data, about four times its JSON size. The limit is set as Astro starts, before
 * the site data exists, so it follows the size of the feeds it is made from (about that size).
 */
export function heapLimitMiB(feedBytes: number): number {
  return Math.max(512, Math.ceil(256 + (8 * feedBytes) / 2 ** 20));
}

/** Throws FeedShrinkError when the cars feed shrank suddenly against the live site's `previousCars`, unless allowed. */
export function guardFeedShrink(
  tenant: LoadedTenant,
  prepared: WrittenSiteData,
  previousCars: number | undefined,
  allowShrink: boolean,
  log: (line: string) => void,
): void {
  const shrink = carsFeedShrinkProblem(
    {
      records: prepared.report.read.cars ?? 0,
      invalid: prepared.report.rejected.filter((record) => record.feed === 'cars').length,
      listed: prepared.cars,
    },
    previousCars,
  );
  if (shrink && !allowShrink)
    throw new FeedShrinkError(
      `feeds.cars (${tenant.feeds.cars}): not built, ${shrink}. The live site dist/${tenant.slug}/ was left as it was; ` +
        `if the feed is right, build with: npm run build -- ${tenant.slug} --allow-shrink`,
    );
  if (shrink)
    log(`  ! feeds.cars (${tenant.feeds.cars}): ${shrink}; built anyway (--allow-shrink)`);
}

/** Print the feeds' record problems, at most MAX_REPORTED_RECORDS lines. */
export function logReport(report: PrepareReport, log: (line: string) => void): void {
  const problems = describeReport(report);
  for (const line of problems.slice(0, MAX_REPORTED_RECORDS)) log(`  ! ${line}`);
  if (problems.length > MAX_REPORTED_RECORDS)
    log(`  ! ... and ${problems.length - MAX_REPORTED_RECORDS} more problems`);
}

/**
 * Build one tenant into dist/<slug>/. The site is built in a temporary folder and swapped in only
 * when complete, so a failed build never leaves a partial or mixed dist/<slug>.
 */
export async function buildTenant(
  tenant: LoadedTenant,
  now: Date,
  log: (line: string) => void,
  { allowShrink = false, fetched }: BuildTenantOptions = {},
): Promise<TenantBuildResult> {
  const started = performance.now();
  const timings: Record<string, number> = {};
  const lap = (name: string, since: number) => (timings[name] = (performance.now() - since) / 1000);
  const snapshot = snapshotFile(tenant.slug);
  const ready = readyFile(tenant.slug);
  await mkdir(path.dirname(snapshot), { recursive: true });
  await rm(ready, { force: true });
  const feeds = await readFeeds(tenant, ROOT, { fetched, log });
  const feedBytes = Object.values(feeds).reduce((sum, bytes) => sum + bytes.byteLength, 0);
  const previousCars = await liveCarCount(tenant.slug);
  const siteData = writeSiteData({ tenant, feeds, now: now.toISOString(), snapshot });
  lap('feeds read', started);

  const tmpDir = path.join(DIST, `.tmp-${tenant.slug}`);
  const bundleDir = nextRenderBundleDir(tenant.slug);
  await rm(bundleDir, { recursive: true, force: true });
  let astro: ReturnType<typeof runAstro> | undefined;
  let astroStarted: number;
  let prepared: WrittenSiteData;
  try {
    await rm(tmpDir, { recursive: true, force: true });
    // public/ goes in first; astro.config.mjs then has Astro neither copy it nor empty the folder.
    await mkdir(tmpDir, { recursive: true });
    if (existsSync(path.join(ROOT, 'public'))) putPublicFiles(path.join(ROOT, 'public'), tmpDir);
    // Astro starts now: its Vite builds need no site data, so they run while the feeds are
    // validated. Astro waits for the ready file before it renders (src/build/render-threads.ts).
    astroStarted = performance.now();
    astro = runAstro({
      ...buildEnvVars({
        OUT_DIR: tmpDir,
        SITE_DATA: snapshot,
        SITE_DATA_READY: ready,
        BUILD_PID: process.pid,
        SITE_URL: tenant.url,
        RENDER_BUNDLE_DIR: bundleDir,
      }),
      NODE_OPTIONS: [process.env.NODE_OPTIONS, `--max-old-space-size=${heapLimitMiB(feedBytes)}`]
        .filter(Boolean)
        .join(' '),
    });
    prepared = await siteData;
    guardFeedShrink(tenant, prepared, previousCars, allowShrink, log);
    const signal: SiteDataReady = { threads: threadCount(prepared.cars) };
    // Written whole, then renamed: Astro never sees it half-written.
    await writeFile(`${ready}.tmp`, JSON.stringify(signal));
    await rename(`${ready}.tmp`, ready);
    lap('site data', started);
  } catch (error) {
    astro?.stop();
    await astro?.done.catch(() => {});
    await rm(tmpDir, { recursive: true, force: true });
    throw error;
  }
  const { report, builtAt } = prepared;
  logReport(report, log);

  let htmlFiles: string[];
  let feedsLeftOut: number;
  let site: ReturnType<typeof readSiteSnapshot>;
  try {
    const astroOutput = await astro.done;
    lap('astro', astroStarted);
    const { ASTRO_LOG, BUILD_TIMINGS } = scriptEnv();
    if (ASTRO_LOG) await writeFile(ASTRO_LOG, astroOutput);
    if (BUILD_TIMINGS)
      for (const line of astroOutput.match(/^render threads: .*$/gm) ?? []) log(`  ${line}`);
    const postStarted = performance.now();
    if (tenant.theme.logo)
      await cp(
        path.join(tenantsDir(ROOT), tenant.theme.logo),
        path.join(tmpDir, logoPath(tenant)!.slice(1)),
      );
    site = readSiteSnapshot(snapshot);
    let feedSeconds: number;
    ({ htmlFiles, feedsLeftOut, feedSeconds } = await writeSiteExtras(
      tmpDir,
      tenant,
      site,
      builtAt,
      log,
    ));
    timings['listing feeds'] = feedSeconds;
    lap('sitemap and extras', postStarted);
  } catch (error) {
    await rm(tmpDir, { recursive: true, force: true });
    throw error;
  }

  const pages = htmlFiles.length;
  const removeOld = await swapSite(tenant.slug, tmpDir);
  await writeLastBuild(tenant.slug, { cars: prepared.cars, pages, builtAt });
  // The API checks reservations and view.json against this, not the build's copy.
  await publishStock(tenant.slug, site.cars);
  await removeOld();
  // What a later sync renders changed pages with, instead of building all again.
  await keepRenderBundle(tenant, site, bundleDir);

  if (scriptEnv().BUILD_TIMINGS)
    log(
      `  timings: ${Object.entries(timings)
        .map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`)
        .join(', ')}`,
    );
  return {
    slug: tenant.slug,
    pages,
    cars: prepared.cars,
    report,
    seconds: (performance.now() - started) / 1000,
    feedsLeftOut,
  };
}

/** "712 pages, 689 cars listed; 3 bad records left out; 41 not listed (sold before cut-off or hidden)" */
export function summarise(result: TenantBuildResult): string {
  const { report } = result;
  const parts = [`${result.pages} pages`, `${result.cars} cars listed`];
  const badCars = report.rejected.filter((record) => record.feed === 'cars').length;
  const badOther = report.rejected.length - badCars;
  if (badCars) parts.push(`${badCars} bad car record${badCars === 1 ? '' : 's'} left out`);
  if (badOther) parts.push(`${badOther} other bad record${badOther === 1 ? '' : 's'} left out`);
  if (report.notListed)
    parts.push(`${report.notListed} not listed (sold before the cut-off or hidden)`);
  if (report.notSelected) parts.push(`${report.notSelected} not this site's stock`);
  if (result.feedsLeftOut)
    parts.push(`${result.feedsLeftOut} left out of listing feeds (no VIN, no price, ...)`);
  return `${parts.join(', ')} in ${result.seconds.toFixed(1)} s`;
}
