import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, type EngineParams } from '../../src/search/engine';
import type { SearchDocument } from '../../src/search/document';

/**
 * The indexed engine against the obvious one: filter every document, sort, slice, count. Random
 * documents and random InstantSearch requests; any difference in hits, order, counts or stats fails.
 */

const NOW = Date.parse('2026-11-23T00:00:00Z');
const SOLD_DAYS = 3;
const CUTOFF = Math.floor(NOW / 1000) - SOLD_DAYS * 86_400;

const MAKES = ['Toyota', 'Kia', 'Mazda', 'Škoda', 'Land Rover'];
const MODELS = ['Corolla', 'HiLux', 'CX-5', 'Sportage', 'Octavia', 'Range Rover Sport'];
const BODIES = ['SUV', 'Ute', '4x4', 'Hatch', 'Sedan'];
const COLOURS = ['White', 'Crystal Pearl', 'Blue'];
const FACETS = [
  'make',
  'model',
  'body',
  'colour',
  'car_type',
  'price',
  'km',
  'year',
  'seats',
  'status',
];
const NUMBER_FIELDS = ['price', 'km', 'year', 'seats'];
const TEXT = [
  'name',
  'make',
  'model',
  'badge',
  'colour',
  'fuel',
  'transmission',
  'drive',
  'simple_body',
  'stocknum',
  'location_name',
  'tag',
];

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const docArb = fc.record({
  make: fc.constantFrom(...MAKES),
  model: fc.constantFrom(...MODELS),
  badge: optional(fc.constantFrom('SR5', 'GX', 'Sport Hybrid')),
  colour: optional(fc.constantFrom(...COLOURS)),
  body: optional(fc.array(fc.constantFrom(...BODIES), { minLength: 1, maxLength: 3 })),
  car_type: fc.constantFrom('new' as const, 'demo' as const, 'used' as const),
  year: fc.integer({ min: 2015, max: 2026 }),
  price: optional(fc.integer({ min: 5, max: 60 }).map((n) => n * 1000)),
  km: optional(fc.integer({ min: 0, max: 200_000 })),
  seats: optional(fc.constantFrom(2, 5, 7)),
  custom_rank: optional(fc.integer({ min: 0, max: 3 })),
  created_at: optional(fc.integer({ min: 0, max: 3 }).map((n) => 1_700_000_000 + n * 3600)),
  status: fc.constantFrom('in_stock', 'coming_soon', 'sold', 'on_hold'),
  sold_date_timestamp: optional(
    fc.integer({ min: -5, max: 5 }).map((days) => CUTOFF + days * 86_400),
  ),
  show_on_dealer_website: optional(fc.constant(false as const)),
  stocknum: optional(fc.constantFrom('A123', 'b-77', 'Z.9')),
});

const docsArb = fc.array(docArb, { maxLength: 80 }).map((list) =>
  list.map((partial, index): SearchDocument => ({
    objectID: String(index),
    slug: `car-${index}`,
    name: [partial.year, partial.make, partial.model, partial.badge].filter(Boolean).join(' '),
    ...partial,
  })),
);

const facetFilterArb = fc
  .tuple(
    fc.boolean(),
    fc.constantFrom('make', 'model', 'body', 'colour', 'car_type', 'year', 'seats'),
    fc.constantFrom(
      ...MAKES,
      ...MODELS,
      ...BODIES,
      ...COLOURS,
      'new',
      'used',
      '2020',
      '5',
      'nothing',
    ),
    fc.boolean(),
  )
  .map(
    ([negated, field, value, quoted]) =>
      `${negated ? '-' : ''}${field}:${quoted ? `"${value}"` : value}`,
  );
const numericFilterArb = fc
  .tuple(
    fc.constantFrom(...NUMBER_FIELDS),
    fc.constantFrom('<', '<=', '=', '!=', '>=', '>'),
    fc.integer({ min: 0, max: 60_000 }),
  )
  .map(
    ([field, op, bound]) =>
      `${field}${op}${field === 'year' ? 2015 + (bound % 12) : field === 'seats' ? bound % 8 : bound}`,
  );
