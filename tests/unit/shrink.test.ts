import { describe, expect, it } from 'vitest';
import { carsFeedShrinkProblem } from '../../src/feeds/shrink';

describe('cars feed shrink guard', () => {
  it('stops an empty feed, with or without a last build', () => {
    expect(carsFeedShrinkProblem({ records: 0, invalid: 0, listed: 0 })).toBe(
      'the feed has no records',
    );
    expect(carsFeedShrinkProblem({ records: 0, invalid: 0, listed: 0 }, 481)).toBe(
      'the feed has no records',
    );
  });

  it('stops a feed with more than half its records invalid, and lets exactly half through', () => {
    expect(carsFeedShrinkProblem({ records: 481, invalid: 430, listed: 51 })).toBe(
      '430 of its 481 records are invalid (more than half)',
    );
    expect(carsFeedShrinkProblem({ records: 6, invalid: 3, listed: 3 })).toBeUndefined();
  });

  it('stops a site losing more than half the cars of its last build', () => {
    expect(carsFeedShrinkProblem({ records: 51, invalid: 0, listed: 51 }, 481)).toBe(
      'it lists 51 cars, down from 481 at the last build (more than half gone)',
    );
    expect(carsFeedShrinkProblem({ records: 241, invalid: 0, listed: 241 }, 481)).toBeUndefined();
    expect(carsFeedShrinkProblem({ records: 500, invalid: 10, listed: 300 }, 481)).toBeUndefined();
  });

  it('lets a first build (no last build) through when the feed is sound', () => {
    expect(carsFeedShrinkProblem({ records: 3, invalid: 1, listed: 1 })).toBeUndefined();
  });
});
