import { apiEnv } from '../env';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import { urlProblem } from '../../src/config/safe-url';
import { imageOrigins } from '../../src/domain/images/image-url';
import { IMAGE_WIDTH_LADDER } from '../../src/tenant/schema/images';
import type { SiteData } from '../../src/site/types';
import type { ApiApp, ApiEnv } from '../types';

/** Originals larger than this are refused unread (a car photo is rarely over 5 MB). */
export const MAX_ORIGINAL_BYTES = 15 * 1024 * 1024;
/** A decoded original over this many pixels is refused too (a 15 MB PNG can decode to gigabytes). */
const MAX_ORIGINAL_PIXELS = 50_000_000;
/** How long an original may take to arrive (IMAGE_FETCH_TIMEOUT_MS overrides it). */
const originalTimeoutMs = () => apiEnv().IMAGE_FETCH_TIMEOUT_MS;
const MAX_REDIRECTS = 3;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The formats served, best first; the Accept header picks the first the browser takes. Encoder
 * efforts are the fastest that keep the files near their smallest: AVIF at effort 0 is about 5
 * times faster than its default and a few percent larger. AVIF looks like JPEG at a lower
 * quality number, so it gets q - 20 (q=75 gives AVIF 55).
 */
const OUTPUTS = [
  { type: 'image/avif', encode: (image: Sharp, quality: number) => image.avif({ quality: Math.max(30, quality - 20), effort: 0 }) },
  { type: 'image/webp', encode: (image: Sharp, quality: number) => image.webp({ quality, effort: 1 }) },
  { type: 'image/jpeg', encode: (image: Sharp, quality: number) => image.jpeg({ quality, progressive: true }) },
] as const;

const Query = z.object({
  url: z.string({ error: 'url is required: the photo to resize.' }).min(1, 'url is required: the photo to resize.').max(2048, 'url is too long.'),
  w: z.coerce
    .number({ error: 'w must be a width in pixels.' })
    .refine((width) => (IMAGE_WIDTH_LADDER as readonly number[]).includes(width), `w must be one of ${IMAGE_WIDTH_LADDER.join(', ')}.`),
  // Steps of 5 only: with the width ladder this bounds the cached variants of one photo.
  q: z.coerce
    .number({ error: 'q must be a quality from 30 to 95.' })
    .refine((quality) => Number.isInteger(quality) && quality >= 30 && quality <= 95 && quality % 5 === 0, 'q must be 30 to 95 in steps of 5.')
    .default(75),
});

class OriginalProblem extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

/** Where a site's own files are read from and resized images are kept (read per request, so tests and hosts can set them). */
function directories(slug: string) {
  const env = apiEnv();
  const root = env.IMAGE_SITE_ROOT ?? process.cwd();
  return {
    siteRoots: [path.join(root, 'dist', slug), path.join(root, 'public')],
    cacheDir: env.IMAGE_CACHE_DIR ?? path.join(root, '.build', 'image-cache'),
  };
}

async function readSiteFile(slug: string, sitePath: string): Promise<Buffer> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(sitePath, 'http://site.invalid').pathname);
  } catch {
    throw new OriginalProblem(400, 'url is not a valid site path.');
  }
  for (const root of directories(slug).siteRoots) {
    const file = path.resolve(root, `.${pathname}`);
    if (!file.startsWith(root + path.sep)) throw new OriginalProblem(403, 'That path is outside the site.');
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) continue;
    if (info.size > MAX_ORIGINAL_BYTES) throw new OriginalProblem(413, `The original image is larger than ${MAX_ORIGINAL_BYTES / 1024 / 1024} MB.`);
    return readFile(file);
  }
  throw new OriginalProblem(404, 'There is no such image on this site.');
}

/** Reads an original from an allowed host, following redirects only to allowed hosts, within the size and time limits. */
async function fetchOriginal(url: URL, allowed: readonly string[], signal: AbortSignal): Promise<Buffer> {
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    if (!allowed.includes(url.origin)) throw new OriginalProblem(403, "This site only resizes photos from its own files and its feeds' hosts.");
    const response = await fetch(url, { redirect: 'manual', signal, headers: { accept: 'image/*' } });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      url = new URL(location, url);
      continue;
    }
    if (response.status === 404 || response.status === 410) throw new OriginalProblem(404, 'The original image was not found.');
    if (!response.ok) throw new OriginalProblem(422, `The original image could not be read (its host answered ${response.status}).`);
    if (!/^image\//i.test(response.headers.get('content-type') ?? '')) {
      await response.body?.cancel();
      throw new OriginalProblem(415, 'The original is not an image.');
    }
    if (Number(response.headers.get('content-length') ?? 0) > MAX_ORIGINAL_BYTES) {
      await response.body?.cancel();
      throw new OriginalProblem(413, `The original image is larger than ${MAX_ORIGINAL_BYTES / 1024 / 1024} MB.`);
    }
    // The declared length may be missing or wrong, so the limit is counted while reading.
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > MAX_ORIGINAL_BYTES) throw new OriginalProblem(413, `The original image is larger than ${MAX_ORIGINAL_BYTES / 1024 / 1024} MB.`);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }
  throw new OriginalProblem(422, 'The original image redirects too many times.');
}

