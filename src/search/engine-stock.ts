import { add, emptySet, type Bitset } from './bitset';
import type { SearchDocument } from './document';

/**
 * SPEC 7's stock filter as a bitset by cut-off: hidden cars never match; in stock and coming soon
 * always do; the rest (sold, on hold...) only while their sold date is after the query-time
 * cut-off. The set for the last cut-off asked is kept (the cut-off moves with the clock).
 */
export function createStockFilter(docs: SearchDocument[]): (cutoff: number) => Bitset {
  const alwaysListed = emptySet(docs.length);
  const soldDocs: number[] = [];
  const soldDates: number[] = [];
  docs.forEach((doc, index) => {
    if (doc.show_on_dealer_website === false) return;
    if (doc.status === 'in_stock' || doc.status === 'coming_soon') add(alwaysListed, index);
    else if (typeof doc.sold_date_timestamp === 'number') {
      soldDocs.push(index);
      soldDates.push(doc.sold_date_timestamp);
    }
  });
  let listedCutoff = Number.NaN;
  let listedSet = alwaysListed;
  return function listed(cutoff) {
    if (cutoff !== listedCutoff) {
      listedSet = alwaysListed.slice();
      for (let i = 0; i < soldDocs.length; i++)
        if (soldDates[i]! > cutoff) add(listedSet, soldDocs[i]!);
      listedCutoff = cutoff;
    }
    return listedSet;
  };
}
