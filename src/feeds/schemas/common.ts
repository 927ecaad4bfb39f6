import { z } from 'zod';
import { SafeUrlSchema } from '../../config/safe-url';

/** Feed ids arrive as numbers or strings; everything downstream compares them as strings. */
export const IdSchema = z
  .union([z.string().min(1), z.number().int().nonnegative()])
  .transform(String);

/** A number that feeds sometimes send as a numeric string ("12500"); blanks become null. */
export const LooseNumberSchema = z.preprocess((value) => {
  if (typeof value === 'string') {
    const trimmed = value.trim().replace(/,/g, '');
    if (trimmed === '') return null;
    const parsed = Number(trimmed);
    return Number.isFinite(parsed) ? parsed : value;
  }
  return value;
}, z.number().nullable());

/**
 * Every URL of a feed that reaches a page: an http(s) URL or a site path (src/config/safe-url.ts).
 * A record with an unsafe one keeps the rest of its fields: validateFeed drops the URL and warns.
 */
export const FeedUrlSchema = SafeUrlSchema;

export const ImageRefSchema = z.object({
  url: FeedUrlSchema.min(1),
  thumb: z
    .object({ url: FeedUrlSchema.min(1) })
    .partial()
    .optional(),
});

/** `{ image: { url, thumb: { url } } }` — the shape SPEC uses for car and location images. */
export const ImageItemSchema = z.object({ image: ImageRefSchema });

export const VideoItemSchema = z.object({ video: z.object({ url: FeedUrlSchema }) });

/** A 4-digit Australian postcode, kept as a string so leading zeros (0800 Darwin) survive. */
export const PostcodeSchema = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).padStart(4, '0'));

export const AustralianStateSchema = z.enum(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
