import { apiEnv } from '../env';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Context } from 'hono';
import { z } from 'zod';
import { urlProblem } from '../../src/config/safe-url';
import { normalisePhotoUrl } from '../../src/domain/images/normalise-url';
import { IMAGE_WIDTH_LADDER } from '../../src/tenant/schema/images';
import type { SiteData } from '../../src/site/types';
import { diskCache, type CacheEntry } from '../images/disk-cache';
import { listedPhotos } from '../images/listed-photos';
import { OriginalProblem } from '../images/original-problem';
import { fetchRemoteOriginal, type Validators } from '../images/remote-original';
import { outputFor, resize, type Output } from '../images/resize';
import { imageSettings } from '../images/settings';
import { readSiteFile, siteFileFor, type SiteFile } from '../images/site-files';
import { transformSlots, type TransformSlots } from '../images/transform-slots';
import type { ApiApp, ApiEnv } from '../types';

/** A remote original is asked "changed?" once this old, so a replaced photo shows within a day. */
export const REVALIDATE_AFTER_MS = 24 * 60 * 60_000;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Remote originals can change under their URL: browsers and CDNs keep a variant a day at most. */
const ONE_DAY = 'public, max-age=86400';

const Query = z.object({
  url: z
    .string({ error: 'url is required: the photo to resize.' })
    .min(1, 'url is required: the photo to resize.')
    .max(2048, 'url is too long.'),
  w: z.coerce
    .number({ error: 'w must be a width in pixels.' })
    .refine(
      (width) => (IMAGE_WIDTH_LADDER as readonly number[]).includes(width),
      `w must be one of ${IMAGE_WIDTH_LADDER.join(', ')}.`,
    ),
  // Steps of 5 only: with the width ladder this bounds the cached variants of one photo.
  q: z.coerce
    .number({ error: 'q must be a quality from 30 to 95.' })
    .refine(
      (quality) => Number.isInteger(quality) && quality >= 30 && quality <= 95 && quality % 5 === 0,
      'q must be 30 to 95 in steps of 5.',
    )
    .default(75),
});

type Source = { kind: 'site'; file: SiteFile } | { kind: 'remote'; url: string };

/** What a cache file says about its image: for a remote original, the version resized and when it was last checked. */
interface VariantMeta {
  /** The answer's ETag (a digest of the image). */
  tag: string;
  original?: Validators;
  checkedAt?: number;
}

type Variant = { body: Buffer; tag: string; cache: 'hit' | 'miss' | 'stale' };
type Lease = NonNullable<ReturnType<TransformSlots['admit']>>;

/** Where a site's own files are read from and resized images are kept (read per request, so tests and hosts can set them). */
function directories(slug: string) {
  const env = apiEnv();
  const root = env.IMAGE_SITE_ROOT ?? process.cwd();
  return {
    siteRoots: [path.join(root, 'dist', slug), path.join(root, 'public')],
    cacheDir: env.IMAGE_CACHE_DIR ?? path.join(root, '.build', 'image-cache'),
  };
}

/**
 * The original a request names, in one spelling: a file of the site (a site path or a URL on the
 * site's own origin) or a photo URL the site's data lists. Any other URL is refused, so the route
 * is no open proxy and a new spelling or query string makes no new work.
 */
async function sourceOf(site: SiteData, original: string): Promise<Source> {
  const problem = urlProblem(original);
  if (problem) throw new OriginalProblem(400, `url: ${problem}.`);
  const { siteRoots } = directories(site.tenant.slug);
  if (original.startsWith('/'))
    return { kind: 'site', file: await siteFileFor(siteRoots, original) };
  const url = normalisePhotoUrl(original);
  if (!url) throw new OriginalProblem(400, 'url: expected an http(s) URL or a site path.');
  const parsed = new URL(url);
  if (URL.canParse(site.tenant.url) && parsed.origin === new URL(site.tenant.url).origin)
    return { kind: 'site', file: await siteFileFor(siteRoots, parsed.pathname) };
  if (!(await listedPhotos(site)).has(url))
    throw new OriginalProblem(
      403,
      'This site resizes only its own files and the photos its pages list.',
    );
  return { kind: 'remote', url };
}

/** One cache file per original (and, for a site file, its version), width, quality and format. */
function cacheName(source: Source, width: number, quality: number, output: Output): string {
  const original =
    source.kind === 'site'
      ? ['site', source.file.file, source.file.size, source.file.mtimeMs]
      : ['remote', source.url];
  return `${createHash('sha256')
    .update(JSON.stringify([...original, width, quality, output.type]))
    .digest('hex')}.entry`;
}

const tagOf = (body: Uint8Array) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

/** Concurrent requests for one variant share one resize or check. */
const inFlight = new Map<string, Promise<Variant>>();

function shared(name: string, work: () => Promise<Variant>): Promise<Variant> {
  let pending = inFlight.get(name);
  if (!pending) {
    pending = work().finally(() => inFlight.delete(name));
    inFlight.set(name, pending);
  }
  return pending;
}

/** A transform's answer when the work can't start now: 503 when the queue is full, 429 past the visitor's limit. */
class NotNow extends Error {
  constructor(
    readonly status: 429 | 503,
    readonly retryAfter: number,
  ) {
    super(
      status === 503
        ? 'The image resizer is busy. Please try again shortly.'
        : 'Too many new image sizes from this address. Please wait and try again.',
    );
  }
}

