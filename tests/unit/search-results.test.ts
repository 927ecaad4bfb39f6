import { describe, expect, it } from 'vitest';
import { activePromos, collapseSoldRuns, displayCount, promoPositions, withPromos } from '../../src/search/results';
import { clampPriceRange, formatKmField, formatPriceField, parseAmountField, PRICE_QUICK_PICKS, snapToStep } from '../../src/search/price';
import type { PromoCard } from '../../src/tenant/schema/promos';

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

const promo = (title: string, extra: Partial<PromoCard> = {}): PromoCard => ({ title, url: '/x', display: true, strictDisplay: false, ...extra });
const cars = (n: number) => Array.from({ length: n }, (_, index) => `car${index + 1}`);
const layout = (items: ReturnType<typeof withPromos<string>>) => items.map((item) => (item.kind === 'car' ? item.car : `[${item.promo.title}]`));

describe('promo cards', () => {
  it('go at positions 5 and 10 of the grid', () => {
    const items = withPromos(cars(12), [promo('A'), promo('B')], promoPositions({ rule: 'positions', positions: [5, 10] }, 12));
    const flat = layout(items);
    expect(flat[4]).toBe('[A]');
    expect(flat[9]).toBe('[B]');
    expect(flat).toHaveLength(14);
  });

  it('every N results, cycling through the promos', () => {
    // With 21 cars a third promo would come after the last car.
    expect(promoPositions({ rule: 'every', every: 8 }, 21)).toEqual([8, 16]);
    const positions = promoPositions({ rule: 'every', every: 8 }, 22);
    expect(positions).toEqual([8, 16, 24]);
    const flat = layout(withPromos(cars(22), [promo('A'), promo('B')], positions));
    expect([flat[7], flat[15], flat[23]]).toEqual(['[A]', '[B]', '[A]']);
  });

  it('random position between min and max', () => {
    expect(promoPositions({ rule: 'random', min: 3, max: 5 }, 21, () => 0)).toEqual([3]);
    expect(promoPositions({ rule: 'random', min: 3, max: 5 }, 21, () => 0.99)).toEqual([5]);
  });

  it('never trail after the last car', () => {
    expect(layout(withPromos(cars(3), [promo('A')], [5]))).toEqual(['car1', 'car2', 'car3']);
    expect(layout(withPromos(cars(4), [promo('A')], [5]))).toEqual(['car1', 'car2', 'car3', 'car4']);
    expect(layout(withPromos(cars(5), [promo('A')], [5]))).toEqual(['car1', 'car2', 'car3', 'car4', '[A]', 'car5']);
  });

  it('honour their own position and strictDisplay', () => {
    const flat = layout(withPromos(cars(8), [promo('Fixed', { position: 2 }), promo('Strict', { strictDisplay: true }), promo('Float')], [6]));
    expect(flat[1]).toBe('[Fixed]');
    expect(flat[5]).toBe('[Float]');
    expect(flat).not.toContain('[Strict]');
  });

  it('show only between start and expiry, and when displayed', () => {
    const now = Date.parse('2025-06-15T05:00:00Z');
    const list = [
      promo('running', { start: '2025-06-01T00:00:00+10:00', expiry: '2025-06-15T16:00:00+10:00' }),
      promo('expired', { expiry: '2025-06-15T14:00:00+10:00' }),
      promo('future', { start: '2025-07-01T00:00:00+10:00' }),
      promo('hidden', { display: false }),
    ];
    expect(activePromos(list, now).map((card) => card.title)).toEqual(['running']);
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
