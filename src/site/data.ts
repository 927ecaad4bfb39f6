import { buildEnv } from '../config/build-env';
import { readSiteSnapshot } from './snapshot';
import { siteDataGeneration } from './data-generation';
import type { SiteData } from './types';

let cached: { site: SiteData; generation: number } | undefined;

/**
 * The data of the site being built. The build script prepares it (scripts/build.ts) and points
 * SITE_DATA at the JSON file; every page of one render reads the same snapshot.
 */
export function getSite(): SiteData {
  const generation = siteDataGeneration();
  if (cached?.generation === generation) return cached.site;
  const file = buildEnv().SITE_DATA;
  if (!file)
    throw new Error(
      'SITE_DATA is not set: build sites with `npm run build` (or `npm run dev -- <slug>`), not `astro build` directly.',
    );
  cached = { site: readSiteSnapshot(file), generation };
  return cached.site;
}
