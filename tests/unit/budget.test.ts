import { describe, expect, it } from 'vitest';
import { budgetSearchUrl, moveBudget } from '../../src/search/budget';
import { parseSearchUrl } from '../../src/search/url-codec';

describe("home page 'Shop by budget' slider", () => {
  it('pushes the all-stock search with the range and sortBy=Car_production:price:desc', () => {
    expect(budgetSearchUrl({ min: 20_000, max: 60_000 })).toBe(
      '/search/new-used-and-demo-cars?sortBy=Car_production:price:desc&range[price]=20000:60000',
    );
    const state = parseSearchUrl(budgetSearchUrl({ min: 20_000, max: 60_000 }), []);
    expect(state.sortBy).toBe('Car_production:price:desc');
    expect(state.ranges.price).toEqual({ min: 20_000, max: 60_000 });
  });
  it('SPEC 5 slider rules: step 500, bounds 5,000-250,000, min capped to max-1, max floored to min+1', () => {
    expect(moveBudget({ min: 5_000, max: 250_000 }, 'min', 20_240)).toEqual({
      min: 20_000,
      max: 250_000,
    });
    expect(moveBudget({ min: 5_000, max: 250_000 }, 'min', 20_260)).toEqual({
      min: 20_500,
      max: 250_000,
    });
    expect(moveBudget({ min: 5_000, max: 250_000 }, 'min', 1_000)).toEqual({
      min: 5_000,
      max: 250_000,
    });
    expect(moveBudget({ min: 5_000, max: 250_000 }, 'max', 900_000)).toEqual({
      min: 5_000,
      max: 250_000,
    });
    expect(moveBudget({ min: 5_000, max: 30_000 }, 'min', 40_000)).toEqual({
      min: 29_999,
      max: 30_000,
    });
    expect(moveBudget({ min: 30_000, max: 250_000 }, 'max', 10_000)).toEqual({
      min: 30_000,
      max: 30_001,
    });
  });
});
