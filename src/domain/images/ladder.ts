/**
 * The widths the embedded /api/image route renders; other widths are refused so its cache stays
 * bounded. Neighbours are at most 1.5 times apart (from 160 up to 1280), so a photo is never
 * fetched more than 1.5 times wider than it is shown; 120 and 240 serve the small thumbnails, 1200 the Open Graph image.
 * Here rather than in the tenant schema so browser code can use it without zod.
 */
export const IMAGE_WIDTH_LADDER = [
  120, 160, 240, 320, 480, 640, 960, 1200, 1280, 1600, 1920,
] as const;

/** The srcset widths every photo offers unless the tenant names others: phone to desktop at 1x-2x. */
export const DEFAULT_SRCSET_WIDTHS = [320, 480, 640, 960, 1280, 1600] as const;
