/**
 * Demo images drawn from their SVGs: car photos and spin frames as 1600x1067 JPEG photos
 * (photo.ts), model pictures as WebP. Dealers' photos are raster images, and a browser
 * decodes those off the main thread, where an SVG in an <img> is a small document that is parsed,
 * styled and laid out on it: a vehicle page showing drawn SVGs did main-thread work no real page
 * does (bench:lighthouse, 2026-11-24). Social networks do not take SVG as an Open Graph image either.
 *
 * Drawing every image takes a while on two cores (the photos most: see docs/images.md), and the
 * demo data is regenerated daily and by tests, so results are kept in a cache keyed by the SVG's
 * hash and the encoder settings (`.build/raster-cache/`).
 */
import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { drawingToPhoto, PHOTO_SETTINGS } from './photo';

const CACHE_DIR = fileURLToPath(new URL('../../.build/raster-cache/', import.meta.url));
/** Encoder settings; part of the cache key, so changing them redraws. */
const WEBP = { quality: 80, effort: 2 } as const;
/** Photos drawn at once: each holds about 10 MB of pixels, and sharp has 4 threads anyway. */
const PHOTO_CONCURRENCY = 3;

/** The cache file for an image, drawn first when it is not there yet. */
async function cachedFile(
  settings: string,
  svg: string,
  ext: string,
  draw: () => Promise<Buffer>,
): Promise<string> {
  const key = createHash('sha256')
    .update(`${sharp.versions.vips}|${settings}|`)
    .update(svg)
    .digest('hex');
  const file = path.join(CACHE_DIR, `${key}.${ext}`);
  const present = await access(file).then(
    () => true,
    () => false,
  );
  if (present) return file;
  const drawn = await draw();
  await mkdir(CACHE_DIR, { recursive: true });
  // Tests generate in parallel: write aside, then rename, so a reader never sees half a file.
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await writeFile(partial, drawn);
  await rename(partial, file);
  return file;
}

async function cached(
  settings: string,
  svg: string,
  ext: string,
  draw: () => Promise<Buffer>,
): Promise<Buffer> {
  return readFile(await cachedFile(settings, svg, ext, draw));
}

/** The WebP for an SVG document, at the SVG's own width and height. */
export function svgToWebp(svg: string): Promise<Buffer> {
  // No limit here: sharp queues its work on libuv's thread pool (4 threads), and a cap of 4 in
  // front of it measured the same (10.9 s for every demo image from cold, same peak memory).
  return cached(JSON.stringify(WEBP), svg, 'webp', () =>
    sharp(Buffer.from(svg)).webp(WEBP).toBuffer(),
  );
}

let running = 0;
const waiting: (() => void)[] = [];
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PHOTO_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * The cache file holding the 1600x1067 JPEG photo of an SVG drawing (photo.ts). The generator
 * hard-links it into public/ (250 KB times 1,500 photos is too much to copy on every run).
 */
export function svgToPhotoFile(svg: string): Promise<string> {
  return cachedFile(`photo|svg|${JSON.stringify(PHOTO_SETTINGS)}`, svg, 'jpg', () =>
    limited(() => drawingToPhoto(Buffer.from(svg), svg)),
  );
}
