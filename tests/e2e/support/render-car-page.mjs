/* global Request */
// Renders car pages with the build's own code: the prerender bundle a full build keeps in
// .build/<slug>/render-bundle (what src/build/render-pages.mjs re-renders a sync's pages with),
// over site data files given one by one. A worker thread, so the bundle's globals (SITE_DATA, the
// site data cache) stay out of the test's process.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ bundleDir: string, pages: { snapshot: string, url: string }[] }} */
const { bundleDir, pages } = workerData;
const saved = JSON.parse(readFileSync(join(bundleDir, 'render-bundle.json'), 'utf8'));
const { app } = await import(pathToFileURL(join(bundleDir, saved.entryUrl)).href);
app.setInternals({
  pagesByKeys: new Map(saved.pages),
  entrySpecifierToBundleMap: new Map(saved.bundles),
});
app.setOptions({
  settings: { scripts: saved.scripts },
  logger: { options: { destination: app.logger.options.destination } },
});
const route = app.manifest.routes
  .map((/** @type {{ routeData: any }} */ entry) => entry.routeData)
  .find((routeData) => routeData.route === '/cars/[slug]');
/** As render-pages.mjs: counted up so getSite() (src/site/data.ts) reads the next file. */
const GENERATION = Symbol.for('dealer-sites.site-data-generation');
const html = [];
for (const { snapshot, url } of pages) {
  process.env.SITE_DATA = snapshot;
  globalThis[GENERATION] = (globalThis[GENERATION] ?? 0) + 1;
  app.routeCache.clearAll();
  const response = await app.render(new Request(url), { routeData: route });
  if (response.status !== 200) throw new Error(`render ${url}: ${response.status}`);
  html.push(await response.text());
}
parentPort?.postMessage(html);
