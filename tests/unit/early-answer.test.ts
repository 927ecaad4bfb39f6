import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/search/engine';
import { earlyRequests, readEarlyAnswer, withTick } from '../../src/search/early-answer';
import { emptyState, type SearchState } from '../../src/search/state';
import { searchDocument as doc } from './support/search-document';

// The page's script answers a facet tick with the engine before the app is live: the count, the
// first page's cars and every list's counts must be those the app then shows for the same state.

const NOW = Date.parse('2026-11-27T00:00:00Z');

const DOCS = [
  doc(1, { make: 'Toyota', body: ['Hatch'], price: 25_000, custom_rank: 9 }),
  doc(2, { make: 'Toyota', body: ['Ute'], price: 55_000, car_type: 'new', custom_rank: 8 }),
  doc(3, { make: 'Kia', body: ['SUV'], price: 38_000, car_type: 'demo', custom_rank: 7 }),
  doc(4, { make: 'Kia', body: ['Hatch'], price: 19_000, custom_rank: 6 }),
  doc(5, { make: 'Mazda', body: ['SUV'], price: 42_000, custom_rank: 5 }),
  doc(6, { make: 'Mazda', body: ['Ute'], price: 61_000, car_type: 'new', custom_rank: 4 }),
];
const engine = createEngine(DOCS, { soldDays: 3, now: () => NOW });
const FACETS = ['car_type', 'make', 'body'];

function answer(state: SearchState, hitsPerPage = 2) {
  const requests = earlyRequests(state, FACETS, hitsPerPage);
  return readEarlyAnswer(
    state,
    requests.map((request) => engine.search(request.indexName, request.params ?? {})),
  );
}

describe('early answer to a facet tick', () => {
  it('a tick narrows the results; its own list keeps the counts of the other values (values of a field are OR-ed)', () => {
    const state = withTick(emptyState(), 'make', 'Kia', true);
    const result = answer(state);
    expect(result.count).toBe(2);
    expect(result.hitIds).toEqual(['3', '4']);
    expect(result.facets.make).toEqual({ Toyota: 2, Kia: 2, Mazda: 2 });
    expect(result.facets.body).toEqual({ SUV: 1, Hatch: 1 });
    expect(result.facets.car_type).toEqual({ demo: 1, used: 1 });
  });

  it('a second value of the same field widens; another field narrows, with the price range and sort of the address', () => {
    let state: SearchState = {
      ...emptyState(),
      sortBy: 'Car_production:price:asc',
      ranges: { price: { max: 60_000 } },
      page: 3,
    };
    state = withTick(state, 'make', 'Kia', true);
    state = withTick(state, 'make', 'Mazda', true);
    expect(state.page).toBe(1);
    expect(answer(state, 10).hitIds).toEqual(['4', '3', '5']);
    state = withTick(state, 'body', 'SUV', true);
    const result = answer(state, 10);
    expect(result.hitIds).toEqual(['3', '5']);
    expect(result.facets.make).toEqual({ Kia: 1, Mazda: 1 });
    expect(result.facets.body).toEqual({ SUV: 2, Hatch: 1 });
  });

  it('unticking the last value drops the field, back to the full answer', () => {
    const ticked = withTick(emptyState(), 'body', 'Ute', true);
    const back = withTick(ticked, 'body', 'Ute', false);
    expect(back.refinements).toEqual({});
    expect(answer(back, 10).count).toBe(6);
  });
});
