import { soldCutoff } from '../domain/stock';
import type { SearchDocument } from './document';
import type { Refinements } from './url-codec';

const DAY_SECONDS = 86_400;

/** A route's refinements as [field, values] pairs, the empty ones left out. */
export type RefinementFilters = [field: string, values: string[]][];

export function refinementFilters(refinements: Refinements): RefinementFilters {
  return Object.entries(refinements).filter(
    ([, values]) => values && values.length,
  ) as RefinementFilters;
}

/** Whether a document holds one of the values of every filter (a list field: one of its items). */
export function matchesFilters(doc: SearchDocument, filters: RefinementFilters): boolean {
  const record = doc as unknown as Record<string, unknown>;
  return filters.every(([field, values]) => {
    const value = record[field];
    return Array.isArray(value)
      ? value.some((item) => values.includes(String(item)))
      : value != null && values.includes(String(value));
  });
}

/**
 * When each sold car a search page's HTML counts passes its SPEC 7 cut-off (ms, ascending): from
 * then on a query would not list it.
 */
export function listedUntilTimes(
  docs: readonly SearchDocument[],
  refinements: Refinements,
  soldDays: number,
  builtAtMs: number,
): number[] {
  const cutoff = soldCutoff(builtAtMs, soldDays);
  const filters = refinementFilters(refinements);
  const times: number[] = [];
  for (const doc of docs) {
    if (
      doc.show_on_dealer_website === false ||
      doc.status === 'in_stock' ||
      doc.status === 'coming_soon'
    )
      continue;
    const sold = doc.sold_date_timestamp;
    if (typeof sold !== 'number' || sold <= cutoff) continue;
    if (matchesFilters(doc, filters)) times.push(listedUntil(sold, soldDays));
  }
  return times.sort((a, b) => a - b);
}

/** The moment (ms) a car sold at `soldSeconds` leaves the listing: its sold date plus the sold days. */
export function listedUntil(soldSeconds: number, soldDays: number): number {
  return (soldSeconds + soldDays * DAY_SECONDS) * 1000;
}

/**
 * When a search page's HTML stops being the answer a query would give: the first moment (ms) a
 * sold car it counts passes its SPEC 7 cut-off (listed while its sold date is after now minus the
 * sold days), or null when none of its cars will. Until then the HTML is exactly the route's
 * first answer; after it the page asks the engine again (the engine filters at query time).
 */
export function staleAt(
  docs: readonly SearchDocument[],
  refinements: Refinements,
  soldDays: number,
  builtAtMs: number,
): number | null {
  return listedUntilTimes(docs, refinements, soldDays, builtAtMs)[0] ?? null;
}