const groupsArb = <T extends string>(filter: fc.Arbitrary<T>) =>
  fc.array(fc.oneof(filter, fc.array(filter, { maxLength: 3 })), { maxLength: 3 });
const wordArb = fc.constantFrom(
  'toy',
  'TOYOTA',
  'cx',
  'cx-5',
  'rover',
  'sr5',
  'škoda',
  'skod',
  'pearl',
  '2020',
  '20',
  'b-7',
  'z.9',
  'ota',
  'hybrid',
);

const paramsArb: fc.Arbitrary<{ indexName: string; params: EngineParams }> = fc.record({
  indexName: fc.constantFrom(
    'Car_production',
    'Car_production:price:asc',
    'Car_production:price:desc',
    'Car_production:km:asc',
    'Car_production:year:desc',
  ),
  params: fc.record(
    {
      query: fc.array(wordArb, { maxLength: 2 }).map((words) => words.join(' ')),
      page: fc.integer({ min: 0, max: 3 }),
      hitsPerPage: fc.integer({ min: 0, max: 7 }),
      facets: fc.oneof(fc.constantFrom(...FACETS), fc.subarray(FACETS)),
      facetFilters: groupsArb(facetFilterArb),
      numericFilters: groupsArb(numericFilterArb),
    },
    { requiredKeys: [] },
  ),
});

// ---- the reference: the plainest reading of each rule ----

const get = (doc: SearchDocument, field: string) =>
  (doc as unknown as Record<string, unknown>)[field];
const valuesOf = (doc: SearchDocument, field: string): string[] => {
  const value = get(doc, field);
  return value == null ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
};
const numberOf = (doc: SearchDocument, field: string) =>
  typeof get(doc, field) === 'number' ? (get(doc, field) as number) : undefined;
const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9.]+/)
    .filter(Boolean);

function groups(filters: unknown): string[][] {
  if (filters == null) return [];
  const list = typeof filters === 'string' ? [filters] : (filters as unknown[]);
  return list.map((item) =>
    typeof item === 'string' ? [item] : (item as unknown[]).flat(2).map(String),
  );
}

function facetMatch(doc: SearchDocument, filter: string): boolean {
  const negated = filter.startsWith('-');
  const [field, ...rest] = (negated ? filter.slice(1) : filter).split(':');
  return valuesOf(doc, field!).includes(rest.join(':').replace(/^"|"$/g, '')) !== negated;
}

function numericMatch(doc: SearchDocument, filter: string): boolean {
  const [, field, op, raw] = /^([a-z_]+)(<=|>=|!=|<|>|=)(\d+)$/.exec(filter)!;
  const value = numberOf(doc, field!);
  const bound = Number(raw);
  if (value === undefined) return false;
  return {
    '<': value < bound,
    '<=': value <= bound,
    '=': value === bound,
    '!=': value !== bound,
    '>=': value >= bound,
    '>': value > bound,
  }[op!]!;
}

