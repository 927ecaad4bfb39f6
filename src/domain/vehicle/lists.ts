/** SPEC 9: spec lists show their first 4 items, feature lists their first 8, until expanded. */
export const SPEC_LIST_INITIAL = 4;
export const FEATURE_LIST_INITIAL = 8;

export interface SplitList<T> {
  /** Shown from the start. */
  shown: T[];
  /** Shown once the visitor expands the list; empty means no toggle. */
  more: T[];
}

/** Split a list into what shows at first and what a Show More toggle reveals. */
export function splitList<T>(items: readonly T[], initial: number): SplitList<T> {
  return { shown: items.slice(0, initial), more: items.slice(initial) };
}
