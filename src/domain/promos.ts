import { isRunning } from './offers';

/** SPEC 9: the promo expiry instant used when a promo node gives none of its own. */
export const PROMO_EXPIRY = '2025-06-15T16:00:00+10:00';

export interface PromoTiming {
  start?: string | null;
  expiry?: string | null;
  display?: boolean;
  strictDisplay?: boolean;
  position?: number | null;
}

/**
 * A promo node shows when `display` is not false and it runs at `nowMs` (from start, before
 * expiry). `defaultExpiry` applies to nodes without an expiry (callers pass PROMO_EXPIRY where
 * the SPEC's campaign cut-off applies).
 */
export function isPromoShown(promo: PromoTiming, nowMs: number, defaultExpiry?: string): boolean {
  if (promo.display === false) return false;
  return isRunning({ start: promo.start, expiry: promo.expiry ?? defaultExpiry }, nowMs);
}

/**
 * Where a promo goes among `count` items (0-based index), or undefined when it cannot show:
 * a `strictDisplay` node only at its exact position, others at their position or the end.
 */
export function promoIndex(promo: PromoTiming, count: number): number | undefined {
  const position = promo.position ?? count + 1;
  if (position - 1 <= count) return position - 1;
  return promo.strictDisplay ? undefined : count;
}
