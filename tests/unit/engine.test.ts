import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/search/engine';
import {
  createEmbeddedClient,
  retryDelayMs,
  withCache,
  type SearchClient,
} from '../../src/search/client';
import type { SearchDocument } from '../../src/search/document';
import { rangeLowerBound, weeklyPriceRange } from '../../src/search/document';
import { searchDocument as doc } from './support/search-document';

const NOW = Date.parse('2026-11-23T00:00:00Z');
const DAY = 86_400;
const nowSeconds = NOW / 1000;

const DOCS: SearchDocument[] = [
  doc(1, {
    make: 'Toyota',
    model: 'Corolla',
    price: 25_000,
    km: 40_000,
    body: ['Hatch'],
    custom_rank: 5,
    name: '2020 Toyota Corolla Ascent',
  }),
  doc(2, {
    make: 'Toyota',
    model: 'HiLux',
    price: 55_000,
    km: 10_000,
    body: ['Ute', '4x4'],
    car_type: 'new',
    custom_rank: 9,
    name: '2024 Toyota HiLux SR5',
  }),
  doc(3, {
    make: 'Kia',
    model: 'Sportage',
    price: 38_000,
    km: 5_000,
    body: ['SUV'],
    car_type: 'demo',
    custom_rank: 1,
  }),
  doc(4, {
    make: 'Kia',
    model: 'Cerato',
    price: 19_000,
    body: ['Hatch'],
    status: 'sold',
    sold_date_timestamp: nowSeconds - 1 * DAY,
  }),
  doc(5, {
    make: 'Mazda',
    model: 'CX-5',
    price: 42_000,
    body: ['SUV'],
    status: 'sold',
    sold_date_timestamp: nowSeconds - 10 * DAY,
  }),
  doc(6, {
    make: 'Mazda',
    model: 'BT-50',
    price: 60_000,
    body: ['Ute'],
    show_on_dealer_website: false,
  }),
  doc(7, { make: 'Honda', model: 'Civic', body: ['Hatch'], status: 'coming_soon' }),
];

const engine = createEngine(DOCS, { soldDays: 3, now: () => NOW });
const ids = (result: { hits: { objectID: string }[] }) => result.hits.map((hit) => hit.objectID);

