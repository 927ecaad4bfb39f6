import { describe, expect, it } from 'vitest';
import {
  mergeSimilar,
  priceWindow,
  SIMILAR_MAX,
  similarSubject,
  type SimilarHit,
  type SimilarSubject,
} from '../../src/domain/vehicle/similar';
import { similarQueries } from '../../src/search/similar-queries';
import { createEmbeddedClient } from '../../src/search/client';
import type { SearchDocument } from '../../src/search/document';
import { createMeilisearchClient, FILTERABLE_ATTRIBUTES } from '../../src/search/meilisearch';

describe('similar cars: price window (SPEC 9)', () => {
  it.each([
    [1, 10_000],
    [30_000, 10_000],
    [49_999, 10_000],
    [50_000, 25_000],
    [120_000, 25_000],
  ])('price %i has a window of %i either side', (price, window) =>
    expect(priceWindow(price)).toBe(window),
  );
});

describe('similar cars: the multi-query (SPEC 7)', () => {
  const corolla: SimilarSubject = {
    id: '1',
    make: 'Toyota',
    model: 'Corolla',
    price: 30_000,
    simple_body: 'Hatch',
  };

  it('asks for the same make and model, then the same body, each available, within the window, 10 hits', () => {
    const [model, body, ...rest] = similarQueries(corolla);
    expect(rest).toEqual([]);
    for (const query of [model!, body!]) {
      expect(query.indexName).toBe('Car_production');
      expect(query.params).toMatchObject({
        hitsPerPage: 10,
        numericFilters: ['price>=20000', 'price<=40000'],
        highlightPreTag: '__ais-highlight__',
        highlightPostTag: '__/ais-highlight__',
      });
      expect(query.params?.facets).toEqual(expect.arrayContaining(['make', 'model']));
      expect(query.params?.facetFilters).toContainEqual(['status:in_stock', 'status:coming_soon']);
    }
    expect(model!.params?.facetFilters).toEqual(
      expect.arrayContaining([['make:Toyota'], ['model:Corolla']]),
    );
    expect(body!.params?.facetFilters).toContainEqual(['simple_body:Hatch']);
  });

  it.each([
    [49_999, ['price>=39999', 'price<=59999']],
    [50_000, ['price>=25000', 'price<=75000']],
  ])('a car at %i searches %j', (price, filters) => {
    expect(similarQueries({ ...corolla, price })[0]!.params?.numericFilters).toEqual(filters);
  });

  it('without a body asks only for the model; without a price has no price filter', () => {
    expect(
      similarQueries(
        similarSubject({ id: '7', make: 'Kia', model: 'Rio', price: null, simple_body: null }),
      ),
    ).toHaveLength(1);
    expect(
      similarQueries({ id: '7', make: 'Kia', model: 'Rio' })[0]!.params?.numericFilters,
    ).toEqual([]);
  });
});

describe('similar cars: merging the hits (SPEC 9)', () => {
  const self: SimilarSubject = {
    id: '1',
    make: 'Toyota',
    model: 'Corolla',
    price: 30_000,
    simple_body: 'Hatch',
  };
  const hit = (id: number, price: number, extra: Partial<SimilarHit> = {}): SimilarHit => ({
    objectID: String(id),
    price,
    status: 'in_stock',
    ...extra,
  });
  const ids = (hits: SimilarHit[]) => hits.map((h) => h.objectID);

  it('same model first, closest price first within each query, unique by id, without the car itself', () => {
    const sameModel = [hit(1, 30_000), hit(3, 39_000), hit(4, 31_000)];
    const sameBody = [hit(2, 31_500), hit(4, 31_000), hit(6, 29_500)];
    expect(ids(mergeSimilar(self, [sameModel, sameBody]))).toEqual(['4', '3', '6', '2']);
  });

  it('leaves out sold cars and cars outside the window, whatever the service answered', () => {
    const hits = [
      hit(2, 40_000),
      hit(3, 40_001),
      hit(4, 20_000),
      hit(5, 19_999),
      hit(6, 30_000, { status: 'sold' }),
      hit(7, 30_000, { sold: true }),
    ];
    expect(ids(mergeSimilar(self, [hits]))).toEqual(['2', '4']);
    expect(
      ids(
        mergeSimilar({ ...self, price: 80_000 }, [
          [hit(2, 105_000), hit(3, 105_001), hit(4, 55_000)],
        ]),
      ),
    ).toEqual(['2', '4']);
  });

  it('keeps coming-soon cars, and matches any price when the car has none', () => {
    expect(
      ids(
        mergeSimilar({ ...self, price: undefined }, [
          [hit(2, 90_000, { status: 'coming_soon' }), { objectID: '3', status: 'in_stock' }],
        ]),
      ),
    ).toEqual(['2', '3']);
  });

  it('shows at most 6, and takes at most 10 hits from a query', () => {
    const many = Array.from({ length: 14 }, (_, i) => hit(100 + i, 30_000 + i));
    expect(mergeSimilar(self, [many, many])).toHaveLength(SIMILAR_MAX);
    const farFirst = [
      ...Array.from({ length: 10 }, (_, i) => hit(200 + i, 30_000, { status: 'sold' })),
      hit(300, 30_000),
    ];
    expect(mergeSimilar(self, [farFirst])).toEqual([]);
  });
});

