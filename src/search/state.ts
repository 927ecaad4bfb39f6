/**
 * The engine-neutral search state a shopper can share in a URL (SPEC 3 "Search state"). The URL
 * codec, the InstantSearch routing and the pre-rendered pages all speak this one shape.
 */

/** The index every search uses (SPEC 7); sorts are replicas named `Car_production:{field}:{order}`. */
export const INDEX_NAME = 'Car_production';

/** Facets a shopper can refine, in the order the filter panel shows them. */
export const REFINEMENT_FIELDS = [
  'car_type',
  'make',
  'model',
  'badge',
  'year',
  'body',
  'fuel',
  'transmission',
  'drive',
  'colour',
  'seats',
  'location_name',
  'dealership_name',
  'state',
  'tag',
  'certified',
  'weekly_price_range',
] as const;

export type RefinementField = (typeof REFINEMENT_FIELDS)[number];

/** Numeric fields that take a min:max range. */
export const RANGE_FIELDS = ['price', 'km'] as const;
export type RangeField = (typeof RANGE_FIELDS)[number];

export interface Range {
  min?: number | undefined;
  max?: number | undefined;
}

/** The sorts on offer: value is the index name InstantSearch (and Meilisearch) use. */
export const SORTS = [
  { value: INDEX_NAME, label: 'Recommended' },
  { value: `${INDEX_NAME}:price:asc`, label: 'Price (Low to High)' },
  { value: `${INDEX_NAME}:price:desc`, label: 'Price (High to Low)' },
  { value: `${INDEX_NAME}:km:asc`, label: 'Kilometres (Low to High)' },
  { value: `${INDEX_NAME}:year:desc`, label: 'Year (Newest First)' },
  { value: `${INDEX_NAME}:year:asc`, label: 'Year (Oldest First)' },
  { value: `${INDEX_NAME}:created_at:desc`, label: 'Recently Added' },
] as const;

export type SortValue = (typeof SORTS)[number]['value'];

export interface SearchState {
  query: string;
  /** 1-based page number. */
  page: number;
  sortBy: SortValue;
  /** field -> values; values of one field are OR-ed, fields AND-ed. */
  refinements: Partial<Record<RefinementField, string[]>>;
  ranges: Partial<Record<RangeField, Range>>;
}

export function emptyState(): SearchState {
  return { query: '', page: 1, sortBy: INDEX_NAME, refinements: {}, ranges: {} };
}

/** A facet or range is set: what 'Clear Filters' clears (the query and the sort stay). */
export function hasFilters(state: SearchState): boolean {
  return (
    Object.values(state.refinements).some((values) => values && values.length > 0) ||
    Object.values(state.ranges).some((range) => range && (range.min != null || range.max != null))
  );
}

export function isSortValue(value: string): value is SortValue {
  return SORTS.some((sort) => sort.value === value);
}

export function isRefinementField(field: string): field is RefinementField {
  return (REFINEMENT_FIELDS as readonly string[]).includes(field);
}

export function isRangeField(field: string): field is RangeField {
  return (RANGE_FIELDS as readonly string[]).includes(field);
}

/** SPEC 9: car_type facet order is new, demo, used. */
export const CAR_TYPE_ORDER = ['new', 'demo', 'used'];

export const CAR_TYPE_LABELS: Record<string, string> = { new: 'New', demo: 'Demo', used: 'Used' };
