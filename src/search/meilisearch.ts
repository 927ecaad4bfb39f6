import {
  instantMeiliSearch,
  type InstantMeiliSearchOptions,
} from '@meilisearch/instant-meilisearch';
import { soldCutoff } from '../domain/stock';
import type { SearchClient, SearchRequest } from './client';
import type { SearchDocument } from './document';
import { INDEX_NAME, REFINEMENT_FIELDS } from './state';

/**
 * The production search path: a Meilisearch server behind the same InstantSearch seam as the
 * embedded engine. Index `Car_production`, ranked by `custom_rank` descending (SPEC 7); the
 * tenant's stock filter is added to every request as a Meilisearch filter.
 */

/** SPEC 7 stock filter in Meilisearch's filter syntax. */
export function stockFilter(cutoff: number): string {
  return `(status = in_stock OR status = coming_soon OR sold_date_timestamp > ${cutoff}) AND show_on_dealer_website = true`;
}

/** Facets, sorts and text fields the index must declare (the embedded engine needs none of this). */
export const FILTERABLE_ATTRIBUTES = [
  ...REFINEMENT_FIELDS,
  'location_slug',
  'dealership_slug',
  'price',
  'km',
  'status',
  // The similar-cars block's body query (src/domain/vehicle/similar.ts).
  'simple_body',
  'sold_date_timestamp',
  'show_on_dealer_website',
  'synced_at',
];

export const SORTABLE_ATTRIBUTES = ['price', 'km', 'year', 'created_at', 'custom_rank'];

export const SEARCHABLE_ATTRIBUTES = [
  'name',
  'make',
  'model',
  'badge',
  'simple_body',
  'colour',
  'fuel',
  'transmission',
  'drive',
  'stocknum',
  'location_name',
  'tag',
];

/** The index settings `npm run index:meilisearch` applies. */
export function indexSettings() {
  return {
    searchableAttributes: SEARCHABLE_ATTRIBUTES,
    filterableAttributes: FILTERABLE_ATTRIBUTES,
    sortableAttributes: SORTABLE_ATTRIBUTES,
    // Text relevance first, then an explicit sort, then the dealer's own ranking (SPEC 7).
    rankingRules: [
      'words',
      'typo',
      'proximity',
      'attribute',
      'sort',
      'exactness',
      'custom_rank:desc',
    ],
    pagination: { maxTotalHits: 20_000 },
    faceting: { maxValuesPerFacet: 200 },
  };
}

/** A search document as Meilisearch stores it: every filter field explicit. */
export function toMeilisearchDocument(
  doc: SearchDocument,
  syncedAt: number,
): Record<string, unknown> {
  return {
    ...doc,
    show_on_dealer_website: doc.show_on_dealer_website ?? true,
    custom_rank: doc.custom_rank ?? 0,
    synced_at: syncedAt,
  };
}

export interface MeilisearchClientOptions {
  host: string;
  searchKey: string;
  /** The tenant's index uid (default Car_production). */
  index?: string;
  soldDays: number;
  now?: () => number;
  /** Passed to instant-meilisearch (tests record requests through it). */
  httpClient?: InstantMeiliSearchOptions['httpClient'];
}

/** `Car_production:price:desc` -> `<tenant index>:price:desc` (instant-meilisearch reads the sort from the name). */
function tenantIndexName(indexName: string, index: string): string {
  if (index === INDEX_NAME) return indexName;
  return indexName.startsWith(INDEX_NAME)
    ? `${index}${indexName.slice(INDEX_NAME.length)}`
    : indexName;
}

/** Add the stock filter (cut-off computed now, per search) to every request. */
export function withStockFilter(
  requests: readonly SearchRequest[],
  cutoff: number,
  index = INDEX_NAME,
): SearchRequest[] {
  const filter = stockFilter(cutoff);
  return requests.map((request) => {
    const existing =
      typeof request.params?.filters === 'string' && request.params.filters
        ? `(${request.params.filters}) AND `
        : '';
    return {
      indexName: tenantIndexName(request.indexName, index),
      params: { ...request.params, filters: `${existing}${filter}` },
    };
  });
}

export function createMeilisearchClient(options: MeilisearchClientOptions): SearchClient {
  const { searchClient } = instantMeiliSearch(options.host, options.searchKey, {
    finitePagination: true,
    keepZeroFacets: false,
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
  });
  const now = options.now ?? Date.now;
  return {
    search(requests) {
      const filtered = withStockFilter(
        requests,
        soldCutoff(now(), options.soldDays),
        options.index ?? INDEX_NAME,
      );
      return searchClient.search(filtered as never) as unknown as ReturnType<
        SearchClient['search']
      >;
    },
  };
}
