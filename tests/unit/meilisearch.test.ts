import { describe, expect, it } from 'vitest';
import {
  createMeilisearchClient,
  indexSettings,
  stockFilter,
  toMeilisearchDocument,
  withStockFilter,
} from '../../src/search/meilisearch';
import { soldCutoff } from '../../src/domain/stock';

const NOW = Date.parse('2026-11-23T00:00:00Z');

describe('Meilisearch stock filter (SPEC 7)', () => {
  it('is the SPEC filter in Meilisearch syntax', () => {
    expect(stockFilter(1_700_000_000)).toBe(
      '(status = in_stock OR status = coming_soon OR sold_date_timestamp > 1700000000) AND show_on_dealer_website = true',
    );
  });

  it('is added to every request, kept beside any filter InstantSearch sent, and renames the index', () => {
    const requests = withStockFilter(
      [
        { indexName: 'Car_production', params: { query: 'hilux' } },
        { indexName: 'Car_production:price:desc', params: { filters: 'make = Toyota' } },
      ],
      123,
      'Car_staging',
    );
    expect(requests[0]).toEqual({
      indexName: 'Car_staging',
      params: { query: 'hilux', filters: stockFilter(123) },
    });
    expect(requests[1]).toEqual({
      indexName: 'Car_staging:price:desc',
      params: { filters: `(make = Toyota) AND ${stockFilter(123)}` },
    });
  });
});

describe('Meilisearch index settings', () => {
  it('ranks by custom_rank descending and declares every facet, sort and the stock filter fields', () => {
    const settings = indexSettings();
    expect(settings.rankingRules.at(-1)).toBe('custom_rank:desc');
    for (const field of [
      'make',
      'model',
      'car_type',
      'body',
      'price',
      'km',
      'status',
      'sold_date_timestamp',
      'show_on_dealer_website',
    ]) {
      expect(settings.filterableAttributes).toContain(field);
    }
    expect(settings.sortableAttributes).toEqual(
      expect.arrayContaining(['price', 'km', 'year', 'created_at']),
    );
  });

  it('stores show_on_dealer_website and custom_rank explicitly', () => {
    const doc = toMeilisearchDocument(
      {
        objectID: '1',
        slug: 'a-1',
        name: 'A',
        year: 2020,
        make: 'Kia',
        model: 'Rio',
        car_type: 'new',
        status: 'in_stock',
      },
      42,
    );
    expect(doc).toMatchObject({ show_on_dealer_website: true, custom_rank: 0, synced_at: 42 });
  });
});

describe('Meilisearch client requests', () => {
  it('sends one multi-search to Car_production with the stock filter, facets, sort and paging', async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    const client = createMeilisearchClient({
      host: 'https://search.example.com',
      searchKey: 'search-key-123',
      soldDays: 3,
      now: () => NOW,
      httpClient: async (input: RequestInfo | URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { queries: Array<{ indexUid: string }> };
        sent.push({ url: String(input), body });
        return {
          results: body.queries.map((query) => ({
            indexUid: query.indexUid,
            hits: [{ objectID: '1', name: 'Car' }],
            query: '',
            processingTimeMS: 1,
            hitsPerPage: 21,
            page: 1,
            totalPages: 1,
            totalHits: 1,
            facetDistribution: { make: { Toyota: 1 } },
            facetStats: {},
          })),
        };
      },
    });
    const { results } = await client.search([
      {
        indexName: 'Car_production:price:desc',
        params: {
          query: 'hilux',
          facets: ['make'],
          facetFilters: [['make:Toyota']],
          numericFilters: ['price>=20000'],
          hitsPerPage: 21,
          page: 1,
        },
      },
    ]);
    // instant-meilisearch first asks once for the unfiltered facet distribution, then the search itself.
    expect(sent.length).toBeGreaterThanOrEqual(1);
    const search = sent.at(-1)!;
    expect(search.url).toBe('https://search.example.com/multi-search');
    const query = (search.body as { queries: Array<Record<string, unknown>> }).queries[0]!;
    expect(query.indexUid).toBe('Car_production');
    expect(query.q).toBe('hilux');
    expect(query.sort).toEqual(['price:desc']);
    expect(query.facets).toEqual(['make']);
    expect(query.hitsPerPage).toBe(21);
    expect(query.page).toBe(2);
    const filter = JSON.stringify(query.filter);
    expect(filter).toContain(`sold_date_timestamp > ${soldCutoff(NOW, 3)}`);
    expect(filter).toContain('make');
    expect(filter).toContain('price');
    expect(results[0]!.nbHits).toBe(1);
    expect(results[0]!.facets).toEqual({ make: { Toyota: 1 } });
  });
});
