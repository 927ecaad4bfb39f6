import { readSiteSnapshot } from './snapshot';
import type { SiteData } from './types';

let cached: { site: SiteData; generation: number } | undefined;

/**
 * Which site data a render thread that lives on between partial renders renders now
 * (src/site/render-pages.mjs counts it up, with SITE_DATA pointing at the new data): a global,
 * because the thread reaches the prerender bundle's modules only through Astro's app.
 */
const GENERATION = Symbol.for('dealer-sites.site-data-generation');

export function siteDataGeneration(): number {
  return (globalThis as Record<symbol, number | undefined>)[GENERATION] ?? 0;
}

/**
 * The data of the site being built. The build script prepares it (scripts/build.ts) and points
 * SITE_DATA at the JSON file; every page of one render reads the same snapshot.
 */
export function getSite(): SiteData {
  const generation = siteDataGeneration();
  if (cached?.generation === generation) return cached.site;
  const file = process.env.SITE_DATA;
  if (!file) throw new Error('SITE_DATA is not set: build sites with `npm run build` (or `npm run dev -- <slug>`), not `astro build` directly.');
  cached = { site: readSiteSnapshot(file), generation };
  return cached.site;
}
