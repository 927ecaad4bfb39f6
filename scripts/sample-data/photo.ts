/**
 * Demo car photos as a dealer's camera delivers them: 1600x1067 JPEG with photographic texture
 * (uneven light across the frame, sensor grain), about 150-350 KB each. A flat drawing compresses
 * to a few KB and would make every image benchmark look better than a real site; these carry the
 * weight and decode cost of real photos. Deterministic: the texture is drawn from a seeded PRNG
 * and chosen by a hash of the drawing, so the same drawing gives the same bytes on every run.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

export const PHOTO_WIDTH = 1600;
export const PHOTO_HEIGHT = 1067;
/** Encoder and texture settings; part of the raster cache key (raster.ts), so changing them redraws. */
export const PHOTO_SETTINGS = { quality: 84, grain: 5, light: 34, textures: 6, seed: 1 } as const;

/** mulberry32: small and fast; the same seed gives the same texture. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One texture: per pixel, how much lighter or darker than the drawing. Light varies smoothly over
 * a coarse grid (interpolated bilinearly), and each pixel adds grain (about Gaussian: the sum of
 * three uniforms). Computed once per pool slot: six are plenty, photos of one car differ anyway.
 */
function texture(index: number): Int16Array {
  const random = mulberry32(PHOTO_SETTINGS.seed * 1000 + index);
  const grid = { width: 9, height: 6 };
  const coarse = Array.from(
    { length: grid.width * grid.height },
    () => (random() - 0.5) * 2 * PHOTO_SETTINGS.light,
  );
  const at = (x: number, y: number) => coarse[y * grid.width + x]!;
  const deltas = new Int16Array(PHOTO_WIDTH * PHOTO_HEIGHT);
  for (let y = 0; y < PHOTO_HEIGHT; y++) {
    const gy = (y / (PHOTO_HEIGHT - 1)) * (grid.height - 1);
    const y0 = Math.min(Math.floor(gy), grid.height - 2);
    const fy = gy - y0;
    for (let x = 0; x < PHOTO_WIDTH; x++) {
      const gx = (x / (PHOTO_WIDTH - 1)) * (grid.width - 1);
      const x0 = Math.min(Math.floor(gx), grid.width - 2);
      const fx = gx - x0;
      const light =
        (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) +
        (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy;
      const grain = (random() + random() + random() - 1.5) * 2 * PHOTO_SETTINGS.grain;
      deltas[y * PHOTO_WIDTH + x] = Math.round(light + grain);
    }
  }
  return deltas;
}

const pool = new Map<number, Int16Array>();
function pooledTexture(index: number): Int16Array {
  let found = pool.get(index);
  if (!found) pool.set(index, (found = texture(index)));
  return found;
}

/**
 * The JPEG photo of a drawing (an SVG, or any raster format sharp reads), keyed by `key` for its
 * texture. An SVG is drawn at photo size: upscaling a small raster of it cost four times as much
 * (about 110 ms a photo against 27) and made most of the demo data's generation time.
 */
export async function drawingToPhoto(drawing: Buffer, key: string): Promise<Buffer> {
  const index = createHash('sha256').update(key).digest().readUInt32LE(0) % PHOTO_SETTINGS.textures;
  const { format, width } = await sharp(drawing).metadata();
  const density = format === 'svg' && width ? (72 * PHOTO_WIDTH) / width : undefined;
  const pixels = await sharp(drawing, density ? { density } : {})
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { fit: 'fill', kernel: 'lanczos3' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const deltas = pooledTexture(index);
  // A clamped view: values past 0 or 255 stop there, as an over-exposed photo would.
  const rgb = new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.length);
  for (let i = 0, j = 0; i < deltas.length; i++, j += 3) {
    const delta = deltas[i]!;
    rgb[j] = rgb[j]! + delta;
    rgb[j + 1] = rgb[j + 1]! + delta;
    rgb[j + 2] = rgb[j + 2]! + delta;
  }
  return sharp(pixels, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } })
    .jpeg({ quality: PHOTO_SETTINGS.quality, chromaSubsampling: '4:2:0' })
    .toBuffer();
}
