import { describe, expect, it } from 'vitest';
import { countOf, pluralise } from '../../src/domain/plural';
import { salesToday, salesTodayText } from '../../src/domain/sales-counter';

describe('pluralise / countOf', () => {
  it.each([
    [0, 'vehicle', '0 vehicles'],
    [1, 'vehicle', '1 vehicle'],
    [2, 'review', '2 reviews'],
    [1204, 'review', '1,204 reviews'],
    [1, { singular: 'Caravan', plural: 'Caravans' }, '1 Caravan'],
    [5, { singular: 'Person', plural: 'People' }, '5 People'],
  ])('%i %o -> %s', (count, noun, text) => {
    expect(countOf(count, noun)).toBe(text);
    expect(pluralise(count, noun)).toBe(text.split(' ').slice(1).join(' '));
  });
});

describe('sales counter wording', () => {
  // 00:08 in Brisbane (UTC+10): one sale so far (one per 450 s).
  const oneSale = Date.parse('2026-11-22T14:08:00Z');
  it("says '1 vehicle sold' for one sale and 'vehicles' for any other count", () => {
    expect(salesToday(oneSale)).toBe(1);
    expect(`${salesToday(oneSale)} ${salesTodayText(salesToday(oneSale))}`).toBe(
      '1 vehicle sold today across Australia',
    );
    expect(salesTodayText(0)).toBe('vehicles sold today across Australia');
    expect(salesTodayText(192)).toBe('vehicles sold today across Australia');
  });
});
