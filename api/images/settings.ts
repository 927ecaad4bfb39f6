import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { readEnv, wholeNumberVar } from '../../src/config/read-env';

const ImageEnvSchema = z.object({
  /** Transforms (decode, resize, encode) at once in this process; each uses one core, and one core is left for requests. */
  IMAGE_TRANSFORMS: wholeNumberVar(1).default(Math.max(1, availableParallelism() - 1)),
  /** Cache misses that may wait for a transform; one more is answered 503. */
  IMAGE_TRANSFORM_QUEUE: wholeNumberVar(0).default(16),
  /** Cache misses (transforms) per visitor address per minute; one more is answered 429. */
  IMAGE_MISSES_PER_MINUTE: wholeNumberVar(1).default(120),
  /** Size of the resized-image cache on disk; the least recently used files go first. */
  IMAGE_CACHE_MAX_MB: wholeNumberVar(1).default(1024),
});

export type ImageSettings = z.output<typeof ImageEnvSchema>;

/** The resizer's limits from the environment (read afresh each call: tests change them). */
export function imageSettings(env: NodeJS.ProcessEnv = process.env): ImageSettings {
  return readEnv(ImageEnvSchema, env);
}
