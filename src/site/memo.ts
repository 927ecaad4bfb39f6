import type { SiteData } from './types';

/** Compute something from an object once, for as long as the object lives. */
export function perObject<K extends object, T>(compute: (key: K) => T): (key: K) => T {
  const cache = new WeakMap<K, T>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, compute(key));
    return cache.get(key)!;
  };
}

/**
 * Compute something from the site once per build. Layout parts run on every page (10,000+ on a
 * big site), so anything that walks the stock must not run per page.
 */
export function perSite<T>(compute: (site: SiteData) => T): (site: SiteData) => T {
  return perObject(compute);
}
