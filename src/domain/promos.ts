/**
 * SPEC 3 "Promo node" (start, expiry, position, display, strictDisplay): the one rule for when a
 * promo shows and where it goes, used by the search grid's promo cards and the special offers.
 */

/** SPEC 9: the campaign cut-off, the expiry of promo nodes that have none where a tenant opts in. */
export const PROMO_EXPIRY = '2025-06-15T16:00:00+10:00';

export interface PromoNode {
  start?: string | null;
  expiry?: string | null;
  /** 1-based place among the items it is shown with. */
  position?: number | null;
  /** false: never shown. */
  display?: boolean | null;
  /** Only ever shown at its own position, never moved. */
  strictDisplay?: boolean | null;
}

/**
 * The expiry for nodes without one: SPEC 9's PROMO_EXPIRY when the tenant opts in, else none.
 * Opt-in, not the default: the date has passed, so applying it everywhere would hide every
 * open-ended promo and offer of every dealer.
 */
export function defaultPromoExpiry(optIn: boolean): string | undefined {
  return optIn ? PROMO_EXPIRY : undefined;
}

/**
 * A node shows at `nowMs` unless `display` is false, it has not started (start inclusive) or it
 * has expired (expiry exclusive; `defaultExpiry` stands in for a missing one).
 */
export function isPromoShown(node: PromoNode, nowMs: number, defaultExpiry?: string): boolean {
  if (node.display === false) return false;
  const expiry = node.expiry ?? defaultExpiry;
  if (node.start && Date.parse(node.start) > nowMs) return false;
  if (expiry && Date.parse(expiry) <= nowMs) return false;
  return true;
}

/** The nodes shown at `nowMs`, in their given order. */
export function shownPromos<T extends PromoNode>(
  nodes: readonly T[],
  nowMs: number,
  defaultExpiry?: string,
): T[] {
  return nodes.filter((node) => isPromoShown(node, nowMs, defaultExpiry));
}

/**
 * A list of promo nodes (the offers page) in display order: a node with a position takes that
 * place (the first of two asking for one wins); the others fill the remaining places in their
 * given order, and a node that cannot have its place goes to the end. A strictDisplay node shows
 * only at its exact place, else not at all (and, with no position, never: as in the grid).
 */
export function orderPromos<T extends PromoNode>(nodes: readonly T[]): T[] {
  const placed = new Map<number, T>();
  const displaced: T[] = [];
  for (const node of nodes) {
    if (node.position == null) continue;
    const index = node.position - 1;
    if (index < nodes.length && !placed.has(index)) placed.set(index, node);
    else if (!node.strictDisplay) displaced.push(node);
  }
  const floating = nodes.filter((node) => node.position == null && !node.strictDisplay);
  const ordered: T[] = [];
  // Places run out before positions do when nodes are left out: later ones close up.
  for (let index = 0; placed.size > 0 || floating.length > 0; index++) {
    const own = placed.get(index);
    placed.delete(index);
    const node = own ?? floating.shift();
    if (node) ordered.push(node);
  }
  ordered.push(...displaced);
  // Closing up can move a strict node off its place: leave those out and order again.
  const moved = ordered.filter((node, index) => node.strictDisplay && node.position !== index + 1);
  return moved.length ? orderPromos(nodes.filter((node) => !moved.includes(node))) : ordered;
}

/** Where promo cards go among search results (SPEC 2): every N, listed positions, or one random place. */
export type PromoPlacement =
  | { rule: 'every'; every: number }
  | { rule: 'positions'; positions: number[] }
  | { rule: 'random'; min: number; max: number };

/**
 * 1-based positions in the final grid where promo cards go, for a grid of `cars` cars.
 * every N: N, 2N, ...; positions: as listed; random: one position between min and max
 * (`random` is injected so a test or a page can fix it).
 */
export function promoPositions(
  placement: PromoPlacement,
  cars: number,
  random: () => number = Math.random,
): number[] {
  if (cars === 0) return [];
  if (placement.rule === 'every') {
    const positions: number[] = [];
    // Each promo takes a slot, so the k-th promo sits at k*N in a grid of cars + promos.
    for (
      let position = placement.every;
      position - positions.length - 1 < cars;
      position += placement.every
    )
      positions.push(position);
    return positions;
  }
  if (placement.rule === 'positions') return [...placement.positions].sort((a, b) => a - b);
  const low = Math.min(placement.min, placement.max);
  const high = Math.max(placement.min, placement.max);
  return [low + Math.floor(random() * (high - low + 1))];
}

export type GridItem<T, P> =
  { kind: 'car'; car: T } | { kind: 'promo'; promo: P; position: number };

/**
 * Insert promo cards among the cars. A promo with its own `position` goes there; the others
 * take the placement's positions in turn (cycling). A position beyond the last car is skipped,
 * so promos never trail after the results; strictDisplay promos only ever use their own position.
 */
export function withPromos<T, P extends PromoNode>(
  cars: readonly T[],
  promos: readonly P[],
  positions: readonly number[],
): GridItem<T, P>[] {
  const items: GridItem<T, P>[] = cars.map((car) => ({ kind: 'car', car }));
  if (!promos.length || !cars.length) return items;
  const fixed = promos.filter((promo) => promo.position != null);
  const floating = promos.filter((promo) => promo.position == null && !promo.strictDisplay);
  const slots = new Map<number, P>();
  for (const promo of fixed) if (!slots.has(promo.position!)) slots.set(promo.position!, promo);
  if (floating.length) {
    positions.forEach((position, index) => {
      if (!slots.has(position)) slots.set(position, floating[index % floating.length]!);
    });
  }
  for (const position of [...slots.keys()].sort((a, b) => a - b)) {
    // Position p means p-1 items come before it; it must sit before at least one car.
    if (position - 1 < items.length)
      items.splice(position - 1, 0, { kind: 'promo', promo: slots.get(position)!, position });
  }
  return items;
}
