import type { Review } from '../feeds/schemas';
import { truncate, type Truncation } from './truncate';

/** SPEC 9: at most 10 reviews are shown; card text is cut at 160 characters. */
export const REVIEWS_SHOWN = 10;
export const REVIEW_TEXT_LIMIT = 160;
/** SPEC 9: a carousel when more than 3 reviews, rotating every 3000 ms from index 2. */
export const CAROUSEL_THRESHOLD = 3;
export const CAROUSEL_INTERVAL_MS = 3000;
export const CAROUSEL_START_INDEX = 2;

export interface ReviewFilter {
  /** A review id never shown (SPEC 5: "one specific review id"). */
  excluded_ids: string[];
  /** Customer names never shown (case-insensitive). */
  blocked_names: string[];
  min_rating: number;
  limit?: number;
}

/**
 * SPEC 5 reviews shown: not the excluded ids, not without text, not machine-translated (text
 * containing 'Translated'), not from a blocklisted name, at least the minimum rating; up to 10.
 */
export function selectReviews<T extends Pick<Review, 'id' | 'text' | 'customer_name' | 'rating'>>(
  reviews: T[],
  filter: ReviewFilter,
): T[] {
  const excluded = new Set(filter.excluded_ids.map(String));
  const blocked = new Set(filter.blocked_names.map((name) => name.trim().toLowerCase()));
  return reviews
    .filter(
      (review) =>
        !excluded.has(String(review.id)) &&
        !!review.text?.trim() &&
        !review.text.includes('Translated') &&
        !blocked.has(review.customer_name.trim().toLowerCase()) &&
        review.rating >= filter.min_rating,
    )
    .slice(0, filter.limit ?? REVIEWS_SHOWN);
}

export type StarFill = { kind: 'full' } | { kind: 'partial'; percent: number } | { kind: 'empty' };

/**
 * SPEC 9 star rating: up to 4 full stars, then one partial star for the rest when it exceeds
 * 0.3 (so 5.0 is four full stars and a fifth filled to 100%), the remainder empty: five in all.
 */
export function starFills(rating: number): StarFill[] {
  const clamped = Math.max(0, Math.min(5, rating));
  const full = Math.min(Math.floor(clamped), 4);
  const rest = Math.round((clamped - full) * 100) / 100;
  const stars: StarFill[] = Array.from({ length: full }, () => ({ kind: 'full' }));
  if (rest > 0.3)
    stars.push(rest >= 1 ? { kind: 'full' } : { kind: 'partial', percent: Math.round(rest * 100) });
  while (stars.length < 5) stars.push({ kind: 'empty' });
  return stars;
}

/** SPEC 9: the rating line shows one decimal ("4.7"). */
export function ratingLine(rating: number): string {
  return rating.toFixed(1);
}

/**
 * Review text cut at 160 characters for the collapsed card; `truncated` says a 'View more' is needed.
 * The dots are ASCII: the cards are an island, whose HTML cannot carry a character reference, and
 * pages keep to Latin-1 (src/site/latin1.ts).
 */
export function reviewExcerpt(text: string, limit = REVIEW_TEXT_LIMIT): Truncation {
  return truncate(text, limit, '...');
}

/**
 * The reviews a block shows (SPEC 5 rules, up to 10) with the summary of exactly those: the
 * "4.8 from 3 reviews" line, its stars and the cards always agree.
 */
export function shownReviews<T extends Pick<Review, 'id' | 'text' | 'customer_name' | 'rating'>>(
  reviews: T[],
  filter: ReviewFilter,
): { reviews: T[]; summary: { count: number; average: number } } {
  const shown = selectReviews(reviews, filter);
  return { reviews: shown, summary: reviewSummary(shown) };
}

/** Average rating and count of a list of reviews. */
export function reviewSummary(reviews: Pick<Review, 'rating'>[]): {
  count: number;
  average: number;
} {
  if (!reviews.length) return { count: 0, average: 0 };
  return {
    count: reviews.length,
    average: reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length,
  };
}
