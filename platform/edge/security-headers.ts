import { createHash } from 'node:crypto';
import type { Tenant } from '../../src/tenant/schema';
import { imageCdnOrigin } from '../../src/domain/images/image-url';

/**
 * The security headers every response of a site carries, from its tenant settings and the hashes
 * of the inline scripts its pages contain. platform/edge/headers.ts writes them to the `_headers`
 * file the CDN reads, and the local server applies that same file, so both serve one policy.
 */

/** Two years: well over the six months HSTS needs to count, and what preload lists ask for. */
export const HSTS_MAX_AGE = 63_072_000;

/** Script types a browser runs (an empty type is JavaScript); JSON-LD and other data blocks aren't. */
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
]);

/**
 * The CSP source of each inline script in a page ('sha256-...'), as the browser hashes it: the raw
 * text between the tags. Scripts with a src, and data blocks (JSON-LD), need none. Reads the
 * lower-case tags the build writes, with plain string search: a big site has gigabytes of pages.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (let open = html.indexOf('<script'); open >= 0; open = html.indexOf('<script', open + 1)) {
    const tagEnd = html.indexOf('>', open);
    const close = html.indexOf('</script', tagEnd);
    if (tagEnd < 0 || close < 0) break;
    const attributes = html.slice(open + '<script'.length, tagEnd);
    if (!/^(\s|$)/.test(attributes)) continue;
    open = close;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    if (!EXECUTABLE_TYPES.has((type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase()))
      continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(html.slice(tagEnd + 1, close), 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** Hosts outside the site that a page embeds media from: images, and players or video files. */
export interface EmbeddedOrigins {
  image: Set<string>;
  video: Set<string>;
}

/** Adds to `found` the origins of the absolute image, frame and video URLs in a page. */
export function embeddedOrigins(html: string, found: EmbeddedOrigins): void {
  for (const [, tag, origin] of html.matchAll(
    /<(img|source|iframe|video)\b[^>]*?\s(?:src|srcset|poster)="(https?:\/\/[^"/\s]+)/g,
  )) {
    (tag === 'img' ? found.image : found.video).add(new URL(origin!).origin);
  }
}

/** The origin of a URL, or undefined for a relative one (already covered by 'self'). */
function originOf(url: string | undefined): string | undefined {
  if (!url || !/^https?:\/\//i.test(url)) return undefined;
  return new URL(url).origin;
}

/**
 * The map tile host as a CSP source. A Leaflet template's {s} (a, b, c subdomains) becomes a
 * wildcard for that one label under the provider's host, never for the whole web.
 */
export function tileSource(tileUrl: string): string {
  const match = /^(https:\/\/[^/]+)/.exec(tileUrl);
  if (!match) throw new Error(`Map tile URL is not https: ${tileUrl}`);
  return match[1]!.replace(/\{s\}/g, '*').toLowerCase();
}

type SecurityTenant = Pick<Tenant, 'map' | 'analytics' | 'search' | 'media_hosts' | 'images'>;

/**
 * The Content-Security-Policy of a site: its own origin, plus the hosts its settings name. Images
 * may also come from the hosts the built pages show them from (the dealer's own feeds: passive
 * content, each host by name); players and videos only from the hosts the tenant allows.
 */
export function contentSecurityPolicy(
  tenant: SecurityTenant,
  scriptHashes: Iterable<string>,
  pageImageOrigins: Iterable<string> = [],
): string {
  const unique = (sources: (string | undefined)[]) => [
    ...new Set(sources.filter((source): source is string => Boolean(source))),
  ];
  const directives: [string, (string | undefined)[]][] = [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", ...[...new Set(scriptHashes)].sort()]],
    // React and Astro write style attributes into the markup; inline styles can't run code.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // The image CDN is named from the setting: the page scan below sees only a tag's first URL, not srcset.
    [
      'img-src',
      [
        "'self'",
        'data:',
        tileSource(tenant.map.tile_url),
        imageCdnOrigin(tenant.images),
        ...tenant.media_hosts.image,
        ...[...pageImageOrigins].sort(),
      ],
    ],
    ['font-src', ["'self'"]],
    [
      'connect-src',
      ["'self'", originOf(tenant.analytics.endpoint), originOf(tenant.search.meilisearch?.host)],
    ],
    ['media-src', ["'self'", ...tenant.media_hosts.video]],
    ['frame-src', ["'self'", ...tenant.media_hosts.video]],
    ['manifest-src', ["'self'"]],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${unique(sources).join(' ')}`).join('; ');
}

/** Headers for every response of the site (pages, files and the API). */
export function securityHeaders(
  tenant: SecurityTenant,
  scriptHashes: Iterable<string>,
  pageImageOrigins: Iterable<string> = [],
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(tenant, scriptHashes, pageImageOrigins),
    'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE}`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self)',
    // For browsers without frame-ancestors; the CSP decides where it is known.
    'X-Frame-Options': 'SAMEORIGIN',
    // Only this site may embed its pages, images and data; crawlers and links are unaffected.
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