async function serveImage(c: Context<ApiEnv>) {
  const parsed = Query.safeParse(c.req.query());
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
    );
    return c.json({ error: 'Bad image request.', fields }, 400);
  }
  const { url, w, q } = parsed.data;
  const output = outputFor(c.req.header('accept'));
  c.header('Vary', 'Accept');
  try {
    const site = c.get('site');
    const now = c.get('now');
    const settings = imageSettings();
    const source = await sourceOf(site, url.trim());
    const name = cacheName(source, w, q, output);
    const cache = diskCache(
      directories(site.tenant.slug).cacheDir,
      settings.IMAGE_CACHE_MAX_MB * 1024 * 1024,
    );
    const cached = await cache.read<VariantMeta>(name);
    const slots = transformSlots(settings.IMAGE_TRANSFORMS, settings.IMAGE_TRANSFORM_QUEUE);
    const timeoutMs = apiEnv().IMAGE_FETCH_TIMEOUT_MS;

    /** A full or read-only disk costs the cache, not the answer: the image is served all the same. */
    const keep = (file: string, meta: VariantMeta, body: Buffer) =>
      cache
        .write(file, meta, body)
        .catch((error: unknown) =>
          console.warn(`/api/image: could not cache ${file}: ${(error as Error).message}`),
        );
    /** Reads the original (re-checks it, for a cached variant) and resizes it in a transform slot. */
    const transform = async (lease: Lease): Promise<Variant> => {
      try {
        let original: Buffer;
        let meta: Omit<VariantMeta, 'tag'> = {};
        if (source.kind === 'site') original = await readSiteFile(source.file);
        else {
          const answer = await fetchRemoteOriginal(
            source.url,
            timeoutMs,
            cached && (cached.meta.original ?? {}),
          );
          if (!answer.changed) {
            await keep(name, { ...cached!.meta, checkedAt: now }, cached!.body);
            return { body: cached!.body, tag: cached!.meta.tag, cache: 'hit' };
          }
          original = answer.body;
          meta = { original: answer.validators, checkedAt: now };
        }
        const body = await lease.run(() => resize(original, w, q, output));
        const tag = tagOf(body);
        await keep(name, { ...meta, tag }, body);
        return { body, tag, cache: 'miss' };
      } finally {
        lease.release();
      }
    };

    let variant: Variant;
    if (
      cached &&
      (source.kind === 'site' || now - (cached.meta.checkedAt ?? 0) < REVALIDATE_AFTER_MS)
    ) {
      variant = { body: cached.body, tag: cached.meta.tag, cache: 'hit' };
    } else if (cached) {
      variant = await shared(name, () => revalidate(cached, slots.admit(), transform));
    } else {
      variant = await shared(name, async () => {
        // The queue first: a request turned away there spends none of the visitor's budget.
        const lease = slots.admit();
        if (!lease) throw new NotNow(503, slots.retryAfterSeconds());
        const limiter = c.get('rateLimiter');
        const key = `image-miss:${site.tenant.slug}:${c.get('clientIp')}`;
        // A limiter that can't answer (its database down) lets the miss through: the transform cap still holds.
        let wait = 0;
        try {
          wait = limiter ? await limiter.hit(key, settings.IMAGE_MISSES_PER_MINUTE, now) : 0;
        } catch (error) {
          console.warn(
            `/api/image: the rate limiter failed (${(error as Error).message}); miss not counted`,
          );
        }
        if (wait) {
          lease.release();
          throw new NotNow(429, wait);
        }
        return transform(lease);
      });
    }
    c.header('Cache-Control', source.kind === 'site' ? IMMUTABLE : ONE_DAY);
    c.header('ETag', variant.tag);
    c.header('X-Image-Cache', variant.cache);
    if (c.req.header('if-none-match') === variant.tag) return c.body(null, 304);
    c.header('Content-Type', output.type);
    return c.body(new Uint8Array(variant.body));
  } catch (error) {
    if (error instanceof OriginalProblem) return c.json({ error: error.message }, error.status);
    if (error instanceof NotNow) {
      c.header('Retry-After', String(error.retryAfter));
      return c.json({ error: error.message }, error.status);
    }
    throw error;
  }
}

/**
 * A cached variant of a remote original due for a check: a 304 keeps it another day; a new
 * original is resized again. When the host fails or the resizer is busy, the old copy is served
 * and checked again on the next request.
 */
async function revalidate(
  cached: CacheEntry<VariantMeta>,
  lease: Lease | undefined,
  transform: (lease: Lease) => Promise<Variant>,
): Promise<Variant> {
  const stale: Variant = { body: cached.body, tag: cached.meta.tag, cache: 'stale' };
  if (!lease) return stale;
  try {
    return await transform(lease);
  } catch (error) {
    if (error instanceof OriginalProblem) return stale;
    throw error;
  }
}

/**
 * GET /api/image?url=&w=&q=: the default resizer for tenants without an image CDN. It resizes
 * only the site's own files and the photo URLs its data lists (never any URL: not an open proxy),
 * to the fixed width ladder, a few at a time, and keeps the variants on disk within a size cap.
 */
export function imageRoutes(app: ApiApp): void {
  app.get('/image', serveImage);
}
