import type { Model } from '../feeds/schemas';

/** Body names of a model: its `body` list, else the manufacturer body fields. */
export function modelBodies(
  model: Pick<
    Model,
    | 'body'
    | 'manufacturer_body'
    | 'manufacturer_body1'
    | 'manufacturer_body2'
    | 'manufacturer_body3'
  >,
): string[] {
  const bodies = model.body.length
    ? model.body
    : [
        model.manufacturer_body,
        model.manufacturer_body1,
        model.manufacturer_body2,
        model.manufacturer_body3,
      ];
  return [
    ...new Set(
      bodies.filter((body): body is string => !!body && !!body.trim()).map((body) => body.trim()),
    ),
  ];
}

export interface BodyFilter {
  /** Button label ("All", "SUV"). */
  label: string;
  /** `?body=` value: lower case ("all", "suv"). */
  value: string;
}

/** SPEC 4 body filter buttons: 'All' first (when wanted), then each body of the range in first-seen order. */
export function bodyFilters(models: Model[], includeAll = true): BodyFilter[] {
  const seen = new Map<string, string>();
  for (const model of models)
    for (const body of modelBodies(model))
      if (!seen.has(body.toLowerCase())) seen.set(body.toLowerCase(), body);
  const filters = [...seen].map(([value, label]) => ({ label, value }));
  return includeAll ? [{ label: 'All', value: 'all' }, ...filters] : filters;
}

/**
 * SPEC 4: the filter the range starts on without `?body=`: 'All', or with `start` 'first' the
 * range's first body type (still 'All' when the range has no body types).
 */
export function defaultBody(filters: BodyFilter[], start: 'all' | 'first' = 'all'): string {
  const bodies = filters.filter((filter) => filter.value !== 'all');
  return (start === 'first' ? bodies[0]?.value : undefined) ?? filters[0]?.value ?? 'all';
}

/** SPEC 4: the selected filter from `?body=` (any case), else the default (see defaultBody). */
export function selectedBody(
  filters: BodyFilter[],
  query: string | null | undefined,
  start: 'all' | 'first' = 'all',
): string {
  const wanted = query?.trim().toLowerCase();
  return filters.find((filter) => filter.value === wanted)?.value ?? defaultBody(filters, start);
}

/** Models shown for a body filter value ('all' shows every model). */
export function modelsForBody<T extends Model>(models: T[], body: string): T[] {
  if (body === 'all') return models;
  return models.filter((model) => modelBodies(model).some((name) => name.toLowerCase() === body));
}
