/**
 * Demo photos (cars, spin frames, models) as WebP, drawn from their SVGs. Dealers' photos are raster images, and a browser
 * decodes those off the main thread, where an SVG in an <img> is a small document that is parsed,
 * styled and laid out on it: a vehicle page showing drawn SVGs did main-thread work no real page
 * does (bench:lighthouse, 2026-11-24). Social networks do not take SVG as an Open Graph image either.
 *
 * Rasterising every image takes about 8 s on two cores, and the demo data is regenerated daily and
 * by tests, so results are kept in a cache keyed by the SVG's hash (`.build/raster-cache/`).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const CACHE_DIR = fileURLToPath(new URL('../../.build/raster-cache/', import.meta.url));
/** Encoder settings; part of the cache key, so changing them redraws. */
const WEBP = { quality: 80, effort: 2 } as const;

/** The WebP for an SVG document, at the SVG's own width and height. */
export async function svgToWebp(svg: string): Promise<Buffer> {
  const key = createHash('sha256')
    .update(`${sharp.versions.vips}|${JSON.stringify(WEBP)}|`)
    .update(svg)
    .digest('hex');
  const cached = path.join(CACHE_DIR, `${key}.webp`);
  try {
    return await readFile(cached);
  } catch {
    // Not drawn yet.
  }
  // No limit here: sharp queues its work on libuv's thread pool (4 threads), and a cap of 4 in
  // front of it measured the same (10.9 s for every demo image from cold, same peak memory).
  const webp = await sharp(Buffer.from(svg)).webp(WEBP).toBuffer();
  await mkdir(CACHE_DIR, { recursive: true });
  // Tests generate in parallel: write aside, then rename, so a reader never sees half a file.
  const partial = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await writeFile(partial, webp);
  await rename(partial, cached);
  return webp;
}
