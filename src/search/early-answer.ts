import type { SearchRequest } from './client';
import type { EngineResult } from './engine';
import { displayCount } from './results';
import { isRefinementField, type RefinementField, type SearchState } from './state';

/**
 * The answer the search page's script draws for a facet tick before the app is live (the app's
 * code is most of a second away on a phone): the same requests InstantSearch makes for that state
 * (one for the hits and the facets, one more per refined facet for its own counts, which ignore its
 * own refinement: values of a field are OR-ed), asked of the same engine.
 */

export interface EarlyAnswer {
  /** The results count as the page shows it (SPEC 9 above 1,999). */
  count: number;
  /** The first page's cars, in order. */
  hitIds: string[];
  /** field -> value -> count, as the filter lists show them. */
  facets: Record<string, Record<string, number>>;
}

/** The state after the shopper ticked (or unticked) one facet value: back to the first page. */
export function withTick(
  state: SearchState,
  field: RefinementField,
  value: string,
  ticked: boolean,
): SearchState {
  const values = (state.refinements[field] ?? []).filter((existing) => existing !== value);
  if (ticked) values.push(value);
  const refinements = { ...state.refinements, [field]: values };
  if (!values.length) delete refinements[field];
  return { ...state, refinements, page: 1 };
}

function facetFilters(state: SearchState, except?: string): string[][] {
  return Object.entries(state.refinements)
    .filter(([field, values]) => field !== except && isRefinementField(field) && values?.length)
    .map(([field, values]) => values!.map((value) => `${field}:${value}`));
}

function numericFilters(state: SearchState): string[] {
  return Object.entries(state.ranges).flatMap(([field, range]) => [
    ...(range?.min != null ? [`${field}>=${range.min}`] : []),
    ...(range?.max != null ? [`${field}<=${range.max}`] : []),
  ]);
}

/** The refined facets, in the order their extra requests are made. */
const refinedFields = (state: SearchState) =>
  Object.keys(state.refinements).filter(
    (field) => state.refinements[field as RefinementField]?.length,
  );

export function earlyRequests(
  state: SearchState,
  facets: readonly string[],
  hitsPerPage: number,
): SearchRequest[] {
  const common = {
    query: state.query,
    numericFilters: numericFilters(state),
    maxValuesPerFacet: 100,
  };
  // car_type's counts make the SPEC 9 count above 1,999.
  const main: SearchRequest = {
    indexName: state.sortBy,
    params: {
      ...common,
      facets: [...new Set([...facets, 'car_type'])],
      facetFilters: facetFilters(state),
      hitsPerPage,
      page: 0,
    },
  };
  const own = refinedFields(state).map((field): SearchRequest => ({
    indexName: state.sortBy,
    params: {
      ...common,
      facets: [field],
      facetFilters: facetFilters(state, field),
      hitsPerPage: 0,
      page: 0,
    },
  }));
  return [main, ...own];
}

/** The answer to earlyRequests(state, ...), in the page's terms. */
export function readEarlyAnswer(state: SearchState, results: readonly EngineResult[]): EarlyAnswer {
  const [main, ...own] = results;
  const facets = { ...main!.facets };
  refinedFields(state).forEach((field, index) => (facets[field] = own[index]?.facets[field] ?? {}));
  return {
    count: displayCount(main!.nbHits, main!.facets.car_type),
    hitIds: main!.hits.map((hit) => hit.objectID),
    facets,
  };
}