describe('similar cars through the embedded search engine', () => {
  const doc = (
    id: number,
    model: string,
    price: number,
    extra: Partial<SearchDocument> = {},
  ): SearchDocument => ({
    objectID: String(id),
    slug: `car-${id}`,
    name: `2022 Toyota ${model}`,
    year: 2022,
    make: 'Toyota',
    model,
    car_type: 'used',
    status: 'in_stock',
    simple_body: 'Hatch',
    price,
    ...extra,
  });

  it('the queries find the same model and body within the window, available only', async () => {
    const docs = [
      doc(1, 'Corolla', 30_000),
      doc(2, 'Corolla', 38_000),
      doc(3, 'Corolla', 41_000), // outside the window
      doc(4, 'Corolla', 29_000, { status: 'coming_soon' }),
      doc(5, 'Corolla', 30_500, {
        status: 'sold',
        sold: true,
        sold_date_timestamp: Math.floor(Date.now() / 1000),
      }),
      doc(6, 'Yaris', 31_000),
      doc(7, 'Camry', 30_000, { simple_body: 'Sedan' }),
      doc(8, 'Corolla', 30_000, { make: 'Other' }),
    ];
    const client = createEmbeddedClient({ soldDays: 14, load: async () => docs });
    const subject = similarSubject({
      id: '1',
      make: 'Toyota',
      model: 'Corolla',
      price: 30_000,
      simple_body: 'Hatch',
    });
    const { results } = await client.search(similarQueries(subject));
    expect(
      mergeSimilar(
        subject,
        results.map((result) => result.hits),
      ).map((h) => h.objectID),
    ).toEqual(['4', '2', '8', '6']);
  });
});

describe('similar cars through Meilisearch', () => {
  it('sends one multi-search with both queries: index, facets, limit 10 and a filter on filterable fields', async () => {
    const sent: Array<{ queries: Array<Record<string, unknown>> }> = [];
    const client = createMeilisearchClient({
      host: 'https://search.example.com',
      searchKey: 'key',
      soldDays: 3,
      httpClient: async (_input: RequestInfo | URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { queries: Array<Record<string, unknown>> };
        sent.push(body);
        return {
          results: body.queries.map((query) => ({
            indexUid: query.indexUid,
            hits: [{ objectID: '2', price: 31_000, status: 'in_stock' }],
            query: '',
            processingTimeMS: 1,
            hitsPerPage: 10,
            page: 1,
            totalPages: 1,
            totalHits: 1,
            facetDistribution: {},
            facetStats: {},
          })),
        };
      },
    });
    const subject: SimilarSubject = {
      id: '1',
      make: 'Toyota',
      model: 'Corolla',
      price: 30_000,
      simple_body: 'Hatch',
    };
    const { results } = await client.search(similarQueries(subject));
    const queries = sent.at(-1)!.queries;
    expect(queries).toHaveLength(2);
    for (const query of queries) {
      expect(query).toMatchObject({
        indexUid: 'Car_production',
        hitsPerPage: 10,
        highlightPreTag: '__ais-highlight__',
        highlightPostTag: '__/ais-highlight__',
      });
      expect(query.facets).toEqual(['make', 'model', 'body']);
      // Meilisearch filter arrays: outer AND, inner OR.
      expect(query.filter).toEqual(
        expect.arrayContaining([
          '"price">=20000',
          '"price"<=40000',
          ['"status"="in_stock"', '"status"="coming_soon"'],
        ]),
      );
    }
    expect(queries[0]!.filter).toEqual(
      expect.arrayContaining([['"make"="Toyota"'], ['"model"="Corolla"']]),
    );
    expect(queries[1]!.filter).toEqual(expect.arrayContaining([['"simple_body"="Hatch"']]));
    for (const field of ['make', 'model', 'simple_body', 'status', 'price'])
      expect(FILTERABLE_ATTRIBUTES).toContain(field);
    expect(
      mergeSimilar(
        subject,
        results.map((result) => result.hits),
      ).map((hit) => hit.objectID),
    ).toEqual(['2']);
  });
});
