import { describe, expect, it } from 'vitest';
import { describeChanges, diffStock, stockState } from '../../scripts/lib/sync/diff';
import { validateFeed } from '../../src/feeds/load';

const car = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  slug: `car-${id}`,
  name: `2024 Toyota Corolla ${id}`,
  year: 2024,
  make: 'Toyota',
  model: 'Corolla',
  car_type: 'used',
  status: 'in_stock',
  price: 20_000 + id,
  ...extra,
});

describe('diffStock', () => {
  const before = stockState([car(1), car(2), car(3), car(4), car(5)]);

  it('tells added, sold, reserved, price changes and removed cars apart', () => {
    const after = stockState([car(1, { status: 'sold', sold: true }), car(2, { reserved: true }), car(3, { price: 19_500 }), car(5), car(6)]);
    const changes = diffStock(before, after);
    expect(changes).toMatchObject({ added: ['6'], sold: ['1'], reserved: ['2'], priceChanged: ['3'], removed: ['4'], statusChanged: [], unreadable: [] });
    expect(describeChanges(changes)).toBe('1 added, 1 sold, 1 reserved, 1 price change, 1 removed');
  });

  it('counts a status that shows as sold (not in_stock or coming_soon) as sold, and a car back on sale as a status change', () => {
    const sold = stockState([car(1, { status: 'delivered' })]);
    expect(diffStock(stockState([car(1)]), sold).sold).toEqual(['1']);
    expect(diffStock(sold, stockState([car(1)])).statusChanged).toEqual(['1']);
  });

  it('says nothing changed for the same stock', () => {
    expect(describeChanges(diffStock(before, before))).toBe('');
  });

  it('does not read a car whose record became malformed as removed', () => {
    const feed = [car(1), car(2), { ...car(3), price: 'call us' }, car(4), car(5)];
    const result = validateFeed('cars', feed, 'feed.json');
    expect(result.records).toHaveLength(4);
    const changes = diffStock(
      before,
      stockState(result.records),
      result.rejected.map((record) => record.id!),
    );
    expect(changes.removed).toEqual([]);
    expect(changes.unreadable).toEqual(['3']);
    expect(describeChanges(changes)).toBe('1 malformed record (kept out, not counted as removed)');
  });
});