async function loadOriginal(site: SiteData, original: string): Promise<Buffer> {
  const problem = urlProblem(original);
  if (problem) throw new OriginalProblem(400, `url: ${problem}.`);
  const siteOrigin = URL.canParse(site.tenant.url) ? new URL(site.tenant.url).origin : undefined;
  const url = original.startsWith('/') ? undefined : new URL(original);
  if (!url || url.origin === siteOrigin) return readSiteFile(site.tenant.slug, url ? url.pathname + url.search : original);
  const timeout = originalTimeoutMs();
  const signal = AbortSignal.timeout(timeout);
  try {
    return await fetchOriginal(url, imageOrigins(site.tenant), signal);
  } catch (error) {
    if (error instanceof OriginalProblem) throw error;
    if (signal.aborted) throw new OriginalProblem(422, `The original image did not arrive within ${timeout / 1000} s.`);
    throw new OriginalProblem(422, 'The original image could not be fetched.');
  }
}

/** The best format the browser says it takes (a type with q=0 is refused). */
function outputFor(accept: string | undefined) {
  const accepted = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([type]) => type!.toLowerCase()),
  );
  return OUTPUTS.find((output) => accepted.has(output.type)) ?? OUTPUTS[2];
}

async function resize(original: Buffer, width: number, quality: number, output: (typeof OUTPUTS)[number]): Promise<Buffer> {
  // Vector images are served as they are; rasterising untrusted SVG is risk for no gain.
  const format = await sharp(original)
    .metadata()
    .then((meta) => meta.format)
    .catch(() => undefined);
  if (format === 'svg') throw new OriginalProblem(415, 'The original is a vector image (SVG): use it as it is.');
  try {
    const image = sharp(original, { limitInputPixels: MAX_ORIGINAL_PIXELS }).rotate().resize({ width, withoutEnlargement: true });
    return await output.encode(image, quality).toBuffer();
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw new OriginalProblem(413, 'The original image has too many pixels.');
    throw new OriginalProblem(415, 'The original is not an image this site can read.');
  }
}

/** Concurrent requests for one variant share one resize. */
const inFlight = new Map<string, Promise<Buffer>>();

async function cachedVariant(site: SiteData, url: string, width: number, quality: number, output: (typeof OUTPUTS)[number]) {
  const { cacheDir } = directories(site.tenant.slug);
  const key = createHash('sha256')
    .update(JSON.stringify([site.tenant.slug, url, width, quality, output.type]))
    .digest('hex');
  const file = path.join(cacheDir, `${key}.${output.type.slice('image/'.length)}`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return { body: cached, hit: true };
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      const body = await resize(await loadOriginal(site, url), width, quality, output);
      await mkdir(cacheDir, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
      return body;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return { body: await pending, hit: false };
}

async function serveImage(c: Context<ApiEnv>) {
  const parsed = Query.safeParse(c.req.query());
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    return c.json({ error: 'Bad image request.', fields }, 400);
  }
  const { url, w, q } = parsed.data;
  const output = outputFor(c.req.header('accept'));
  c.header('Vary', 'Accept');
  try {
    const { body, hit } = await cachedVariant(c.get('site'), url.trim(), w, q, output);
    c.header('Content-Type', output.type);
    c.header('Cache-Control', IMMUTABLE);
    c.header('X-Image-Cache', hit ? 'hit' : 'miss');
    return c.body(new Uint8Array(body));
  } catch (error) {
    if (error instanceof OriginalProblem) return c.json({ error: error.message }, error.status);
    throw error;
  }
}

/**
 * GET /api/image?url=&w=&q=: the default resizer for tenants without an image CDN. It resizes only
 * the site's own files and photos from its feed hosts (never any URL: not an open proxy), to the
 * fixed width ladder, and keeps every variant on disk.
 */
export function imageRoutes(app: ApiApp): void {
  app.get('/image', serveImage);
}
