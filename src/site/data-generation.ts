/**
 * Which site data a render thread that lives on between partial renders renders now
 * (src/build/render-pages.mjs counts it up, with SITE_DATA pointing at the new data): a global,
 * because the thread reaches the prerender bundle's modules only through Astro's app. The same
 * key is written out in render-pages.mjs (plain JavaScript, run outside the bundle).
 */
const GENERATION = Symbol.for('dealer-sites.site-data-generation');

export function siteDataGeneration(): number {
  return (globalThis as Record<symbol, number | undefined>)[GENERATION] ?? 0;
}
