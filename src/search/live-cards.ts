import { formatPrice } from '../domain/format';
import { hasPrice } from '../domain/price-display';
import { isAvailable } from '../domain/stock';
import type { IndexFile } from './index-file';

/** What a result card shows as built: read back from its HTML. */
export interface ShownCard {
  id: string;
  sold: boolean;
  /** The price text ("$31,990"), undefined for a card without one. */
  price: string | undefined;
}

/** What a card must show now that it does not: sold, or another price. */
export type CardCorrection = { kind: 'sold' } | { kind: 'price'; price: string };

/** A car's live state, from the site's search index. */
interface LiveCar {
  available: boolean;
  price: string | undefined;
}

/**
 * The live state of every car in the index, by id. Read straight from the index's columns (a
 * 1,000-car index decoded whole would cost a phone a long task every time it changed).
 */
export function liveCars(file: Pick<IndexFile, 'columns' | 'count'>): Map<string, LiveCar> {
  const { objectID = [], slug = [], status = [], sold = [], price = [] } = file.columns;
  const cars = new Map<string, LiveCar>();
  for (let at = 0; at < file.count; at++) {
    // The index leaves out an id the slug ends with (index-file.ts).
    const carSlug = String(slug[at] ?? '');
    const id =
      objectID[at] != null ? String(objectID[at]) : carSlug.slice(carSlug.lastIndexOf('-') + 1);
    const amount = price[at];
    cars.set(id, {
      available: isAvailable({
        status: String(status[at] ?? 'in_stock') as never,
        sold: sold[at] === true,
      }),
      price: typeof amount === 'number' && hasPrice(amount) ? formatPrice(amount) : undefined,
    });
  }
  return cars;
}

/**
 * The corrections a search page's cards need against the live index: a card of a car sold since
 * (or gone from the index: no longer for sale) becomes sold; an available car whose price changed
 * shows the new price. A card already built as sold stays as it is.
 */
export function cardCorrections(
  cards: readonly ShownCard[],
  live: ReadonlyMap<string, LiveCar>,
): Map<string, CardCorrection> {
  const corrections = new Map<string, CardCorrection>();
  for (const card of cards) {
    if (card.sold) continue;
    const now = live.get(card.id);
    if (!now || !now.available) corrections.set(card.id, { kind: 'sold' });
    else if (now.price && card.price && now.price !== card.price)
      corrections.set(card.id, { kind: 'price', price: now.price });
  }
  return corrections;
}
