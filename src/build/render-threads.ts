/**
 * Astro renders a site's pages on one thread. This prerenderer (installed by site-build.ts) adds
 * render threads (render-worker.mjs) that load the prerender bundle of Astro's one Vite build and
 * render and write pages alongside the main thread, so a big site uses a second core without a
 * second `astro build` and its memory. platform/build/build-tenant.ts says how many threads (the main
 * one included) in its SITE_DATA_READY file; BUILD_THREADS=<n> overrides it, and sets it for an
 * `astro build` run without the build script. Endpoints, status pages and redirects stay with Astro.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cp, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroConfig, AstroPrerenderer } from 'astro';
import type { BuildEnv } from '../config/build-env';

type RouteData = Parameters<AstroPrerenderer['render']>[1]['routeData'];

/** Pages in flight per render thread: enough that it never waits for the busy main thread. */
const THREAD_DEPTH = 4;
/** The main thread renders one page at a time; its other pages wait for a free thread. */
const MAIN_DEPTH = 1;
/**
 * Pages waiting besides those: while Astro writes the main thread's last page, the main thread
 * takes one of these instead of sitting idle until a thread finishes a page.
 */
const SPARE_PAGES = 2;

/** Astro's `build.concurrency` for this many threads: every thread's pages, plus the main one's. */
export function renderConcurrency(threads: number): number {
  return threads > 1 ? MAIN_DEPTH + THREAD_DEPTH * (threads - 1) + SPARE_PAGES : 2;
}

/** The most threads a build may render a big site on: BUILD_THREADS, or one per core up to two (a third is no quicker on two cores). */
export function maxRenderThreads(
  { BUILD_THREADS }: Pick<BuildEnv, 'BUILD_THREADS'>,
  cores = availableParallelism(),
): number {
  return BUILD_THREADS ?? Math.min(2, cores);
}

/**
 * Astro's `build.concurrency`, fixed before the thread count is known when the build script
 * decides it later (SITE_DATA_READY): enough pages for the most threads it may choose.
 */
export function buildConcurrency(env: Pick<BuildEnv, 'BUILD_THREADS' | 'SITE_DATA_READY'>): number {
  return renderConcurrency(env.SITE_DATA_READY ? maxRenderThreads(env) : (env.BUILD_THREADS ?? 1));
}

/** What the build script writes to SITE_DATA_READY once the site data is complete. */
export interface SiteDataReady {
  threads: number;
}

const READY_POLL_MS = 20;

/**
 * platform/build/build-tenant.ts starts `astro build` while it still prepares the site data, and
 * writes the SITE_DATA_READY file (by a rename, so it is never seen half-written) when the data is
 * in place. Pages must not render before that. Stops waiting if the build script (BUILD_PID) has
 * gone, whenever it went: this process is then no longer its child.
 */
