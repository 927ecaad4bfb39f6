import { describe, expect, it } from 'vitest';
import { describeChanges, diffStock, stockState } from '../../platform/sync/diff';
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
    const after = stockState([
      car(1, { status: 'sold', sold: true }),
      car(2, { reserved: true }),
      car(3, { price: 19_500 }),
      car(5),
      car(6),
    ]);
    const changes = diffStock(before, after);
    expect(changes).toMatchObject({
      added: ['6'],
      sold: ['1'],
      reserved: ['2'],
      priceChanged: ['3'],
      detailsChanged: [],
      removed: ['4'],
      statusChanged: [],
      unreadable: [],
    });
    expect(describeChanges(changes)).toBe('1 added, 1 sold, 1 reserved, 1 price change, 1 removed');
  });

  it('counts a status that shows as sold (not in_stock or coming_soon) as sold, and a car back on sale as a status change', () => {
    const sold = stockState([car(1, { status: 'delivered' })]);
    expect(diffStock(stockState([car(1)]), sold).sold).toEqual(['1']);
    expect(diffStock(sold, stockState([car(1)])).statusChanged).toEqual(['1']);
  });

  it('counts cars whose text, specifications or photos changed, with status and price as they were', () => {
    const after = stockState([
      car(1, { name: '2024 Toyota Corolla Ascent Sport' }),
      car(2, { dealercomments: 'One owner, full service history.' }),
      car(3, { colour: 'Eclipse Black' }),
      car(4, { images: [{ image: { url: '/media/4-new.jpg' } }] }),
      car(5),
    ]);
    const changes = diffStock(before, after);
    expect(changes.detailsChanged).toEqual(['1', '2', '3', '4']);
    expect(describeChanges(changes)).toBe('4 detail changes');
    expect(
      describeChanges(
        diffStock(
          before,
          stockState([car(1, { colour: 'White' }), car(2), car(3), car(4), car(5)]),
        ),
      ),
    ).toBe('1 detail change');
  });

  it('does not count a views count or updated_at moving, or a price change, as a detail change', () => {
    const after = stockState([
      car(1, { views: 120, updated_at: '2026-11-27T10:00:00Z' }),
      car(2, { price: 18_000 }),
      car(3),
      car(4),
      car(5),
    ]);
    expect(describeChanges(diffStock(before, after))).toBe('1 price change');
  });

  it('counts no detail changes against a state kept before details were followed', () => {
    const old = Object.fromEntries(
      Object.entries(before).map(([id, { details: _details, ...rest }]) => [id, rest]),
    );
    expect(
      describeChanges(
        diffStock(old, stockState([car(1, { name: 'Renamed' }), car(2), car(3), car(4), car(5)])),
      ),
    ).toBe('');
  });

  it('says nothing changed for the same stock', () => {
    expect(describeChanges(diffStock(before, before))).toBe('');
  });

  it('does not read a car whose record became malformed as removed', () => {
    const feed = [car(1), car(2), { ...car(3), price: 'call us' }, car(4), car(5)];
    const result = validateFeed('cars', feed, 'feed.json');
    expect(result.records).toHaveLength(4);
    // A sync compares states of validated records (with the schema's defaults) on both sides.
    const validBefore = stockState(
      validateFeed('cars', [car(1), car(2), car(3), car(4), car(5)], 'feed.json').records,
    );
    const changes = diffStock(
      validBefore,
      stockState(result.records),
      result.rejected.map((record) => record.id!),
    );
    expect(changes.removed).toEqual([]);
    expect(changes.unreadable).toEqual(['3']);
    expect(describeChanges(changes)).toBe('1 malformed record (kept out, not counted as removed)');
  });
});
