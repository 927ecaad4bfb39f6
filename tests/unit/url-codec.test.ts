import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALL_CARS_PATH,
  CAR_TYPE_ROUTES,
  parseRange,
  parseSearchUrl,
  routeFor,
  searchUrl,
  type RouteBase,
} from '../../src/search/url-codec';
import {
  emptyState,
  INDEX_NAME,
  REFINEMENT_FIELDS,
  SORTS,
  type SearchState,
} from '../../src/search/state';

const ROUTES: RouteBase[] = [
  ...CAR_TYPE_ROUTES,
  { path: '/search/suv-cars', refinements: { body: ['SUV'] } },
  { path: '/search/toyota', refinements: { make: ['Toyota'] } },
  { path: '/search/toyota/corolla', refinements: { make: ['Toyota'], model: ['Corolla'] } },
  {
    path: '/search/bayside-toyota-sales',
    refinements: { location_name: ['Bayside Toyota Sales'] },
  },
];

function state(partial: Partial<SearchState>): SearchState {
  return { ...emptyState(), ...partial };
}

describe('search URL codec: SPEC URL formats', () => {
  it.each([
    ['/search/new-used-and-demo-cars', state({})],
    ['/search/new-cars', state({ refinements: { car_type: ['new'] } })],
    ['/search/new-and-demo-cars', state({ refinements: { car_type: ['new', 'demo'] } })],
    ['/search/toyota/corolla', state({ refinements: { make: ['Toyota'], model: ['Corolla'] } })],
    ['/search/used-cars?page=2', state({ page: 2, refinements: { car_type: ['used'] } })],
    [
      '/search/new-used-and-demo-cars?range[price]=20000:60000',
      state({ ranges: { price: { min: 20000, max: 60000 } } }),
    ],
    [
      '/search/new-used-and-demo-cars?range[price]=5000:',
      state({ ranges: { price: { min: 5000 } } }),
    ],
    [
      '/search/new-used-and-demo-cars?sortBy=Car_production:price:desc',
      state({ sortBy: `${INDEX_NAME}:price:desc` }),
    ],
    ['/search/new-used-and-demo-cars?query=land%20cruiser', state({ query: 'land cruiser' })],
    [
      '/search/toyota?refinementList[body][0]=SUV&refinementList[body][1]=Ute',
      state({ refinements: { make: ['Toyota'], body: ['SUV', 'Ute'] } }),
    ],
  ])('%s', (url, expected) => {
    expect(parseSearchUrl(url, ROUTES)).toEqual(expected);
    expect(searchUrl(expected, ROUTES, url.split('?')[0])).toBe(url);
  });

  it('writes page only when not 1', () => {
    expect(searchUrl(state({ page: 1 }), ROUTES)).toBe(ALL_CARS_PATH);
    expect(searchUrl(state({ page: 3 }), ROUTES)).toBe(`${ALL_CARS_PATH}?page=3`);
  });

  it('reads percent-encoded brackets as well as literal ones', () => {
    expect(
      parseSearchUrl(
        '/search/new-cars?refinementList%5Bmake%5D%5B0%5D=Kia&range%5Bprice%5D=1%3A2',
        ROUTES,
      ),
    ).toEqual(
      state({
        refinements: { car_type: ['new'], make: ['Kia'] },
        ranges: { price: { min: 1, max: 2 } },
      }),
    );
  });

  it('ignores unknown fields, bad pages, sorts and ranges instead of failing', () => {
    expect(
      parseSearchUrl(
        '/search/new-cars?page=abc&sortBy=nope&range[price]=x:y&refinementList[password][0]=x&foo=bar',
        ROUTES,
      ),
    ).toEqual(state({ refinements: { car_type: ['new'] } }));
  });

  it('leaves a route whose base filter was removed for the all-cars route', () => {
    const url = searchUrl(state({ refinements: { body: ['SUV'] } }), ROUTES, '/search/toyota');
    expect(url).toBe('/search/suv-cars');
    expect(
      searchUrl(state({ refinements: { make: ['Toyota', 'Kia'] } }), ROUTES, '/search/toyota'),
    ).toBe(
      '/search/new-used-and-demo-cars?refinementList[make][0]=Toyota&refinementList[make][1]=Kia',
    );
  });

  it('keeps the current route while its base filters still hold', () => {
    expect(
      routeFor(
        { make: ['Toyota'], model: ['Corolla'], body: ['SUV'] },
        ROUTES,
        '/search/toyota/corolla',
      ).path,
    ).toBe('/search/toyota/corolla');
    expect(routeFor({ make: ['Toyota'], model: ['Corolla'] }, ROUTES).path).toBe(
      '/search/toyota/corolla',
    );
  });

  it('parses ranges', () => {
    expect(parseRange('10:20')).toEqual({ min: 10, max: 20 });
    expect(parseRange(':20')).toEqual({ max: 20 });
    expect(parseRange(':')).toBeUndefined();
    expect(parseRange('1:2:3')).toBeUndefined();
  });
});

const valueArb = fc
  .string({ minLength: 1, maxLength: 12 })
  .filter((text) => text.trim() === text && text.length > 0);

const stateArb: fc.Arbitrary<SearchState> = fc.record({
  query: fc.oneof(
    fc.constant(''),
    fc.string({ maxLength: 20 }).filter((text) => text.trim() !== ''),
  ),
  page: fc.integer({ min: 1, max: 50 }),
  sortBy: fc.constantFrom(...SORTS.map((sort) => sort.value)),
  refinements: fc
    .dictionary(
      fc.constantFrom(...REFINEMENT_FIELDS),
      fc.uniqueArray(valueArb, { minLength: 1, maxLength: 3 }),
    )
    .map((value) => value as SearchState['refinements']),
  ranges: fc.record(
    {
      price: fc
        .record({
          min: fc.option(fc.integer({ min: 0, max: 250_000 }), { nil: undefined }),
          max: fc.option(fc.integer({ min: 0, max: 250_000 }), { nil: undefined }),
        })
        .filter((range) => range.min != null || range.max != null),
      km: fc.record({
        min: fc.integer({ min: 0, max: 300_000 }),
        max: fc.integer({ min: 0, max: 300_000 }),
      }),
    },
    { requiredKeys: [] },
  ),
});

/** Compare states with value order ignored and undefined bounds dropped. */
function normalise(value: SearchState) {
  const refinements = Object.fromEntries(
    Object.entries(value.refinements)
      .filter(([, values]) => values && values.length)
      .map(([field, values]) => [field, [...values!].sort()]),
  );
  const ranges = Object.fromEntries(
    Object.entries(value.ranges).map(([field, range]) => [
      field,
      JSON.parse(JSON.stringify(range)) as object,
    ]),
  );
  return { ...value, refinements, ranges };
}

describe('search URL codec: round trips', () => {
  it('state -> URL -> state is the same state, from any current route', () => {
    fc.assert(
      fc.property(
        stateArb,
        fc.constantFrom(...ROUTES.map((route) => route.path)),
        (original, current) => {
          const url = searchUrl(original, ROUTES, current);
          expect(normalise(parseSearchUrl(url, ROUTES))).toEqual(normalise(original));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('URL -> state -> URL is stable', () => {
    fc.assert(
      fc.property(stateArb, (original) => {
        const url = searchUrl(original, ROUTES);
        expect(searchUrl(parseSearchUrl(url, ROUTES), ROUTES, url.split('?')[0])).toBe(url);
      }),
      { numRuns: 300 },
    );
  });
});
