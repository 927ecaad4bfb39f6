/* global Request */
// A thread of platform/build/build-incremental.ts: it loads a prerender bundle kept from a full build
// (src/build/render-threads.ts, RENDER_BUNDLE_DIR), lists every route's paths from the site data in
// SITE_DATA, and renders its share of them into a copy of the live site, as Astro's build would
// write them. The pages of the cars in `reuse.cars` and the search route pages in `reuse.searchPages`
// are left as the copy has them. The thread then waits for the next render of the same bundle (a
// sync in --watch): loading the bundle is a good part of a small render's time.
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { StaticPaths } from 'astro/runtime/prerender/static-paths.js';

/**
 * @typedef {{ snapshot: string, outDir: string, origin: string, reuse: { cars: string[], searchPages: string[] }, thread: number, threads: number, warmUp?: boolean }} RenderTask
 * @type {{ bundleDir: string, task: RenderTask }}
 */
const { bundleDir, task: firstTask } = workerData;
const saved = JSON.parse(readFileSync(join(bundleDir, 'render-bundle.json'), 'utf8'));
const { app } = await import(pathToFileURL(join(bundleDir, saved.entryUrl)).href);
// As in src/build/render-worker.mjs: what the build environment's headElements reads.
app.setInternals({
  pagesByKeys: new Map(saved.pages),
  entrySpecifierToBundleMap: new Map(saved.bundles),
});
app.setOptions({
  settings: { scripts: saved.scripts },
  logger: { options: { destination: app.logger.options.destination } },
});

/**
 * Routes that read nothing but the tenant file (the icons drawn from its name and colours, robots.txt):
 * a partial render runs only while the tenant file is unchanged, so the copy's files stand.
 */
const TENANT_ONLY_ROUTES = new Set(['/favicon.png', '/apple-touch-icon.png', '/robots.txt']);
/** A car's own pages: /cars/<slug>/ and the pages under it. */
const CAR_ROUTE = /^\/cars\/\[slug\](\/|$)/;

/** The URL Astro's build requests a path with (`build.format: 'directory'`, base `/`). */
function requestUrl(origin, pathname, route) {
  if (route.type === 'endpoint' || pathname === '/' || pathname === '')
    return new URL(pathname || '/', origin).href;
  return new URL(`${pathname.replace(/^\/+|\/+$/g, '')}/`, `${origin}/`).href;
}

/** Where the page goes: as src/build/render-threads.ts renderedFile (kept in step by the byte-for-byte test). */
function outputFile(outUrl, url, route) {
  const { pathname } = new URL(url);
  if (route.type === 'endpoint') return fileURLToPath(new URL(`.${pathname}`, outUrl));
  if (/^\/(404|500)$/.test(route.route))
    return fileURLToPath(new URL(`.${route.route}.html`, outUrl));
  return fileURLToPath(
    new URL(`.${pathname.endsWith('/') ? pathname : `${pathname}/`}index.html`, outUrl),
  );
}

/** Listing pages a warm-up renders: enough for the engine to optimise the search page's code. */
const WARM_UP_PAGES = 24;

/** Site data a previous render of this thread read: counted up so getSite() (src/site/data.ts) reads the new file. */
const GENERATION = Symbol.for('dealer-sites.site-data-generation');

/** @param {RenderTask} task */
async function render({ snapshot, outDir, origin, reuse, thread, threads, warmUp = false }) {
  process.env.SITE_DATA = snapshot;
  globalThis[GENERATION] = (globalThis[GENERATION] ?? 0) + 1;
  // getStaticPaths' answers (and their props) are cached per route: they came from the last data.
  app.routeCache.clearAll();
  const outUrl = pathToFileURL(outDir.endsWith('/') ? outDir : `${outDir}/`);
  const reused = new Set(reuse.cars);
  const keptSearchPages = new Set(reuse.searchPages);
  const pathsStarted = performance.now();
  const all = await new StaticPaths(app).getAll();
  // A warm-up renders its share of the first listing pages (what every sync renders) to nowhere.
  if (warmUp) {
    const listings = all
      .filter(({ route }) => route.route.startsWith('/search/'))
      .slice(0, WARM_UP_PAGES);
    for (const [index, { pathname, route }] of listings.entries())
      if (index % threads === thread)
        await (
          await app.render(new Request(requestUrl(origin, pathname, route)), { routeData: route })
        ).arrayBuffer();
    return { files: [], rendered: 0, slowest: '' };
  }
  /** With BUILD_TIMINGS: milliseconds by route, to name where a partial render's time goes. */
  const byRoute = new Map([['(listing paths)', performance.now() - pathsStarted]]);
  // The first route to claim a path wins, as in Astro's build.
  const seen = new Set();
  const files = [];
  let rendered = 0;
  let position = 0;
  for (const { pathname, route } of all) {
    const normalized = pathname.replace(/\/+$/, '');
    if (seen.has(normalized)) continue;
    seen.add(normalized);
    if (route.type !== 'page' && route.type !== 'endpoint')
      throw new Error(
        `partial render: route ${route.route} is a ${route.type}, which only a full build writes`,
      );
    const url = requestUrl(origin, pathname, route);
    const file = outputFile(outUrl, url, route);
    files.push(relative(outDir, file));
    if (CAR_ROUTE.test(route.route) && reused.has(pathname.split('/')[2] ?? '')) continue;
    if (keptSearchPages.has(normalized) && existsSync(file)) continue;
    if (TENANT_ONLY_ROUTES.has(route.route) && existsSync(file)) continue;
    if (position++ % threads !== thread) continue;
    const renderStarted = performance.now();
    const response = await app.render(new Request(url), { routeData: route });
    if (response.status >= 300 && response.status < 400)
      throw new Error(`partial render: ${pathname} redirects, which only a full build writes`);
    // The copy's file may be a hard link to the live site's: a new file, never a write into it.
    try {
      unlinkSync(file);
    } catch {
      // not there yet
    }
    // No body: Astro writes no file.
    if (response.body === null) continue;
    const body = new Uint8Array(await response.arrayBuffer());
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
    rendered++;
    byRoute.set(route.route, (byRoute.get(route.route) ?? 0) + performance.now() - renderStarted);
  }
  const slowest = [...byRoute].sort((a, b) => b[1] - a[1]).slice(0, 8);
  return {
    files,
    rendered,
    slowest: slowest.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', '),
  };
}

/** @param {RenderTask} task */
async function answer(task) {
  try {
    parentPort?.postMessage(await render(task));
  } catch (error) {
    parentPort?.postMessage({
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
}

parentPort?.on('message', (task) => void answer(task));
await answer(firstTask);
