import { readFileSync, statSync } from 'node:fs';
import type { SiteData } from '../../src/site/types';

/**
 * Each tenant's site data as its last build wrote it (.build/<slug>/site.json), re-read when a
 * publish replaces the file (checked at most once a second), so the API follows the sites it serves.
 */
export function siteSnapshots(
  fileOf: (slug: string) => string,
  onProblem: (slug: string, problem: string) => void,
) {
  const kept = new Map<string, { site: SiteData; mtimeMs: number; checkedAt: number }>();
  return (slug: string): SiteData | undefined => {
    const entry = kept.get(slug);
    const now = Date.now();
    if (entry && now - entry.checkedAt < 1000) return entry.site;
    const file = fileOf(slug);
    try {
      const { mtimeMs } = statSync(file);
      if (entry && entry.mtimeMs === mtimeMs) {
        entry.checkedAt = now;
        return entry.site;
      }
      const site = JSON.parse(readFileSync(file, 'utf8')) as SiteData;
      kept.set(slug, { site, mtimeMs, checkedAt: now });
      return site;
    } catch (error) {
      onProblem(slug, `could not read ${file}: ${(error as Error).message}`);
      if (entry) entry.checkedAt = now;
      return entry?.site;
    }
  };
}