export async function waitForSiteData(
  readyFile: string,
  buildPid: number | undefined,
): Promise<SiteDataReady> {
  while (!existsSync(readyFile)) {
    if (buildPid && process.ppid !== buildPid)
      throw new Error(
        `render threads: the build script stopped before the site data was ready (${readyFile})`,
      );
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  return JSON.parse(readFileSync(readyFile, 'utf8')) as SiteDataReady;
}

/**
 * Where Astro writes a page with `build.format: 'directory'`: <outDir>/<path>/index.html. Status
 * pages (404.html), endpoints and other formats are left to Astro (undefined).
 */
export function pageFile(
  config: { outDir: URL; build: Pick<AstroConfig['build'], 'format'> },
  url: string,
  route: Pick<RouteData, 'type' | 'route'>,
): string | undefined {
  if (
    route.type !== 'page' ||
    config.build.format !== 'directory' ||
    /^\/(404|500)$/.test(route.route)
  )
    return undefined;
  const { pathname } = new URL(url);
  return fileURLToPath(
    new URL(`.${pathname.endsWith('/') ? pathname : `${pathname}/`}index.html`, config.outDir),
  );
}

/**
 * The file Astro writes for a prerendered route with `build.format: 'directory'`: a page's
 * <path>/index.html, a status page's 404.html, an endpoint's own path. Undefined for anything else
 * (redirects, fallbacks).
 */
export function renderedFile(
  outDir: URL,
  url: string,
  route: Pick<RouteData, 'type' | 'route'>,
): string | undefined {
  const { pathname } = new URL(url);
  if (route.type === 'endpoint') return fileURLToPath(new URL(`.${pathname}`, outDir));
  if (route.type !== 'page') return undefined;
  if (/^\/(404|500)$/.test(route.route))
    return fileURLToPath(new URL(`.${route.route}.html`, outDir));
  return fileURLToPath(
    new URL(`.${pathname.endsWith('/') ? pathname : `${pathname}/`}index.html`, outDir),
  );
}

const routeKey = (route: RouteData) => `${route.route}\u0000${route.component}`;

/**
 * Node's own import(). Astro loads this module (from astro.config.mjs) through Vite's module
 * runner, which is closed by the time pages render; and the main thread must share the very module
 * instance Astro's prerenderer imports.
 */
const nativeImport = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<unknown>;

/** The prerender bundle's entry module, as Astro's default prerenderer imports it. */
async function prerenderEntryUrl(config: AstroConfig): Promise<string> {
  const astroDir = path.dirname(createRequire(config.root).resolve('astro/package.json'));
  const { getPrerenderOutputDirectory } = (await nativeImport(
    pathToFileURL(path.join(astroDir, 'dist/prerender/utils.js')).href,
  )) as {
    getPrerenderOutputDirectory(settings: { buildOutput: string; config: AstroConfig }): URL;
  };
  const dir = getPrerenderOutputDirectory({ buildOutput: 'static', config });
  const entry = (await readdir(dir)).find(
    (name) => name.startsWith('prerender-entry') && name.endsWith('.mjs'),
  );
  if (!entry) throw new Error(`render threads: no prerender-entry*.mjs in ${fileURLToPath(dir)}`);
  return new URL(entry, dir).href;
}

/** What a render thread needs of Astro's build internals to write each page's head. */
interface BuildInternals {
  pagesByKeys: Map<string, { styles: unknown }>;
  entrySpecifierToBundleMap: Map<string, string>;
}

/** What a render thread is given: the prerender entry and the build internals it needs. */
export interface RenderData {
  entryUrl: string;
  pages: [string, { styles: unknown }][];
  bundles: [string, string][];
  scripts: unknown[];
}

/** The file in a kept render bundle's folder that says how to load it (render-pages.mjs). */
export const RENDER_BUNDLE_FILE = 'render-bundle.json';
/** Beside it: the files (relative to the site) the build that kept it rendered, sorted. */
export const RENDERED_FILES = 'rendered-files.json';

/**
 * Copy the prerender bundle (its whole folder) to `dir` with the internals the render threads are
 * given, entry named relative to the folder, and the files this build rendered. Written beside
 * `dir` and renamed in whole.
 */
async function saveRenderBundle(
  data: RenderData,
  dir: string,
  files: string[],
  root: URL,
): Promise<void> {
  const from = fileURLToPath(new URL('.', data.entryUrl));
  const tmp = `${dir}.tmp`;
  await rm(tmp, { recursive: true, force: true });
  await cp(from, tmp, { recursive: true });
  // The bundle imports packages (react, astro, ...): found here wherever the copy is kept.
  await symlink(
    fileURLToPath(new URL('./node_modules', root)),
    path.join(tmp, 'node_modules'),
    'dir',
  );
  const saved = { ...data, entryUrl: path.basename(fileURLToPath(data.entryUrl)) };
  await writeFile(path.join(tmp, RENDER_BUNDLE_FILE), JSON.stringify(saved));
  await writeFile(path.join(tmp, RENDERED_FILES), JSON.stringify(files.sort()));
  await rm(dir, { recursive: true, force: true });
  await rename(tmp, dir);
}

interface PrerenderApp {
  setInternals(internals: BuildInternals): void;
  getSettings(): { scripts: unknown[] };
}

interface Reply {
  id: number;
  /** The thread wrote the page itself. */
  written?: boolean;
  error?: string;
  status?: number;
  statusText?: string;
  headers?: [string, string][];
  body?: ArrayBuffer | null;
}

class RenderThread {
  private next = 0;
  /** Why the thread stopped, once it has: its later pages fail at once instead of waiting forever. */
  private failure: Error | undefined;
  private readonly pending = new Map<
    number,
    { resolve: (response: Response) => void; reject: (error: Error) => void }
  >();
  readonly ready: Promise<void>;

  constructor(private readonly worker: Worker) {
    this.ready = new Promise((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) =>
        reject(new Error(`render thread exited before it was ready (code ${code})`)),
      );
      worker.on('message', (message: Reply | { ready: true }) =>
        'ready' in message ? resolve() : this.settle(message),
      );
    });
    // A thread that dies fails its pages (and so the build) instead of leaving them waiting.
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', (code) => this.failAll(new Error(`render thread exited (code ${code})`)));
  }

  get inFlight(): number {
    return this.pending.size;
  }

  /** Pages sent to this thread. */
  rendered = 0;

  render(url: string, route: RouteData, file: string): Promise<Response> {
    const id = this.next++;
    this.rendered++;
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, url, route: routeKey(route), file });
    });
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    if (!waiting) return;
    if (reply.error !== undefined) waiting.reject(new Error(reply.error));
    // No body: Astro then writes nothing, as the thread has written the page.
    else if (reply.written) waiting.resolve(new Response(null));
    else
      waiting.resolve(
        new Response(reply.body ?? null, {
          status: reply.status,
          statusText: reply.statusText,
          headers: reply.headers,
        }),
      );
  }

  private failAll(error: Error): void {
    this.failure ??= error;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }

  terminate(): Promise<number> {
    this.worker.removeAllListeners('exit');
    return this.worker.terminate();
  }
}

/**
 * Whether pages go through the render threads' prerenderer: for the build script (SITE_DATA_READY),
 * for more than one thread, or to keep the prerender bundle (RENDER_BUNDLE_DIR).
 */
