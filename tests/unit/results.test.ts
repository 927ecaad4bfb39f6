import { describe, expect, it } from 'vitest';
import { collapseSoldRuns, displayCount } from '../../src/search/results';
import type { SearchDocument } from '../../src/search/document';
import { usefulFacets } from '../../src/search/page-config';
import {
  clampPriceRange,
  formatKmField,
  formatPriceField,
  parseAmountField,
  PRICE_QUICK_PICKS,
  snapToStep,
} from '../../src/search/price';

const sold = (hit: string) => hit.startsWith('S');

describe('sold-run collapse (SPEC 2)', () => {
  it.each([
    [
      ['A', 'S1', 'S2', 'S3', 'B', 'S4'],
      ['A', 'S1', 'B', 'S4'],
    ],
    [
      ['S1', 'S2', 'A'],
      ['S1', 'A'],
    ],
    [
      ['A', 'B'],
      ['A', 'B'],
    ],
    [
      ['S1', 'S2', 'S3'],
      ['S1', 'S2', 'S3'],
    ],
    [[], []],
  ])('%j -> %j', (hits, expected) => {
    expect(collapseSoldRuns(hits, sold)).toEqual(expected);
  });
});

describe('result count (SPEC 9)', () => {
  it('uses the car type facet counts above 1,999', () => {
    expect(displayCount(1999, { new: 5 })).toBe(1999);
    expect(displayCount(2000, { new: 1500, used: 1100 })).toBe(2600);
  });
});

describe('price slider and fields (SPEC 5)', () => {
  it.each([
    [10_000, 20_000, 'min', { min: 10_000, max: 20_000 }],
    [30_000, 20_000, 'min', { min: 19_999, max: 20_000 }],
    [30_000, 20_000, 'max', { min: 30_000, max: 30_001 }],
    [1_000, 300_000, 'min', { min: 5_000, max: 250_000 }],
    [250_000, 250_000, 'min', { min: 249_999, max: 250_000 }],
  ] as const)('min %d max %d (%s moved)', (min, max, changed, expected) => {
    expect(clampPriceRange(min, max, changed)).toEqual(expected);
  });

  it.each([
    ['standard', '$5,000', '$70,000'],
    ['premium', '$300,000', '$800,000'],
  ] as const)('%s quick picks run from %s to %s, ascending', (variant, first, last) => {
    const picks = PRICE_QUICK_PICKS[variant];
    expect(formatPriceField(picks[0])).toBe(first);
    expect(formatPriceField(picks.at(-1))).toBe(last);
    expect([...picks].sort((a, b) => a - b)).toEqual(picks);
  });

  it('snaps to the 500 step', () => {
    expect(snapToStep(12_740)).toBe(12_500);
    expect(snapToStep(12_760)).toBe(13_000);
  });

  it('formats and reads the price and km fields', () => {
    expect(formatPriceField(25_000)).toBe('$25,000');
    expect(formatKmField(120_500)).toBe('120,500 kms');
    expect(parseAmountField('$25,000')).toBe(25_000);
    expect(parseAmountField('120,500 kms')).toBe(120_500);
    expect(parseAmountField('25k')).toBe(25_000);
    expect(parseAmountField('  ')).toBeUndefined();
    expect(parseAmountField('abc')).toBeUndefined();
  });
});

describe('useful facets (src/search/page-config.ts)', () => {
  const docs = [
    {
      car_type: 'used',
      make: 'Toyota',
      model: 'RAV4',
      body: 'SUV',
      year: 2020,
      dealership: 'Capalaba',
    },
    {
      car_type: 'used',
      make: 'Toyota',
      model: 'Corolla',
      body: 'Hatch',
      year: 2020,
      dealership: 'Capalaba',
    },
  ] as unknown as SearchDocument[];

  it('offers a facet with two values in stock, and car type, make and model with one', () => {
    const facets = usefulFacets(docs);
    expect(facets).toEqual(expect.arrayContaining(['car_type', 'make', 'model', 'body']));
    expect(facets).not.toContain('year');
    expect(facets).not.toContain('dealership');
  });

  it('answers a page of the same site from the first scan, without sharing its list', () => {
    const first = usefulFacets(docs);
    first.push('changed by a caller');
    expect(usefulFacets(docs)).not.toContain('changed by a caller');
    expect(usefulFacets(docs.slice(0, 1))).not.toContain('body');
  });
});
