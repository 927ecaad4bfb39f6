import { clampPriceRange, PRICE_BOUNDS, snapToStep } from './price';
import { INDEX_NAME, emptyState } from './state';
import { ALL_CARS_PATH, searchUrl } from './url-codec';

/**
 * The home page's 'Shop by budget' slider (SPEC 2: "the price slider page pushes a search URL with
 * sortBy=Car_production:price:desc"): all stock in the chosen price range, dearest first, written
 * by the search URL codec so the search page reads it back as is.
 */

export const BUDGET_SORT = `${INDEX_NAME}:price:desc` as const;

/** The budget after one handle moved: on the step, within the bounds, min < max (SPEC 5). */
export function moveBudget(
  budget: { min: number; max: number },
  which: 'min' | 'max',
  value: number,
): { min: number; max: number } {
  const snapped = snapToStep(value);
  return clampPriceRange(
    which === 'min' ? snapped : budget.min,
    which === 'max' ? snapped : budget.max,
    which,
  );
}

export function budgetSearchUrl(budget: { min: number; max: number }): string {
  const { min, max } = clampPriceRange(budget.min, budget.max, 'min');
  return searchUrl({ ...emptyState(), sortBy: BUDGET_SORT, ranges: { price: { min, max } } }, [
    { path: ALL_CARS_PATH, refinements: {} },
  ]);
}

export const DEFAULT_BUDGET = { min: PRICE_BOUNDS.min, max: PRICE_BOUNDS.max };
