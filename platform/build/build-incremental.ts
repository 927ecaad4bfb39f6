import { existsSync, linkSync, mkdirSync, readdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { readFeeds, type FetchedFeeds } from '../../src/site/prepare';
import { readSiteSnapshot } from '../../src/site/snapshot';
import type { LoadedTenant } from '../../src/tenant/load';
import { swapSite, siteExtraFiles, writeSiteExtras } from './build-finish';
import {
  pageKeys,
  readRenderState,
  renderBundleDir,
  writeRenderState,
  type RenderState,
} from './build-render-state';
import { guardFeedShrink, logReport, type TenantBuildResult } from './build-tenant';
import { renderInputsHash } from './inputs-hash';
import { liveCarCount, writeLastBuild } from './last-build';
import { publishStock } from '../sync/publish-stock';
import { DIST, ROOT, siteDir, snapshotFile } from '../paths';
import { writeSiteData } from './site-data';
import { scriptEnv } from '../script-env';

/**
 * How long the pages of a build may keep its time: a partial render renders at the time of the
 * last full render (so pages it does not touch stay right), and renders every page anew once that
 * is older than this. What the time decides (sold cars' last days, opening hours, offers, the
 * footer year) moves by at most this much. INCREMENTAL_MAX_AGE_SECONDS overrides it.
 */
export const MAX_RENDER_AGE_SECONDS = 3600;

/**
 * Threads a partial render uses: two on two or more cores. With the threads kept warm the listing
 * pages every sync renders (about 250 at 1,000 cars) took 5.5-7 s on two against 7.7-8 s on one
 * (an idle two-core machine; under heavy load two gained nothing). PARTIAL_RENDER_THREADS overrides.
 */
function partialRenderThreads(): number {
  return scriptEnv().PARTIAL_RENDER_THREADS ?? Math.min(2, availableParallelism());
}

export interface PartialRender {
  result: TenantBuildResult;
  /** Pages rendered; cars whose pages, and search route pages, were kept from the live site. */
  rendered: number;
  reused: number;
  searchPagesKept: number;
  /** The render threads had the bundle loaded from an earlier render. */
  warm: boolean;
}

/** Why a partial render is not possible: the caller builds in full. */
export class NeedsFullBuild extends Error {}

function maxAgeSeconds(): number {
  return scriptEnv().INCREMENTAL_MAX_AGE_SECONDS ?? MAX_RENDER_AGE_SECONDS;
}

/**
 * A copy of `from` at `to` whose files are hard links: free of the live site's bytes, and safe as
 * long as nothing writes into a file (the render threads and the extras write new files).
 */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else linkSync(source, target);
  }
}

/** Remove `files` (relative to `dir`; a folder with what it holds) and the folders they leave empty. */
function removeFiles(dir: string, files: string[]): void {
  const parents = new Set<string>();
  for (const file of files) {
    const full = path.join(dir, file);
    rmSync(full, { recursive: true, force: true });
    for (
      let parent = path.dirname(full);
      parent.startsWith(dir + path.sep);
      parent = path.dirname(parent)
    )
      parents.add(parent);
  }
  // Deepest first, so a folder emptied by its children's removal goes too.
  for (const parent of [...parents].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(parent);
    } catch {
      // not empty
    }
  }
}

interface ThreadReply {
  files?: string[];
  rendered?: number;
  /** The routes that took longest on this thread. */
  slowest?: string;
  error?: string;
}

/**
 * Render threads kept between partial renders (a sync in --watch, `npm start`), per tenant: a
 * thread that has loaded the prerender bundle renders the next sync's pages without loading it
 * again. Threads are let go when the bundle changes (a full build) and for the tenants used least
 * recently beyond WARM_TENANTS (a thread holds a site's bundle and data in memory).
 */
export const WARM_TENANTS = 4;
const warm = new Map<string, { bundle: string; threads: Worker[] }>();

/** Which kept bundle: a full build moves a new folder into place. */
function bundleIdentity(bundleDir: string): string {
  const { ino, mtimeMs } = statSync(path.join(bundleDir, 'render-bundle.json'));
  return `${bundleDir}:${ino}:${mtimeMs}`;
}

function letGo(slug: string): void {
  for (const worker of warm.get(slug)?.threads ?? []) void worker.terminate();
  warm.delete(slug);
}

