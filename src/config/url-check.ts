/* The URL rules without zod: browser code imports these (zod would add about 90 KB to an island). */

/**
 * The one rule for every URL a feed or tenant file puts into a page (links, images, videos,
 * iframes): an absolute http(s) URL, or a path on the site itself. Anything else can run script
 * in the dealer's origin (`javascript:`), render arbitrary HTML (`data:text/html`) or reach
 * somewhere else (`//host`, `/\host`, which browsers read as another host).
 */
export function urlProblem(value: string): string | undefined {
  // Browsers drop tabs and newlines inside URLs ("java\nscript:"), so none are allowed at all.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value))
    return 'expected a URL without control characters (line breaks, tabs)';
  if (/^[/\\][/\\]/.test(value))
    return 'expected a site path starting with a single "/" or an http(s) URL; a link starting with "//" goes to another site, so write it as "https://..."';
  if (value.startsWith('/')) return undefined;
  if (/^https?:\/\//i.test(value)) {
    let host: string;
    try {
      host = new URL(value).hostname;
    } catch {
      return 'expected a valid http(s) URL';
    }
    return host ? undefined : 'expected an http(s) URL with a host name';
  }
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  return scheme
    ? `expected an http(s) URL or a site path starting with "/"; "${scheme.toLowerCase()}:" URLs are not allowed`
    : 'expected an http(s) URL or a site path starting with "/"';
}

export function isSafeUrl(value: string): boolean {
  return urlProblem(value) === undefined;
}

/** The URL if it is safe to put into a page, else undefined (for render-time defence in depth). */
export function safeUrlOrUndefined(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && isSafeUrl(trimmed) ? trimmed : undefined;
}