describe('embedded engine', () => {
  it('applies the SPEC 7 stock filter at query time', () => {
    const result = engine.search('Car_production', { hitsPerPage: 50 });
    // 5 was sold 10 days ago (cut-off 3 days), 6 is hidden from the dealer website.
    expect(ids(result).sort()).toEqual(['1', '2', '3', '4', '7']);
    expect(result.nbHits).toBe(5);
    // The same build three days later: car 4's cut-off has passed.
    const later = createEngine(DOCS, { soldDays: 3, now: () => NOW + 3 * DAY * 1000 });
    expect(ids(later.search('Car_production', { hitsPerPage: 50 }))).not.toContain('4');
  });

  it('orders by custom_rank descending by default', () => {
    expect(ids(engine.search('Car_production', { hitsPerPage: 3 }))).toEqual(['2', '1', '3']);
  });

  it.each([
    ['Car_production:price:asc', ['4', '1', '3', '2', '7']],
    ['Car_production:price:desc', ['2', '3', '1', '4', '7']],
  ])('sorts by %s, cars without a price last', (index, expected) => {
    expect(ids(engine.search(index, { hitsPerPage: 50 }))).toEqual(expected);
  });

  it('matches every query word as a word prefix, case-insensitively', () => {
    expect(ids(engine.search('Car_production', { query: 'toyota hil' }))).toEqual(['2']);
    expect(ids(engine.search('Car_production', { query: 'KIA' })).sort()).toEqual(['3', '4']);
    expect(engine.search('Car_production', { query: 'ota' }).nbHits).toBe(0);
  });

  it('ANDs facet filter groups and ORs values within a group, as arrays or strings', () => {
    const either = engine.search('Car_production', {
      facetFilters: [['make:Toyota', 'make:Kia'], ['body:Hatch']],
      hitsPerPage: 50,
    });
    expect(ids(either).sort()).toEqual(['1', '4']);
    expect(
      ids(engine.search('Car_production', { facetFilters: 'make:Kia', hitsPerPage: 50 })).sort(),
    ).toEqual(['3', '4']);
    expect(
      ids(engine.search('Car_production', { facetFilters: ['make:Kia', 'car_type:demo'] })),
    ).toEqual(['3']);
    expect(
      ids(
        engine.search('Car_production', { facetFilters: ['-make:Toyota'], hitsPerPage: 50 }),
      ).sort(),
    ).toEqual(['3', '4', '7']);
  });

  it('applies numeric ranges; cars without the number fall outside any bound', () => {
    const result = engine.search('Car_production', {
      numericFilters: ['price>=20000', 'price<=40000'],
      hitsPerPage: 50,
    });
    expect(ids(result).sort()).toEqual(['1', '3']);
    expect(
      ids(engine.search('Car_production', { numericFilters: [['km<6000', 'km>30000']] })).sort(),
    ).toEqual(['1', '3']);
  });

  it('counts facet values over the matching cars and reports numeric stats', () => {
    const result = engine.search('Car_production', {
      facets: ['make', 'body', 'price'],
      facetFilters: [['body:Hatch', 'body:SUV']],
    });
    expect(result.facets.make).toEqual({ Toyota: 1, Kia: 2, Honda: 1 });
    expect(result.facets.body).toEqual({ Hatch: 3, SUV: 1 });
    expect(result.facets_stats.price).toEqual({
      min: 19_000,
      max: 38_000,
      sum: 82_000,
      avg: 82_000 / 3,
    });
  });

  it('answers the extra hitsPerPage 0 requests InstantSearch sends for refined facets', () => {
    const result = engine.search('Car_production', { facets: 'make', hitsPerPage: 0, page: 0 });
    expect(result.hits).toEqual([]);
    expect(result.nbPages).toBe(0);
    expect(result.nbHits).toBe(5);
    expect(result.facets.make).toEqual({ Toyota: 2, Kia: 2, Honda: 1 });
  });

  it('pages', () => {
    const page = engine.search('Car_production', { hitsPerPage: 2, page: 2 });
    expect(page).toMatchObject({ page: 2, nbPages: 3, nbHits: 5, hitsPerPage: 2 });
    expect(ids(page)).toEqual(['7']);
    expect(engine.search('Car_production', { hitsPerPage: 2, page: 9 }).hits).toEqual([]);
  });
});

