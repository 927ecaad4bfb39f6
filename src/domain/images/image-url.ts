import { isSafeUrl } from '../../config/url-check';
import type { Tenant } from '../../tenant/schema';
import type { ImageFormat, Images } from '../../tenant/schema/images';
import { IMAGE_WIDTH_LADDER } from './ladder';

/** What turning a photo into a resized URL needs besides the photo. */
export interface ImageUrlContext {
  settings: Images;
  /** The site's own absolute URL (tenant `url`): site paths are made absolute with it for CDNs that fetch. */
  siteUrl: string;
  /** Origins other than the site that an image CDN may resize photos from (see `imageOrigins`). */
  allowedOrigins: readonly string[];
}

export interface ImageOptions {
  quality?: number;
  format?: ImageFormat;
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origins an image CDN may be sent photos from besides the site itself: the hosts of the
 * tenant's feed URLs and its `media_hosts.image`. Photos elsewhere are passed through untouched,
 * so the CDN does not become an open proxy. (The embedded resizer instead takes any photo URL the
 * site's data lists, and only those: api/images/listed-photos.ts.)
 */
export function imageOrigins(tenant: Pick<Tenant, 'feeds' | 'media_hosts'>): string[] {
  const feedOrigins = Object.values(tenant.feeds).flatMap((source) =>
    typeof source === 'string' && /^https?:\/\//i.test(source) ? [originOf(source)] : [],
  );
  return [
    ...new Set(
      [...feedOrigins, ...tenant.media_hosts.image].filter((origin): origin is string =>
        Boolean(origin),
      ),
    ),
  ];
}

/** The context for a tenant's pages. */
export function imageUrlContext(
  tenant: Pick<Tenant, 'feeds' | 'media_hosts' | 'url' | 'images'>,
): ImageUrlContext {
  return { settings: tenant.images, siteUrl: tenant.url, allowedOrigins: imageOrigins(tenant) };
}

/** The smallest ladder width that covers `width` (the largest one above it). */
export function ladderWidth(width: number): number {
  return (
    IMAGE_WIDTH_LADDER.find((step) => step >= width) ??
    IMAGE_WIDTH_LADDER[IMAGE_WIDTH_LADDER.length - 1]!
  );
}

type Source =
  | { kind: 'site'; path: string; absolute: string; vector: boolean }
  | { kind: 'remote'; absolute: string; vector: boolean };

/** The site's origin, parsed once per site URL (a 10,000-car listing feed asks for it per photo). */
const siteOrigins = new Map<string, string | undefined>();
function siteOriginOf(siteUrl: string): string | undefined {
  if (!siteOrigins.has(siteUrl)) siteOrigins.set(siteUrl, originOf(siteUrl));
  return siteOrigins.get(siteUrl);
}

/** Where the photo lives, with its URL normalised (spaces and unicode percent-encoded), or undefined when it may not be resized. */
function sourceOf(original: string, context: ImageUrlContext): Source | undefined {
  const siteOrigin = siteOriginOf(context.siteUrl);
  let url: URL;
  try {
    url = new URL(original, siteOrigin ?? 'http://site.invalid');
  } catch {
    return undefined;
  }
  url.hash = '';
  const vector = /\.svgz?$/i.test(url.pathname);
  if (original.startsWith('/') || url.origin === siteOrigin)
    return { kind: 'site', path: url.pathname + url.search, absolute: url.href, vector };
  // The embedded resizer takes exactly the photo URLs the site lists, whatever their host; a CDN
  // is sent only photos from the hosts the tenant names (it would fetch any URL it is given).
  const resizable =
    context.settings.provider === 'embedded'
      ? /^https?:$/.test(url.protocol)
      : context.allowedOrigins.includes(url.origin);
  return resizable ? { kind: 'remote', absolute: url.href, vector } : undefined;
}

/**
 * The URL to request for `original` resized to `width` pixels wide, in the tenant's image CDN's
 * grammar. With a CDN, a photo from a host that is not the site's, a feed's or a
 * `media_hosts.image` origin is returned unchanged; an unsafe value (see safe-url.ts) gives undefined.
 */
export function imageUrl(
  context: ImageUrlContext,
  original: string,
  width: number,
  options: ImageOptions = {},
): string | undefined {
  const trimmed = original.trim();
  if (!trimmed || !isSafeUrl(trimmed)) return undefined;
  const source = sourceOf(trimmed, context);
  // Vector images (the not-found placeholder, logos) are sharp at every width already.
  if (!source || source.vector) return trimmed;
  const { settings } = context;
  const quality = options.quality ?? settings.quality;
  const format = options.format ?? settings.format;
  const w = Math.max(1, Math.round(width));

  switch (settings.provider) {
    case 'embedded': {
      // The route negotiates the format from the request's Accept header, so none is named here.
      const params = new URLSearchParams({
        url: source.kind === 'site' ? source.path : source.absolute,
        w: String(ladderWidth(w)),
        q: String(quality),
      });
      return `/api/image?${params}`;
    }
    case 'imgix': {
      // A Web Folder source maps the domain's paths onto one origin; photos elsewhere are left alone.
      const base = settings.source_origin ?? originOf(context.siteUrl);
      const url = new URL(source.absolute);
      if (url.origin !== base) return trimmed;
      const resized = new URL(url.pathname + url.search, settings.domain);
      resized.searchParams.set('w', String(w));
      resized.searchParams.set('q', String(quality));
      if (format === 'auto') resized.searchParams.set('auto', 'format');
      else resized.searchParams.set('fm', format === 'jpeg' ? 'jpg' : format);
      return resized.href;
    }
    case 'cloudinary': {
      const f = format === 'jpeg' ? 'jpg' : format;
      // c_limit: never enlarge a photo smaller than the width asked for.
      return `https://res.cloudinary.com/${settings.cloud_name}/image/fetch/c_limit,w_${w},q_${quality},f_${f}/${encodeURIComponent(source.absolute)}`;
    }
    case 'cloudflare': {
      const options = `width=${w},quality=${quality},format=${format},fit=scale-down`;
      // Cloudflare takes the source unencoded: a path on the zone itself, else an absolute URL.
      const onZone = !settings.zone && source.kind === 'site';
      return `${settings.zone ?? ''}/cdn-cgi/image/${options}/${onZone ? source.path.replace(/^\//, '') : source.absolute}`;
    }
    case 'template': {
      const values: Record<string, string> = {
        url: encodeURIComponent(source.absolute),
        width: String(w),
        quality: String(quality),
        format,
      };
      return settings.template.replace(
        /\{(url|width|quality|format)\}/g,
        (_, name: string) => values[name]!,
      );
    }
  }
}

/** A `srcset` value offering `original` at each width ("url 320w, url 640w"), or undefined when it cannot be resized. */
export function srcset(
  context: ImageUrlContext,
  original: string,
  widths: readonly number[] = context.settings.widths,
  options: ImageOptions = {},
): string | undefined {
  const candidates = new Map<string, number>();
  for (const width of [...widths].sort((a, b) => a - b)) {
    const url = imageUrl(context, original, width, options);
    if (!url || url === original.trim()) return undefined;
    const described = context.settings.provider === 'embedded' ? ladderWidth(width) : width;
    if (![...candidates.values()].includes(described)) candidates.set(url, described);
  }
  return [...candidates].map(([url, width]) => `${url} ${width}w`).join(', ');
}

/** The origin resized photos come from when it is not the site itself: the CSP's img-src must name it. */
export function imageCdnOrigin(settings: Images): string | undefined {
  switch (settings.provider) {
    case 'imgix':
      return settings.domain;
    case 'cloudinary':
      return 'https://res.cloudinary.com';
    case 'cloudflare':
      return settings.zone;
    case 'template':
      return new URL(settings.template.replace(/\{[^{}]*\}/g, 'x')).origin;
    default:
      return undefined;
  }
}
