import type { SiteChanges } from './changed-files';

/** Never served (the CDN reads `_headers`; the edge hides it), so never cached. */
const NOT_SERVED = new Set(['_headers']);

/**
 * The URL paths a cache may hold a site file under. A page `cars/x/index.html` is linked as
 * `/cars/x`, and answered at `/cars/x/` and `/cars/x/index.html` too (Caddy and the local server
 * serve all three; Cloudflare Pages redirects two of them), so all three are purged. Other files
 * have one URL.
 */
export function urlPathsOfFile(file: string): string[] {
  if (NOT_SERVED.has(file)) return [];
  if (file === 'index.html') return ['/', '/index.html'];
  if (file.endsWith('/index.html')) {
    const dir = `/${file.slice(0, -'/index.html'.length)}`;
    return [dir, `${dir}/`, `/${file}`];
  }
  if (file.endsWith('.html')) return [`/${file.slice(0, -'.html'.length)}`, `/${file}`];
  return [`/${file}`];
}

/**
 * Build assets are named by their content: a new name was never served and an old one may still be
 * asked for by a page a browser holds, so adding or deleting one purges nothing.
 */
const contentNamed = (file: string) => file.startsWith('_astro/');

/** Percent-encode what a URL path cannot hold as it is (a file name with a space), keeping "/". */
const encodePath = (urlPath: string) => urlPath.split('/').map(encodeURIComponent).join('/');

/**
 * The absolute URLs a publish makes stale: every URL of each file whose bytes changed, that was
 * added (a cache may hold its earlier 404) or that was deleted (now a 404). Sorted, no repeats.
 */
export function purgeUrls(siteUrl: string, changes: SiteChanges): string[] {
  const base = siteUrl.replace(/\/+$/, ''); // as canonicalUrl joins them
  const files = [
    ...changes.changed,
    ...changes.added.filter((file) => !contentNamed(file)),
    ...changes.deleted.filter((file) => !contentNamed(file)),
  ];
  return [
    ...new Set(files.flatMap(urlPathsOfFile).map((urlPath) => `${base}${encodePath(urlPath)}`)),
  ].sort();
}
