import { cleanStores } from 'nanostores';
import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canCompare, COMPARE_LIMIT, toggleInList } from '../../src/domain/compare-eligibility';
import { compareCar } from '../../src/domain/compare-figures';
import { CarSchema, type Car, type CarInput } from '../../src/feeds/schemas';
import { FinanceSchema } from '../../src/tenant/schema/finance';
import { $compare, $compareNotice, COMPARE_KEY, toggleCompare } from '../../src/stores/compare';

const car = (id: number) => ({
  id: String(id),
  name: `2024 Mazda CX-${id}`,
  slug: `2024-mazda-cx-${id}-${id}`,
});

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  cleanTestStorage();
  cleanStores($compare, $compareNotice);
});

describe('compare eligibility (SPEC 5)', () => {
  it('needs a price above 0 and an image', () => {
    expect(canCompare({ price: 25_990, image: '/media/a.jpg' })).toBe(true);
    expect(canCompare({ price: 0, image: '/media/a.jpg' })).toBe(false);
    expect(canCompare({ price: null, image: '/media/a.jpg' })).toBe(false);
    expect(canCompare({ price: 25_990, image: '' })).toBe(false);
    expect(canCompare({ price: 25_990 })).toBe(false);
  });
});

describe('compare list', () => {
  it('keeps up to 3 cars on the device; a 4th changes nothing and says the limit and how to remove one', () => {
    expect(COMPARE_LIMIT).toBe(3);
    for (const id of [1, 2, 3]) expect(toggleCompare(car(id))).toBe('added');
    expect($compareNotice.get().text).toBe('Added 2024 Mazda CX-3 to compare (3 of 3).');
    expect(toggleCompare(car(4))).toBe('full');
    expect($compare.get().map((entry) => entry.id)).toEqual(['1', '2', '3']);
    expect($compareNotice.get().text).toMatch(
      /up to 3 cars\. Remove one first: press Compare on a chosen car again, or use Remove on the comparison page/,
    );
    expect(JSON.parse(getTestStorage()[COMPARE_KEY]!)).toEqual([car(1), car(2), car(3)]);
  });

  it('a second press removes the car and frees a place', () => {
    for (const id of [1, 2, 3]) toggleCompare(car(id));
    expect(toggleCompare(car(2))).toBe('removed');
    expect($compareNotice.get().text).toBe('Removed 2024 Mazda CX-2 from compare (2 of 3).');
    expect(toggleCompare(car(4))).toBe('added');
    expect($compare.get().map((entry) => entry.id)).toEqual(['1', '3', '4']);
  });

  it('never grows past the limit, whatever the presses', () => {
    let list: ReturnType<typeof toggleInList>['list'] = [];
    for (const id of [1, 2, 1, 3, 4, 5, 2, 6, 6, 7]) list = toggleInList(list, car(id)).list;
    expect(list.length).toBeLessThanOrEqual(COMPARE_LIMIT);
    expect(new Set(list.map((entry) => entry.id)).size).toBe(list.length);
  });

  it('a broken or foreign stored value reads as an empty list', () => {
    setTestStorageKey(COMPARE_KEY, '{not json');
    expect($compare.get()).toEqual([]);
    cleanStores($compare);
    setTestStorageKey(COMPARE_KEY, JSON.stringify([car(1), { id: 5 }, 'x']));
    expect($compare.get()).toEqual([car(1)]);
  });
});

describe('comparison figures', () => {
  const finance = FinanceSchema.parse({});
  const feedCar = (overrides: Partial<CarInput> = {}): Car =>
    CarSchema.parse({
      id: 7,
      slug: 'used-2021-mazda-cx-5-7',
      name: '2021 Mazda CX-5 Maxx',
      year: 2021,
      make: 'Mazda',
      model: 'CX-5',
      car_type: 'used',
      status: 'in_stock',
      price: 32_990,
      price_type: 'Drive Away',
      km: 41_250,
      body: 'Wagon',
      trans: 'Automatic',
      fuel: 'Petrol',
      seats: 5,
      engine_size_litres: 2.5,
      variant: { fuelconsumptioncombined: 7.4, ancaprating: 5, towingcapacitybraked: 1800 },
      ...overrides,
    });

  it('formats every figure of the table from the feed car', () => {
    const { figures, id, slug } = compareCar(feedCar(), finance, '/media/a.jpg');
    expect({ id, slug }).toEqual({ id: '7', slug: 'used-2021-mazda-cx-5-7' });
    expect(figures).toMatchObject({
      price: '$32,990 Drive Away',
      year: '2021',
      km: '41,250 km',
      body: 'Wagon',
      transmission: 'Automatic',
      fuel: 'Petrol',
      consumption: '7.4 L/100km',
      engine: '2.5 L',
      seats: '5',
      ancap: '5 stars',
      towing: '1,800 kg',
    });
  });

  it('leaves out what the feed does not say, so the page shows a dash, not "undefined" or 0', () => {
    const { figures } = compareCar(
      feedCar({ km: undefined, seats: undefined, variant: null, engine_size_litres: undefined }),
      finance,
      '/media/a.jpg',
    );
    for (const key of ['km', 'seats', 'consumption', 'ancap', 'towing', 'engine'] as const)
      expect(figures).not.toHaveProperty(key);
  });
});
