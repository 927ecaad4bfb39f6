import sharp, { type Sharp } from 'sharp';
import { OriginalProblem } from './original-problem';
import { lowerWorkerPriority } from './worker-priority';

/** A decoded original over this many pixels is refused (a 15 MB PNG can decode to gigabytes). */
const MAX_ORIGINAL_PIXELS = 50_000_000;

/**
 * The formats served, best first; the Accept header picks the first the browser takes. Encoder
 * efforts are the fastest that keep the files near their smallest: AVIF at effort 0 is about 5
 * times faster than its default and a few percent larger. AVIF looks like JPEG at a lower
 * quality number, so it gets q - 20 (q=75 gives AVIF 55).
 */
export const OUTPUTS = [
  {
    type: 'image/avif',
    encode: (image: Sharp, quality: number) =>
      image.avif({ quality: Math.max(30, quality - 20), effort: 0 }),
  },
  {
    type: 'image/webp',
    encode: (image: Sharp, quality: number) => image.webp({ quality, effort: 1 }),
  },
  {
    type: 'image/jpeg',
    encode: (image: Sharp, quality: number) => image.jpeg({ quality, progressive: true }),
  },
] as const;

export type Output = (typeof OUTPUTS)[number];

/** The best format the browser says it takes (a type with q=0 is refused). */
export function outputFor(accept: string | undefined): Output {
  const accepted = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([type]) => type!.toLowerCase()),
  );
  return OUTPUTS.find((output) => accepted.has(output.type)) ?? OUTPUTS[2];
}

let threadsSet = false;

/** `original` at most `width` wide (never enlarged), upright, encoded as `output`. */
export async function resize(
  original: Buffer,
  width: number,
  quality: number,
  output: Output,
): Promise<Buffer> {
  // One libvips thread per transform: the number of transforms at once (transform-slots.ts) is
  // then the number of cores they take, and the rest stay free for requests.
  if (!threadsSet) sharp.concurrency(1);
  threadsSet = true;
  // Threads libvips starts for a transform are lowered before the next one.
  await lowerWorkerPriority();
  // Vector images are served as they are; rasterising untrusted SVG is risk for no gain.
  const format = await sharp(original)
    .metadata()
    .then((meta) => meta.format)
    .catch(() => undefined);
  if (format === 'svg')
    throw new OriginalProblem(415, 'The original is a vector image (SVG): use it as it is.');
  try {
    const image = sharp(original, { limitInputPixels: MAX_ORIGINAL_PIXELS })
      .rotate()
      .resize({ width, withoutEnlargement: true });
    return await output.encode(image, quality).toBuffer();
  } catch (error) {
    if (/pixel limit/i.test(String(error)))
      throw new OriginalProblem(413, 'The original image has too many pixels.');
    throw new OriginalProblem(415, 'The original is not an image this site can read.');
  }
}