/** One render on `worker` (started or kept); a thread that fails is let go. */
function renderOn(worker: Worker, slug: string): Promise<ThreadReply> {
  return new Promise<ThreadReply>((resolve, reject) => {
    const fail = (error: Error) => {
      cleanup();
      letGo(slug);
      reject(error);
    };
    const onMessage = (reply: ThreadReply) => {
      cleanup();
      // Idle, it keeps no process alive (a one-off sync ends as before).
      worker.unref();
      resolve(reply);
    };
    const onExit = (code: number) =>
      fail(new Error(`render thread stopped (exit ${code}) before it was done`));
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', fail);
      worker.off('exit', onExit);
    };
    worker.ref();
    worker.once('message', onMessage);
    worker.once('error', fail);
    worker.once('exit', onExit);
  });
}

/**
 * Start a tenant's render threads ahead of its first change (a sync --watch starting): they load
 * the kept bundle and render a few listing pages to nowhere, so the first sync that renders finds
 * them ready (the first render on fresh threads took twice as long as the next ones). False
 * without a kept bundle.
 */
export async function warmRenderThreads(tenant: LoadedTenant): Promise<boolean> {
  const bundleDir = renderBundleDir(tenant.slug);
  if (
    !existsSync(path.join(bundleDir, 'render-bundle.json')) ||
    !existsSync(snapshotFile(tenant.slug))
  )
    return false;
  await renderPages(
    tenant.slug,
    bundleDir,
    snapshotFile(tenant.slug),
    '',
    new URL(tenant.url).origin,
    { cars: [], searchPages: [] },
    partialRenderThreads(),
    true,
  );
  return true;
}

/** What a partial render leaves as the copy has it: the pages of these cars, and these search route pages. */
interface Reuse {
  cars: string[];
  searchPages: string[];
}

/** Render the pages of the site data in `snapshot` into `outDir` on `threads` threads, leaving what `reuse` names as it is. */
async function renderPages(
  slug: string,
  bundleDir: string,
  snapshot: string,
  outDir: string,
  origin: string,
  reuse: Reuse,
  threads: number,
  /** Only warm the threads up: render a few pages and write nothing. */
  warmUp = false,
): Promise<{ files: string[]; rendered: number; slowest: string; warm: boolean }> {
  const script = new URL('../../src/build/render-pages.mjs', import.meta.url);
  const bundle = bundleIdentity(bundleDir);
  if (warm.get(slug)?.bundle !== bundle) letGo(slug);
  const kept = warm.get(slug) ?? { bundle, threads: [] };
  warm.delete(slug);
  warm.set(slug, kept);
  for (const [other] of [...warm].slice(0, Math.max(0, warm.size - WARM_TENANTS))) letGo(other);
  const wasWarm = kept.threads.length >= threads;
  const replies = await Promise.all(
    Array.from({ length: threads }, (_, thread) => {
      const task = { snapshot, outDir, origin, reuse, thread, threads, warmUp };
      let worker = kept.threads[thread];
      if (worker) worker.postMessage(task);
      else kept.threads[thread] = worker = new Worker(script, { workerData: { bundleDir, task } });
      return renderOn(worker, slug);
    }),
  );
  const failed = replies.find((reply) => reply.error !== undefined);
  if (failed) {
    letGo(slug);
    throw new Error(failed.error);
  }
  return {
    files: (replies[0]!.files ?? []).sort(),
    rendered: replies.reduce((sum, reply) => sum + (reply.rendered ?? 0), 0),
    slowest: replies.map((reply) => reply.slowest).join('; '),
    warm: wasWarm,
  };
}

/**
 * Render only what changed into a copy of the live site and swap it in: every page but the car
 * pages whose car and shared inputs (pageKeys) are as the live site has them, which are kept.
 * Throws NeedsFullBuild when the kept bundle does not fit (code, tenant file or assets changed, no
 * live site); other errors leave the live site and stock as they were.
 */