describe('embedded client', () => {
  it('loads the documents once, lazily, and answers requests in order with every InstantSearch field', async () => {
    let loads = 0;
    const client = createEmbeddedClient({
      soldDays: 3,
      now: () => NOW,
      load: async () => (loads++, DOCS),
    });
    expect(loads).toBe(0);
    const { results } = await client.search([
      {
        indexName: 'Car_production',
        params: { query: '', hitsPerPage: 21, page: 0, facets: ['make'] },
      },
      { indexName: 'Car_production', params: { hitsPerPage: 0, facets: 'make' } },
    ]);
    await client.search([{ indexName: 'Car_production' }]);
    expect(loads).toBe(1);
    expect(results).toHaveLength(2);
    for (const key of [
      'hits',
      'nbHits',
      'page',
      'nbPages',
      'hitsPerPage',
      'facets',
      'facets_stats',
      'processingTimeMS',
      'query',
      'params',
      'index',
    ]) {
      expect(results[0]).toHaveProperty(key);
    }
    expect(results[1]!.nbPages).toBe(0);
  });

  it('retries a failed load with back-off (2 s, doubling to 30 s), asking the server nothing in between', async () => {
    let calls = 0;
    let clock = NOW;
    const client = createEmbeddedClient({
      soldDays: 3,
      now: () => clock,
      load: async () => {
        calls++;
        if (calls <= 2) throw new Error('offline');
        return DOCS;
      },
    });
    const search = () => client.search([{ indexName: 'Car_production' }]);
    await expect(search()).rejects.toThrow('offline');
    // Searches during the back-off fail at once without another request.
    for (let i = 0; i < 50; i++) await expect(search()).rejects.toThrow('offline');
    expect(calls).toBe(1);
    clock += retryDelayMs(1);
    await expect(search()).rejects.toThrow('offline');
    expect(calls).toBe(2);
    clock += retryDelayMs(1);
    await expect(search()).rejects.toThrow('offline');
    expect(calls).toBe(2);
    clock += retryDelayMs(2);
    await expect(search()).resolves.toHaveProperty('results');
    expect(calls).toBe(3);
  });

  it('a quiet load ahead of need (the page at idle) that fails does not start the back-off', async () => {
    let calls = 0;
    const client = createEmbeddedClient({
      soldDays: 3,
      now: () => NOW,
      load: async () => {
        calls++;
        if (calls === 1) throw new Error('offline');
        return DOCS;
      },
    });
    await expect(client.ready(true)).rejects.toThrow('offline');
    expect(client.loaded()).toBe(false);
    // The shopper's first search asks the server again at once, and the engine is then loaded.
    await expect(client.search([{ indexName: 'Car_production' }])).resolves.toHaveProperty(
      'results',
    );
    expect(calls).toBe(2);
    expect(client.loaded()).toBe(true);
  });

  it('the retry delays: a handful of requests in the first 30 s of an outage', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('results cache', () => {
  it('answers a repeated request from the cache and evicts the oldest when full', async () => {
    const seen: string[] = [];
    const inner: SearchClient = {
      search: async (requests) => {
        seen.push(String(requests[0]!.params?.query));
        return { results: [] };
      },
    };
    const cached = withCache(inner, 2);
    const ask = (query: string) =>
      cached.search([{ indexName: 'Car_production', params: { query } }]);
    await ask('a');
    await ask('a');
    await ask('b');
    await ask('c'); // evicts 'a'
    await ask('b');
    await ask('a');
    expect(seen).toEqual(['a', 'b', 'c', 'a']);
  });

  it('does not keep failures', async () => {
    let fail = true;
    const cached = withCache(
      { search: async () => (fail ? Promise.reject(new Error('down')) : { results: [] }) },
      5,
    );
    await expect(cached.search([{ indexName: 'x' }])).rejects.toThrow('down');
    fail = false;
    await expect(cached.search([{ indexName: 'x' }])).resolves.toEqual({ results: [] });
  });
});

describe('weekly price ranges', () => {
  it('buckets by $50 and sorts by lower bound', () => {
    expect(weeklyPriceRange(149.9)).toBe('$100 - $149 per week');
    expect(weeklyPriceRange(150)).toBe('$150 - $199 per week');
    const labels = ['$1000 - $1049 per week', '$150 - $199 per week', '$50 - $99 per week'];
    expect(labels.sort((a, b) => rangeLowerBound(a) - rangeLowerBound(b))).toEqual([
      '$50 - $99 per week',
      '$150 - $199 per week',
      '$1000 - $1049 per week',
    ]);
  });
});

describe('index file', () => {
  it('stores documents column by column and reads them back unchanged', async () => {
    const { encodeIndex, decodeIndex } = await import('../../src/search/index-file');
    const file = encodeIndex(DOCS, '2026-11-23T00:00:00Z');
    expect(file.count).toBe(DOCS.length);
    expect(file.columns.make).toHaveLength(DOCS.length);
    expect(decodeIndex(JSON.parse(JSON.stringify(file)))).toEqual(DOCS);
    // Derivable values are left out and worked out again.
    const usual = [
      doc(410002, {
        slug: 'a-2020-toyota-corolla-410002',
        name: '2020 Toyota Corolla Ascent',
        badge: 'Ascent',
      }),
    ];
    const compact = encodeIndex(usual, '');
    expect(compact.columns.objectID).toEqual([null]);
    expect(compact.columns.name).toEqual([null]);
    expect(decodeIndex(compact)).toEqual(usual);
  });
});
