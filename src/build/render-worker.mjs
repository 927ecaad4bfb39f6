/* global Request */
// A render thread of src/build/render-threads.ts: it loads the same prerender bundle as Astro's own
// build, then renders and writes the pages it is sent.
import { mkdirSync, writeFileSync } from 'node:fs';
import { StaticPaths } from 'astro/runtime/prerender/static-paths.js';
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ entryUrl: string, pages: [string, unknown][], bundles: [string, string][], scripts: unknown[] }} */
const { entryUrl, pages, bundles, scripts } = workerData;
const { app } = await import(entryUrl);
// What the build environment's headElements reads: each page's styles and the page script bundle.
app.setInternals({ pagesByKeys: new Map(pages), entrySpecifierToBundleMap: new Map(bundles) });
app.setOptions({
  settings: { scripts },
  logger: { options: { destination: app.logger.options.destination } },
});

/** @param {{ route: string, component: string }} route */
const routeKey = (route) => `${route.route}\u0000${route.component}`;
const routes = new Map(
  app.manifest.routes.map((/** @type {{ routeData: any }} */ { routeData }) => [
    routeKey(routeData),
    routeData,
  ]),
);

// Every route's getStaticPaths (the site data, read and indexed) runs now, while the main thread
// does the same, rather than on this thread's first pages.
const warm = new StaticPaths(app).getAll();

parentPort?.on(
  'message',
  async (
    /** @type {{ id: number, url: string, route: string, file: string }} */ {
      id,
      url,
      route,
      file,
    },
  ) => {
    try {
      await warm;
      const routeData = routes.get(route);
      if (!routeData) throw new Error(`render thread: no route ${route.replace('\u0000', ' ')}`);
      const response = await app.render(new Request(url), { routeData });
      const body = response.body === null ? null : await response.arrayBuffer();
      // A page is written here, off the main thread; anything else (a redirect, an empty body) goes
      // back for Astro to handle.
      if (response.status === 200 && body) {
        // Blocking calls: this thread has nothing else to do meanwhile, and they cost far less than
        // the promise-based ones.
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, new Uint8Array(body));
        parentPort?.postMessage({ id, written: true });
        return;
      }
      const reply = {
        id,
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        body,
      };
      parentPort?.postMessage(reply, body ? [body] : []);
    } catch (error) {
      parentPort?.postMessage({
        id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  },
);
parentPort?.postMessage({ ready: true });