export async function renderChanged(
  tenant: LoadedTenant,
  now: Date,
  log: (line: string) => void,
  { allowShrink = false, fetched }: { allowShrink?: boolean; fetched?: FetchedFeeds } = {},
): Promise<PartialRender> {
  const started = performance.now();
  const timings: string[] = [];
  let lapStarted = started;
  const lap = (name: string) => {
    const at = performance.now();
    timings.push(`${name} ${((at - lapStarted) / 1000).toFixed(1)} s`);
    lapStarted = at;
  };
  const { slug } = tenant;
  const bundleDir = renderBundleDir(slug);
  const live = siteDir(slug);
  const state = await readRenderState(slug);
  if (
    !state ||
    !existsSync(path.join(bundleDir, 'render-bundle.json')) ||
    !existsSync(path.join(live, 'index.html'))
  )
    throw new NeedsFullBuild('no kept render bundle');
  if (state.inputs !== (await renderInputsHash(tenant)))
    throw new NeedsFullBuild('code, tenant file or assets changed');

  const age = (now.getTime() - Date.parse(state.builtAt)) / 1000;
  const renderAt = age >= 0 && age < maxAgeSeconds() ? state.builtAt : now.toISOString();
  const snapshot = `${snapshotFile(slug)}.next`;
  const feeds = await readFeeds(tenant, ROOT, { fetched, log });
  const prepared = await writeSiteData({ tenant, feeds, now: renderAt, snapshot });
  guardFeedShrink(tenant, prepared, await liveCarCount(slug), allowShrink, log);
  logReport(prepared.report, log);
  lap('site data');
  const site = readSiteSnapshot(snapshot);
  const keys = pageKeys(site);
  lap('page keys');
  if (scriptEnv().BUILD_TIMINGS && keys.shared !== state.shared)
    log(`  what every car page shares changed (${state.shared} -> ${keys.shared}): all rendered`);
  const kept = (current: Record<string, string>, live: Record<string, string> | undefined) =>
    keys.shared === state.shared && live
      ? Object.keys(current).filter((name) => live[name] === current[name])
      : [];
  const reuse: Reuse = {
    cars: kept(keys.cars, state.cars),
    searchPages: kept(keys.searchPages, state.searchPages),
  };

  const tmpDir = path.join(DIST, `.tmp-${slug}`);
  let files: string[];
  let rendered: number;
  let htmlFiles: string[];
  let feedsLeftOut: number;
  let wasWarm: boolean;
  try {
    await rm(tmpDir, { recursive: true, force: true });
    linkTree(live, tmpDir);
    removeFiles(tmpDir, siteExtraFiles(site));
    lap('copy');
    const threads = partialRenderThreads();
    let slowest: string;
    ({
      files,
      rendered,
      slowest,
      warm: wasWarm,
    } = await renderPages(
      slug,
      bundleDir,
      snapshot,
      tmpDir,
      new URL(tenant.url).origin,
      reuse,
      threads,
    ));
    if (scriptEnv().BUILD_TIMINGS) log(`  slowest routes: ${slowest}`);
    lap(`render (${threads} ${wasWarm ? 'warm ' : ''}thread${threads > 1 ? 's' : ''})`);
    const current = new Set(files);
    removeFiles(
      tmpDir,
      state.files.filter((file) => !current.has(file)),
    );
    ({ htmlFiles, feedsLeftOut } = await writeSiteExtras(tmpDir, tenant, site, renderAt, log));
    lap('sitemap and extras');
  } catch (error) {
    await rm(tmpDir, { recursive: true, force: true });
    await rm(snapshot, { force: true });
    throw error;
  }
  // Before the swap: the local server re-reads site.json when it sees the new folder.
  await rename(snapshot, snapshotFile(slug));
  const removeOld = await swapSite(slug, tmpDir);
  const next: RenderState = { ...state, builtAt: renderAt, ...keys, files };
  await writeRenderState(slug, next);
  await writeLastBuild(slug, { cars: prepared.cars, pages: htmlFiles.length, builtAt: renderAt });
  await publishStock(slug, site.cars);
  lap('swap and stock');
  // The old folder goes in the background: the new site and stock are live already.
  void removeOld();
  if (scriptEnv().BUILD_TIMINGS) log(`  timings: ${timings.join(', ')}`);
  const seconds = (performance.now() - started) / 1000;
  return {
    result: {
      slug,
      pages: htmlFiles.length,
      cars: prepared.cars,
      report: prepared.report,
      seconds,
      feedsLeftOut,
    },
    rendered,
    reused: reuse.cars.length,
    searchPagesKept: reuse.searchPages.length,
    warm: wasWarm,
  };
}
