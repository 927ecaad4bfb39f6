import type { SiteData } from './types';

/**
 * Compute something from the site once per build. Layout parts run on every page (10,000+ on a
 * big site), so anything that walks the stock must not run per page.
 */
export function perSite<T>(compute: (site: SiteData) => T): (site: SiteData) => T {
  const cache = new WeakMap<SiteData, T>();
  return (site) => {
    if (!cache.has(site)) cache.set(site, compute(site));
    return cache.get(site)!;
  };
}
