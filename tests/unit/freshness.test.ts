import { describe, expect, it } from 'vitest';
import type { SearchDocument } from '../../src/search/document';
import { staleAt } from '../../src/search/freshness';

const DAY = 86_400;
const built = Date.UTC(2026, 10, 20, 12, 0, 0);
const builtS = built / 1000;

function doc(id: string, fields: Partial<SearchDocument>): SearchDocument {
  return {
    objectID: id,
    make: 'Toyota',
    car_type: 'used',
    status: 'in_stock',
    ...fields,
  } as SearchDocument;
}

describe('staleAt: when a search page HTML stops being the query-time answer (SPEC 7 sold cut-off)', () => {
  it('is when the first sold car still listed at build passes its cut-off', () => {
    const docs = [
      doc('a', {}),
      doc('b', { status: 'sold', sold: true, sold_date_timestamp: builtS - 2 * DAY }),
      doc('c', { status: 'sold', sold: true, sold_date_timestamp: builtS - 5 * DAY }),
      // Already past the cut-off at build: not on the page, changes nothing later.
      doc('d', { status: 'sold', sold: true, sold_date_timestamp: builtS - 20 * DAY }),
    ];
    expect(staleAt(docs, {}, 14, built)).toBe((builtS - 5 * DAY + 14 * DAY) * 1000);
  });

  it('counts only the cars of the route, and hidden cars never', () => {
    const docs = [
      doc('b', { make: 'Kia', status: 'sold', sold: true, sold_date_timestamp: builtS - 5 * DAY }),
      doc('c', {
        make: 'Toyota',
        status: 'sold',
        sold: true,
        sold_date_timestamp: builtS - 2 * DAY,
      }),
      doc('h', {
        make: 'Toyota',
        status: 'sold',
        sold: true,
        sold_date_timestamp: builtS - 6 * DAY,
        show_on_dealer_website: false,
      }),
    ];
    expect(staleAt(docs, { make: ['Toyota'] }, 14, built)).toBe(
      (builtS - 2 * DAY + 14 * DAY) * 1000,
    );
    expect(staleAt(docs, { make: ['Mazda'] }, 14, built)).toBeNull();
  });

  it('is never for stock with nothing sold', () => {
    expect(staleAt([doc('a', {}), doc('b', { status: 'coming_soon' })], {}, 14, built)).toBeNull();
  });
});
