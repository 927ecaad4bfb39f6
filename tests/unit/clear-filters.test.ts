import { describe, expect, it } from 'vitest';
import { hasFilters, emptyState, INDEX_NAME } from '../../src/search/state';
import { uiStateToSearchState, withoutFilters } from '../../src/search/routing';

// 'Clear Filters' on the search page: enabled while a facet or range is set; clears those and the
// page, keeps what the shopper typed and the sort.
describe('Clear Filters', () => {
  it('is enabled by a facet value or a range bound, not by a query, a sort or a page', () => {
    expect(hasFilters(emptyState())).toBe(false);
    expect(
      hasFilters({ ...emptyState(), query: 'ranger', sortBy: `${INDEX_NAME}:price:asc`, page: 3 }),
    ).toBe(false);
    expect(hasFilters({ ...emptyState(), refinements: { make: [] } })).toBe(false);
    expect(hasFilters({ ...emptyState(), refinements: { make: ['Ford'] } })).toBe(true);
    expect(hasFilters({ ...emptyState(), ranges: { price: { min: 5000 } } })).toBe(true);
    expect(hasFilters({ ...emptyState(), ranges: { km: { max: 40000 } } })).toBe(true);
    expect(hasFilters({ ...emptyState(), ranges: { km: {} } })).toBe(false);
  });

  it('clears facets, ranges and the page, and keeps the query, the sort and the page size', () => {
    const before = {
      query: 'ranger',
      sortBy: `${INDEX_NAME}:price:asc`,
      page: 3,
      refinementList: { make: ['Ford'], body: ['Ute'] },
      range: { price: '5000:40000' },
      configure: { hitsPerPage: 24 },
    };
    const after = withoutFilters(before);
    expect(after).toEqual({
      query: 'ranger',
      sortBy: `${INDEX_NAME}:price:asc`,
      configure: { hitsPerPage: 24 },
    });
    expect(hasFilters(uiStateToSearchState({ [INDEX_NAME]: after }))).toBe(false);
    expect(hasFilters(uiStateToSearchState({ [INDEX_NAME]: before }))).toBe(true);
  });
});
