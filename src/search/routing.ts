import type { UiState } from 'instantsearch.js';
import {
  INDEX_NAME,
  isRefinementField,
  isSortValue,
  RANGE_FIELDS,
  type SearchState,
} from './state';
import { parseRange, parseSearchUrl, searchUrl, type RouteBase } from './url-codec';

/**
 * InstantSearch routing over the SPEC URL codec: UI state <-> SearchState <-> URL. Kept free of
 * React so it is unit-tested with the codec.
 */

type IndexUiState = UiState[string];

export function uiStateToSearchState(uiState: UiState): SearchState {
  const index: IndexUiState = uiState[INDEX_NAME] ?? {};
  const refinements: SearchState['refinements'] = {};
  for (const [field, values] of Object.entries(index.refinementList ?? {})) {
    if (isRefinementField(field) && values.length) refinements[field] = [...values];
  }
  const ranges: SearchState['ranges'] = {};
  for (const field of RANGE_FIELDS) {
    const text = index.range?.[field];
    const range = text ? parseRange(text) : undefined;
    if (range) ranges[field] = range;
  }
  return {
    query: index.query ?? '',
    page: index.page && index.page > 1 ? index.page : 1,
    sortBy: index.sortBy && isSortValue(index.sortBy) ? index.sortBy : INDEX_NAME,
    refinements,
    ranges,
  };
}

/** The UI state with its filters cleared, back on page 1 ('Clear Filters'; the query and sort stay). */
export function withoutFilters(index: IndexUiState): IndexUiState {
  const { refinementList: _facets, range: _ranges, page: _page, ...rest } = index;
  return rest;
}

export function searchStateToUiState(state: SearchState): UiState {
  const index: IndexUiState = {};
  if (state.query) index.query = state.query;
  if (state.page > 1) index.page = state.page;
  if (state.sortBy !== INDEX_NAME) index.sortBy = state.sortBy;
  const refinementList = Object.fromEntries(
    Object.entries(state.refinements).filter(([, values]) => values && values.length),
  ) as Record<string, string[]>;
  if (Object.keys(refinementList).length) index.refinementList = refinementList;
  const range: Record<string, string> = {};
  for (const field of RANGE_FIELDS) {
    const value = state.ranges[field];
    if (value && (value.min != null || value.max != null))
      range[field] = `${value.min ?? ''}:${value.max ?? ''}`;
  }
  if (Object.keys(range).length) index.range = range;
  return { [INDEX_NAME]: index };
}

/** The pieces `history({ createURL, parseURL })` and `stateMapping` need, for one page's routes. */
export function routingFor(routes: RouteBase[], currentPath: string) {
  return {
    createURL: (state: SearchState) => searchUrl(state, routes, currentPath),
    parseURL: (href: string) => parseSearchUrl(href, routes),
    stateMapping: {
      stateToRoute: uiStateToSearchState,
      routeToState: searchStateToUiState,
    },
  };
}

/**
 * Whether address `a` (maybe relative to `b`) is the same search as `b`, whatever the order or
 * spelling of their parameters.
 */
export function isSameSearch(
  a: string,
  b: string,
  routes: RouteBase[],
  currentPath: string,
): boolean {
  const { createURL, parseURL } = routingFor(routes, currentPath);
  const base = new URL(b, 'http://localhost');
  return createURL(parseURL(new URL(a, base).href)) === createURL(parseURL(base.href));
}
