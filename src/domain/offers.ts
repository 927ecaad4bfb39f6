import { isPromoShown, orderPromos, shownPromos, type PromoNode } from './promos';

/** Special offers are promo nodes (SPEC 3): src/domain/promos.ts decides when and in what order they show. */
type OfferNode = PromoNode & { expiry?: string | null };

/** The offers running at `nowMs`, in display order (position, strictDisplay). */
export function runningOffers<T extends OfferNode>(
  offers: readonly T[],
  nowMs: number,
  defaultExpiry?: string,
): T[] {
  return orderPromos(shownPromos(offers, nowMs, defaultExpiry));
}

/**
 * What a static offers page holds when built at `nowMs`: the offers shown now plus those that
 * start later (the browser reveals them when they run, with isPromoShown), in display order,
 * each with its effective expiry. Hidden (display false) and expired offers are left out.
 */
export function listedOffers<T extends OfferNode>(
  offers: readonly T[],
  nowMs: number,
  defaultExpiry?: string,
): T[] {
  const withExpiry = offers.map((offer) => ({
    ...offer,
    expiry: offer.expiry ?? defaultExpiry ?? null,
  }));
  // Judged as if already started, so an upcoming offer is kept for the browser to reveal.
  return orderPromos(withExpiry.filter((offer) => isPromoShown({ ...offer, start: null }, nowMs)));
}
