import {
  priceWindow,
  SIMILAR_HITS_PER_QUERY,
  type SimilarSubject,
} from '../domain/vehicle/similar';
import type { SearchRequest } from './client';
import { INDEX_NAME } from './state';

/** Highlight tags InstantSearch uses; the SPEC multi-query sends them with every query. */
const HIGHLIGHT = { highlightPreTag: '__ais-highlight__', highlightPostTag: '__/ais-highlight__' };

/**
 * SPEC 7 "multi-query to search service": (1) same make and model, (2) same body type, each
 * within the price window, only available cars, 10 hits. Filters are InstantSearch facet and
 * numeric filters, which the embedded engine and Meilisearch both understand. The car itself is
 * left out by the merge (Meilisearch cannot filter on objectID).
 */
export function similarQueries(
  subject: SimilarSubject,
  indexName: string = INDEX_NAME,
): SearchRequest[] {
  const numericFilters =
    subject.price === undefined
      ? []
      : [
          `price>=${subject.price - priceWindow(subject.price)}`,
          `price<=${subject.price + priceWindow(subject.price)}`,
        ];
  const available = ['status:in_stock', 'status:coming_soon'];
  const query = (facetFilters: string[][]): SearchRequest => ({
    indexName,
    params: {
      query: '',
      facets: ['make', 'model', 'body'],
      ...HIGHLIGHT,
      hitsPerPage: SIMILAR_HITS_PER_QUERY,
      page: 0,
      facetFilters,
      numericFilters,
    },
  });
  const queries = [query([[`make:${subject.make}`], [`model:${subject.model}`], available])];
  if (subject.simple_body) queries.push(query([[`simple_body:${subject.simple_body}`], available]));
  return queries;
}
