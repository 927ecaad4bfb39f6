import { canFavourite } from './favourite-eligibility';

/** How many cars a shopper can line up side by side: three columns still fit a phone's scroll box. */
export const COMPARE_LIMIT = 3;

/**
 * SPEC 5: the compare button shows only for an eligible car, by the same rule as the favourite
 * heart (a price above 0 and an image or thumbnail), so the table never holds a car it cannot
 * price or picture.
 */
export function canCompare(car: { price?: number | null; image?: string | null }): boolean {
  return canFavourite(car.price, car.image);
}

/** The localStorage key of the compare list (each dealer site is its own origin). */
export const COMPARE_KEY = 'compare';

/** A car as the compare list keeps it on the shopper's device. */
export interface CompareEntry {
  id: string;
  name: string;
  slug: string;
}

export type CompareOutcome = 'added' | 'removed' | 'full';

/**
 * Press Compare on a car: take it off the list if it is there, add it if there is room, and
 * otherwise leave the list alone and say it is full (nothing is silently replaced).
 */
export function toggleInList(
  list: readonly CompareEntry[],
  car: CompareEntry,
  limit = COMPARE_LIMIT,
): { list: CompareEntry[]; outcome: CompareOutcome } {
  if (list.some((entry) => entry.id === car.id))
    return { list: list.filter((entry) => entry.id !== car.id), outcome: 'removed' };
  if (list.length >= limit) return { list: [...list], outcome: 'full' };
  return { list: [...list, { id: car.id, name: car.name, slug: car.slug }], outcome: 'added' };
}

/** The sentence a screen reader hears (and the tray shows) after a press. */
export function compareNotice(
  outcome: CompareOutcome,
  name: string,
  count: number,
  limit = COMPARE_LIMIT,
): string {
  if (outcome === 'added') return `Added ${name} to compare (${count} of ${limit}).`;
  if (outcome === 'removed') return `Removed ${name} from compare (${count} of ${limit}).`;
  return `You can compare up to ${limit} cars. Remove one first: press Compare on a chosen car again, or use Remove on the comparison page.`;
}

/** The stored list; a hand-edited or foreign value must not break the page: anything unexpected reads as empty. */
export function parseCompareList(raw: string | null): CompareEntry[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(value) ? value.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function isEntry(value: unknown): value is CompareEntry {
  const entry = value as CompareEntry;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.id === 'string' &&
    typeof entry.name === 'string' &&
    typeof entry.slug === 'string'
  );
}
