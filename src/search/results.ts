import type { PromoCard, Promos } from '../tenant/schema/promos';

/** How a page of hits becomes the grid a shopper sees: sold-run collapse and promo cards (SPEC 2). */

/**
 * Only the first car of a run of consecutive sold cars shows, unless every car is sold (then all
 * show, so a page of sold stock is never reduced to one card).
 */
export function collapseSoldRuns<T>(hits: readonly T[], isSold: (hit: T) => boolean): T[] {
  if (hits.length && hits.every(isSold)) return [...hits];
  return hits.filter((hit, index) => !isSold(hit) || index === 0 || !isSold(hits[index - 1]!));
}

/** Promos running at `nowMs`: displayed, started and not expired. */
export function activePromos(cards: readonly PromoCard[], nowMs: number): PromoCard[] {
  return cards.filter(
    (card) => card.display !== false && (!card.start || Date.parse(card.start) <= nowMs) && (!card.expiry || Date.parse(card.expiry) > nowMs),
  );
}

/**
 * 1-based positions in the final grid where promo cards go, for a grid of `cars` cars.
 * every N: N, 2N, ...; positions: as listed; random: one position between min and max
 * (`random` is injected so a test or a page can fix it).
 */
export function promoPositions(placement: Promos['placement'], cars: number, random: () => number = Math.random): number[] {
  if (cars === 0) return [];
  if (placement.rule === 'every') {
    const positions: number[] = [];
    // Each promo takes a slot, so the k-th promo sits at k*N in a grid of cars + promos.
    for (let position = placement.every; position - positions.length - 1 < cars; position += placement.every) positions.push(position);
    return positions;
  }
  if (placement.rule === 'positions') return [...placement.positions].sort((a, b) => a - b);
  const low = Math.min(placement.min, placement.max);
  const high = Math.max(placement.min, placement.max);
  return [low + Math.floor(random() * (high - low + 1))];
}

export type GridItem<T> = { kind: 'car'; car: T } | { kind: 'promo'; promo: PromoCard; position: number };

/**
 * Insert promo cards among the cars. A promo with its own `position` goes there; the others
 * take the placement's positions in turn (cycling). A position beyond the last car is skipped,
 * so promos never trail after the results; strictDisplay promos only ever use their own position.
 */
export function withPromos<T>(cars: readonly T[], promos: readonly PromoCard[], positions: readonly number[]): GridItem<T>[] {
  const items: GridItem<T>[] = cars.map((car) => ({ kind: 'car', car }));
  if (!promos.length || !cars.length) return items;
  const fixed = promos.filter((promo) => promo.position != null);
  const floating = promos.filter((promo) => promo.position == null && !promo.strictDisplay);
  const slots = new Map<number, PromoCard>();
  for (const promo of fixed) slots.set(promo.position!, promo);
  if (floating.length) {
    positions.forEach((position, index) => {
      if (!slots.has(position)) slots.set(position, floating[index % floating.length]!);
    });
  }
  for (const position of [...slots.keys()].sort((a, b) => a - b)) {
    // Position p means p-1 items come before it; it must sit before at least one car.
    if (position - 1 < items.length) items.splice(position - 1, 0, { kind: 'promo', promo: slots.get(position)!, position });
  }
  return items;
}

/** SPEC 9: a result count above 1,999 is replaced by the sum of the car type facet counts. */
export function displayCount(nbHits: number, carTypeCounts: Record<string, number> | undefined): number {
  if (nbHits <= 1999 || !carTypeCounts) return nbHits;
  const sum = Object.values(carTypeCounts).reduce((total, count) => total + count, 0);
  return sum || nbHits;
}