export function usesRenderThreads(
  env: Pick<BuildEnv, 'SITE_DATA_READY' | 'BUILD_THREADS' | 'RENDER_BUNDLE_DIR'>,
): boolean {
  return Boolean(env.SITE_DATA_READY || (env.BUILD_THREADS ?? 1) > 1 || env.RENDER_BUNDLE_DIR);
}

/**
 * Astro's default prerenderer with render threads beside its main thread. SITE_DATA_READY names
 * the file that says when the site data is ready and how many threads to use; without it,
 * BUILD_THREADS says (one when unset). RENDER_BUNDLE_DIR keeps a copy of the prerender bundle there
 * (render-pages.mjs renders from it later).
 */
export function renderThreadsPrerenderer(
  defaults: AstroPrerenderer,
  config: AstroConfig,
  env: BuildEnv,
): AstroPrerenderer {
  const { SITE_DATA_READY: readyFile, RENDER_BUNDLE_DIR: keepBundle } = env;
  let threads: RenderThread[] = [];
  let renderData: RenderData | undefined;
  /** The files this build renders (with RENDER_BUNDLE_DIR): a later partial render removes those it no longer writes. */
  const renderedFiles: string[] = [];
  /** Pages the main thread renders at once: interleaving two hides its writes when it is alone. */
  let mainDepth = MAIN_DEPTH;
  let mainBusy = 0;
  let mainRendered = 0;
  let waited = 0;
  let renderStarted = 0;
  const waiting: (() => void)[] = [];
  // A freed slot may suit any waiting page (a thread takes only pages), so all of them look again.
  const wake = () => waiting.splice(0).forEach((resolve) => resolve());

  return {
    name: 'render-threads',
    async setup() {
      const waitStarted = performance.now();
      const count = readyFile
        ? (await waitForSiteData(readyFile, env.BUILD_PID)).threads
        : (env.BUILD_THREADS ?? 1);
      waited = performance.now() - waitStarted;
      renderStarted = performance.now();
      if (count === 1 && !keepBundle) {
        mainDepth = renderConcurrency(1);
        return defaults.setup?.();
      }
      const entryUrl = await prerenderEntryUrl(config);
      const { app } = (await nativeImport(entryUrl)) as { app: PrerenderApp };
      // The default prerenderer hands the app Astro's build internals; keep them for the threads.
      let internals: BuildInternals | undefined;
      const setInternals = app.setInternals;
      app.setInternals = (value) => {
        internals = value;
        setInternals.call(app, value);
      };
      try {
        await defaults.setup?.();
      } finally {
        app.setInternals = setInternals;
      }
      if (!internals)
        throw new Error('render threads: the prerender app was not given its build internals');
      renderData = {
        entryUrl,
        pages: [...internals.pagesByKeys].map(([key, page]) => [key, { styles: page.styles }]),
        bundles: [...internals.entrySpecifierToBundleMap],
        scripts: app.getSettings().scripts,
      };
      if (count === 1) {
        mainDepth = renderConcurrency(1);
        return;
      }
      const script = new URL('./src/build/render-worker.mjs', config.root);
      const workerData = renderData;
      threads = Array.from(
        { length: count - 1 },
        () => new RenderThread(new Worker(script, { workerData })),
      );
      await Promise.all(threads.map((thread) => thread.ready));
    },
    getStaticPaths: () => defaults.getStaticPaths(),
    async render(request, options) {
      if (keepBundle) {
        const written = renderedFile(config.outDir, request.url, options.routeData);
        if (written) renderedFiles.push(path.relative(fileURLToPath(config.outDir), written));
      }
      const file = options.collectMetadata
        ? undefined
        : pageFile(config, request.url, options.routeData);
      for (;;) {
        const thread = file && threads.find((candidate) => candidate.inFlight < THREAD_DEPTH);
        if (thread) return thread.render(request.url, options.routeData, file).finally(wake);
        if (mainBusy < mainDepth) {
          mainBusy++;
          mainRendered++;
          try {
            return await defaults.render(request, options);
          } finally {
            mainBusy--;
            wake();
          }
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
    async teardown() {
      // Past Astro's logger (the build runs --silent): platform/build/build-tenant.ts prints it with BUILD_TIMINGS.
      // The render time runs from the site data being ready to the last page: getStaticPaths included.
      const seconds = (performance.now() - renderStarted) / 1000;
      process.stdout.write(
        `render threads: ${[mainRendered, ...threads.map((thread) => thread.rendered)].join(' + ')} pages in ${seconds.toFixed(1)} s` +
          ` (waited ${(waited / 1000).toFixed(1)} s for the site data)\n`,
      );
      await Promise.all(threads.map((thread) => thread.terminate()));
      threads = [];
      // Astro deletes the prerender bundle after this: a copy lets a sync re-render pages without a Vite build.
      if (keepBundle && renderData)
        await saveRenderBundle(renderData, keepBundle, renderedFiles, config.root);
      await defaults.teardown?.();
    },
  };
}
