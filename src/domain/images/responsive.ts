/**
 * The `src`, `srcset` and `sizes` of a photo in each place the site shows one. Plain data without
 * zod, so islands can build them in the browser too (the search results) as well as Astro at
 * build time. The `sizes` values follow the layouts in the stylesheets: change them together.
 */
import { NOT_FOUND_IMAGE } from '../vehicle/media';
import { imageUrl, srcset, type ImageUrlContext } from './image-url';

/** Where a photo is shown; each has its displayed width per viewport. */
export type ImageSlot =
  | 'card'
  | 'gallery'
  | 'fullscreen'
  | 'thumb'
  | 'sticky'
  | 'list'
  | 'compare'
  | 'similar'
  | 'menu'
  | 'location'
  | 'banner';

interface SlotLayout {
  /** The `sizes` attribute: the displayed width per viewport. */
  sizes: string;
  /** The width of the `src` fallback (browsers without srcset, and the print view's copy). */
  fallback: number;
  /** Fixed srcset widths for small slots; large slots use the tenant's `images.widths`. */
  widths?: readonly number[];
}

export const SLOT_LAYOUTS: Record<ImageSlot, SlotLayout> = {
  // Cards: the home and search grids (global.css .card-grid, SearchRoutePage .results-grid): one
  // column on phones, two from 620 px, and 3-4 columns of about 300 px on desktops. Up to 960 px:
  // a 3x phone gets 960 for its 356 px card rather than 1280 (half the bytes for a search page's
  // first screen, a difference nobody sees at that size).
  card: {
    sizes: '(min-width: 992px) 320px, (min-width: 620px) 50vw, 100vw',
    fallback: 640,
    widths: [320, 480, 640, 960],
  },
  // The vehicle page's main column: 3/5 of the container from 768 px (cars/[slug].astro .vehicle).
  gallery: { sizes: '(min-width: 1320px) 760px, (min-width: 768px) 58vw, 100vw', fallback: 640 },
  fullscreen: { sizes: '100vw', fallback: 1280 },
  // Fixed-size pictures: 96 px thumbnails, the 90 px sticky header photo, 120 px list photos.
  thumb: { sizes: '96px', fallback: 160, widths: [120, 160, 240, 320] },
  sticky: { sizes: '90px', fallback: 160, widths: [120, 160, 240, 320] },
  list: { sizes: '120px', fallback: 160, widths: [120, 160, 240, 320, 480] },
  menu: { sizes: '96px', fallback: 160, widths: [120, 160, 240, 320] },
  // The compare table's photos and the similar-cars carousel's cards: 14 rem wide.
  compare: { sizes: '224px', fallback: 320 },
  similar: { sizes: '224px', fallback: 320 },
  // A location's photo: its card fills a phone, then half the container (LocationsSection.astro);
  // grids of 3 or 4 cards narrow it further (locationSizes()).
  // The home page's slides: the full width of the screen.
  banner: { sizes: '100vw', fallback: 1280 },
  location: { sizes: '(min-width: 1320px) 640px, (min-width: 660px) 50vw, 100vw', fallback: 640 },
};

/** `sizes` of a location card's photo in a grid of `columns` cards (LocationsSection.astro's breakpoints). */
export function locationSizes(columns: number): string {
  if (columns >= 4) return '(min-width: 1200px) 25vw, (min-width: 768px) 50vw, 100vw';
  if (columns === 3) return '(min-width: 992px) 33vw, (min-width: 768px) 50vw, 100vw';
  if (columns === 2) return '(min-width: 768px) 50vw, 100vw';
  return SLOT_LAYOUTS.location.sizes;
}

/** The attributes of one <img>; `srcSet` is left out for pictures that cannot be resized (other hosts, SVG). */
export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * The attributes for showing `original` in `slot`. Without a context (no tenant settings) or for
 * a photo that may not be resized, the original as it is; an unsafe or missing URL gives the
 * not-found placeholder (SPEC 8).
 */
export function responsiveImage(
  context: ImageUrlContext | undefined,
  original: string | null | undefined,
  slot: ImageSlot,
): ResponsiveImage {
  const trimmed = original?.trim();
  if (!trimmed) return { src: NOT_FOUND_IMAGE };
  if (!context) return { src: trimmed };
  let known = made.get(context);
  if (!known) made.set(context, (known = new Map()));
  const key = `${slot} ${trimmed}`;
  let image = known.get(key);
  if (!image) {
    if (known.size >= MAX_REMEMBERED) known.clear();
    known.set(key, (image = Object.freeze(resized(context, trimmed, slot))));
  }
  return image;
}

/**
 * Attributes already made, per context: a search page draws the same cars' cards again on every
 * answer, and each card's srcset parses its photo's URL once per width (a few ms a card on a slow
 * phone). Bounded, as a long visit pages through a dealer's whole stock.
 */
const made = new WeakMap<ImageUrlContext, Map<string, ResponsiveImage>>();
const MAX_REMEMBERED = 2000;

function resized(context: ImageUrlContext, trimmed: string, slot: ImageSlot): ResponsiveImage {
  const layout = SLOT_LAYOUTS[slot];
  const src = imageUrl(context, trimmed, layout.fallback);
  if (!src) return { src: NOT_FOUND_IMAGE };
  const set = srcset(context, trimmed, layout.widths ?? context.settings.widths);
  return set ? { src, srcSet: set, sizes: layout.sizes } : { src };
}

/** Open Graph images: 1200 px wide is what Facebook, LinkedIn and X show best. */
export const OG_IMAGE_WIDTH = 1200;

/** The URL of `original` at `width` pixels for a single-size use (Open Graph, print), or the original when it cannot be resized. */
export function imageAtWidth(context: ImageUrlContext, original: string, width: number): string {
  return imageUrl(context, original, width) ?? original;
}

/** The widest candidate of a srcset value (the print view prints the sharpest photo the page offers). */
export function widestCandidate(srcsetValue: string | null | undefined): string | undefined {
  let best: { url: string; width: number } | undefined;
  for (const candidate of (srcsetValue ?? '').split(/,\s+/)) {
    const [url, descriptor] = candidate.trim().split(/\s+/);
    const width = Number(descriptor?.replace(/w$/, ''));
    if (url && Number.isFinite(width) && (!best || width > best.width)) best = { url, width };
  }
  return best?.url;
}