function reference(docs: SearchDocument[], indexName: string, params: EngineParams) {
  const queryWords = words(params.query ?? '');
  const matches = docs.filter(
    (doc) =>
      doc.show_on_dealer_website !== false &&
      (doc.status === 'in_stock' ||
        doc.status === 'coming_soon' ||
        (doc.sold_date_timestamp ?? -Infinity) > CUTOFF) &&
      queryWords.every((word) =>
        [...TEXT.flatMap((field) => valuesOf(doc, field).flatMap(words)), String(doc.year)].some(
          (token) => token.startsWith(word),
        ),
      ) &&
      groups(params.facetFilters).every((group) =>
        group.some((filter) => facetMatch(doc, filter)),
      ) &&
      groups(params.numericFilters).every((group) =>
        group.some((filter) => numericMatch(doc, filter)),
      ),
  );
  const rank = (a: SearchDocument, b: SearchDocument) =>
    (b.custom_rank ?? 0) - (a.custom_rank ?? 0) || (b.created_at ?? 0) - (a.created_at ?? 0);
  const [, field, order] = indexName.split(':');
  const sorted = [...matches].sort((a, b) => {
    if (!field) return rank(a, b);
    const left = numberOf(a, field);
    const right = numberOf(b, field);
    if (left === undefined || right === undefined)
      return (left === undefined ? 1 : 0) - (right === undefined ? 1 : 0) || rank(a, b);
    return (order === 'desc' ? right - left : left - right) || rank(a, b);
  });
  const hitsPerPage = params.hitsPerPage ?? 20;
  const page = params.page ?? 0;
  const facets: Record<string, Record<string, number>> = {};
  const stats: Record<string, { min: number; max: number; sum: number; avg: number }> = {};
  const facetNames = typeof params.facets === 'string' ? [params.facets] : (params.facets ?? []);
  for (const name of facetNames) {
    facets[name] = {};
    for (const doc of matches)
      for (const value of valuesOf(doc, name)) facets[name][value] = (facets[name][value] ?? 0) + 1;
    const numbers = matches
      .map((doc) => numberOf(doc, name))
      .filter((n): n is number => n !== undefined);
    if (['price', 'km', 'year', 'weekly', 'seats'].includes(name) && numbers.length) {
      const sum = numbers.reduce((a, b) => a + b, 0);
      stats[name] = {
        min: Math.min(...numbers),
        max: Math.max(...numbers),
        sum,
        avg: sum / numbers.length,
      };
    }
  }
  return {
    ids:
      hitsPerPage > 0
        ? sorted.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((doc) => doc.objectID)
        : [],
    nbHits: matches.length,
    nbPages: hitsPerPage > 0 ? Math.ceil(matches.length / hitsPerPage) : 0,
    facets,
    stats,
  };
}

describe('indexed engine = naive reference', () => {
  it('agrees on hits, order, paging, facet counts and stats for random stock and requests', () => {
    fc.assert(
      fc.property(
        docsArb,
        fc.array(paramsArb, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (docs, requests, warmed) => {
          // One engine answers several requests, so structures built by one query serve the next;
          // half the runs build everything first, as the browser's warm-up steps do.
          const engine = createEngine(docs, { soldDays: SOLD_DAYS, now: () => NOW });
          if (warmed) for (const step of engine.warmUpSteps()) step();
          for (const { indexName, params } of requests) {
            const result = engine.search(indexName, params);
            const expected = reference(docs, indexName, params);
            expect(result.hits.map((hit) => hit.objectID)).toEqual(expected.ids);
            expect(result.nbHits).toBe(expected.nbHits);
            expect(result.nbPages).toBe(expected.nbPages);
            expect(result.facets).toEqual(expected.facets);
            expect(result.facets_stats).toEqual(expected.stats);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('follows the sold cut-off as the clock moves, with one engine', () => {
    fc.assert(
      fc.property(
        docsArb,
        fc.array(fc.integer({ min: -6, max: 6 }), { minLength: 1, maxLength: 4 }),
        (docs, shifts) => {
          let now = NOW;
          const engine = createEngine(docs, { soldDays: SOLD_DAYS, now: () => now });
          for (const days of shifts) {
            now = NOW + days * 86_400_000;
            const cutoff = CUTOFF + days * 86_400;
            const listed = docs.filter(
              (doc) =>
                doc.show_on_dealer_website !== false &&
                (doc.status === 'in_stock' ||
                  doc.status === 'coming_soon' ||
                  (doc.sold_date_timestamp ?? -Infinity) > cutoff),
            );
            expect(engine.search('Car_production', { hitsPerPage: 100 }).nbHits).toBe(
              listed.length,
            );
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
