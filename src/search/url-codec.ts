import {
  INDEX_NAME,
  emptyState,
  isRangeField,
  isRefinementField,
  isSortValue,
  RANGE_FIELDS,
  REFINEMENT_FIELDS,
  type Range,
  type RefinementField,
  type SearchState,
} from './state';

/**
 * SPEC 2 search URLs, both ways:
 *   /search/{route}?query=hilux&page=2&sortBy=Car_production:price:desc
 *     &range[price]=20000:60000&refinementList[make][0]=Toyota
 * A route path (/search/new-cars, /search/toyota/corolla, ...) stands for its base filters; the
 * query string carries the rest. `page` only when not 1, `sortBy` only when not the default.
 */

export type Refinements = SearchState['refinements'];

/** A pre-rendered search route and the filters it stands for. */
export interface RouteBase {
  path: string;
  refinements: Refinements;
}

export const ALL_CARS_PATH = '/search/new-used-and-demo-cars';

/** The five car-type routes every site has (their base filters never depend on the stock). */
export const CAR_TYPE_ROUTES: RouteBase[] = [
  { path: ALL_CARS_PATH, refinements: {} },
  { path: '/search/new-cars', refinements: { car_type: ['new'] } },
  { path: '/search/demo-cars', refinements: { car_type: ['demo'] } },
  { path: '/search/used-cars', refinements: { car_type: ['used'] } },
  { path: '/search/new-and-demo-cars', refinements: { car_type: ['new', 'demo'] } },
];

function trimPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function sameValues(a: string[] | undefined, b: string[] | undefined): boolean {
  const left = a ?? [];
  const right = b ?? [];
  return left.length === right.length && left.every((value) => right.includes(value));
}

/** Whether a route's base filters are exactly the state's values for those fields. */
function routeFits(route: RouteBase, refinements: Refinements): boolean {
  return (Object.keys(route.refinements) as RefinementField[]).every((field) =>
    sameValues(route.refinements[field], refinements[field]),
  );
}

function specificity(route: RouteBase): number {
  return Object.values(route.refinements).reduce((sum, values) => sum + (values?.length ?? 0), 0);
}

/** The route a state is written under: the preferred one if it fits, else the most specific that fits. */
export function routeFor(
  refinements: Refinements,
  routes: RouteBase[],
  preferredPath?: string,
): RouteBase {
  const preferred = preferredPath
    ? routes.find((route) => trimPath(route.path) === trimPath(preferredPath))
    : undefined;
  if (preferred && routeFits(preferred, refinements)) return preferred;
  let best: RouteBase | undefined;
  for (const route of routes) {
    if (routeFits(route, refinements) && (!best || specificity(route) > specificity(best)))
      best = route;
  }
  return best ?? { path: ALL_CARS_PATH, refinements: {} };
}

/** Keep ':' readable (sortBy, ranges) while escaping everything else a query value needs. */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':');
}

function formatBound(value: number | undefined): string {
  return value == null || !Number.isFinite(value) ? '' : String(value);
}

/** The query string (without '?') for the parts of a state its route does not already say. */
export function searchQueryString(state: SearchState, route: RouteBase): string {
  const parts: string[] = [];
  if (state.query.trim()) parts.push(`query=${encodeValue(state.query)}`);
  if (state.page > 1) parts.push(`page=${state.page}`);
  if (state.sortBy !== INDEX_NAME) parts.push(`sortBy=${encodeValue(state.sortBy)}`);
  for (const field of RANGE_FIELDS) {
    const range = state.ranges[field];
    if (range && (range.min != null || range.max != null))
      parts.push(`range[${field}]=${formatBound(range.min)}:${formatBound(range.max)}`);
  }
  for (const field of REFINEMENT_FIELDS) {
    if (route.refinements[field]) continue;
    (state.refinements[field] ?? []).forEach((value, index) =>
      parts.push(`refinementList[${field}][${index}]=${encodeValue(value)}`),
    );
  }
  return parts.join('&');
}

/** The shareable URL (path and query) of a search state. */
export function searchUrl(state: SearchState, routes: RouteBase[], preferredPath?: string): string {
  const route = routeFor(state.refinements, routes, preferredPath);
  const query = searchQueryString(state, route);
  return query ? `${route.path}?${query}` : route.path;
}

function parseBound(text: string | undefined): number | undefined {
  if (text == null || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** "20000:60000", "20000:" or ":60000" -> a range; anything else -> undefined. */
export function parseRange(text: string): Range | undefined {
  const [minText, maxText, ...rest] = text.split(':');
  if (rest.length) return undefined;
  const min = parseBound(minText);
  const max = parseBound(maxText);
  if (min == null && max == null) return undefined;
  return { ...(min != null ? { min } : {}), ...(max != null ? { max } : {}) };
}

const REFINEMENT_KEY = /^refinementList\[([a-z_]+)\](?:\[(\d*)\])?$/;
const RANGE_KEY = /^range\[([a-z_]+)\]$/;

/**
 * The state a URL stands for: its route's base filters plus its query parameters. Unknown
 * routes mean all cars; unknown or malformed parameters are ignored, never an error.
 */
export function parseSearchUrl(url: string | URL, routes: RouteBase[]): SearchState {
  const parsed = typeof url === 'string' ? new URL(url, 'http://localhost') : url;
  const state = emptyState();
  const route = routes.find((candidate) => trimPath(candidate.path) === trimPath(parsed.pathname));
  const indexed: Partial<Record<RefinementField, Array<[number, string]>>> = {};
  for (const [key, value] of parsed.searchParams) {
    if (key === 'query') state.query = value;
    else if (key === 'page') {
      const page = Number.parseInt(value, 10);
      if (Number.isFinite(page) && page > 1) state.page = page;
    } else if (key === 'sortBy') {
      if (isSortValue(value)) state.sortBy = value;
    } else {
      const refinement = REFINEMENT_KEY.exec(key);
      if (refinement && isRefinementField(refinement[1]!) && value !== '') {
        const position = refinement[2] ? Number(refinement[2]) : Number.MAX_SAFE_INTEGER;
        (indexed[refinement[1] as RefinementField] ??= []).push([position, value]);
        continue;
      }
      const rangeKey = RANGE_KEY.exec(key);
      if (rangeKey && isRangeField(rangeKey[1]!)) {
        const range = parseRange(value);
        if (range) state.ranges[rangeKey[1] as 'price' | 'km'] = range;
      }
    }
  }
  for (const field of REFINEMENT_FIELDS) {
    const fromUrl = (indexed[field] ?? []).sort((a, b) => a[0] - b[0]).map(([, value]) => value);
    const values = [...(route?.refinements[field] ?? [])];
    for (const value of fromUrl) if (!values.includes(value)) values.push(value);
    if (values.length) state.refinements[field] = values;
  }
  return state;
}
