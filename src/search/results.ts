/** How a page of hits becomes the grid a shopper sees: sold-run collapse (promo cards: src/domain/promos.ts). */

/**
 * Only the first car of a run of consecutive sold cars shows, unless every car is sold (then all
 * show, so a page of sold stock is never reduced to one card).
 */
export function collapseSoldRuns<T>(hits: readonly T[], isSold: (hit: T) => boolean): T[] {
  if (hits.length && hits.every(isSold)) return [...hits];
  return hits.filter((hit, index) => !isSold(hit) || index === 0 || !isSold(hits[index - 1]!));
}

/** SPEC 9: a result count above 1,999 is replaced by the sum of the car type facet counts. */
export function displayCount(
  nbHits: number,
  carTypeCounts: Record<string, number> | undefined,
): number {
  if (nbHits <= 1999 || !carTypeCounts) return nbHits;
  const sum = Object.values(carTypeCounts).reduce((total, count) => total + count, 0);
  return sum || nbHits;
}
