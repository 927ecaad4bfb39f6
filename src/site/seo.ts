/** Canonical URL of a site path: the tenant's origin plus the path, no trailing slash except the root. */
export function canonicalUrl(siteUrl: string, path: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  if (path === '/' || path === '') return `${origin}/`;
  return `${origin}${path.startsWith('/') ? '' : '/'}${path}`;
}
