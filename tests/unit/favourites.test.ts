import { cleanStores } from 'nanostores';
import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS } from '../../src/analytics/events';
import { setAnalyticsSink } from '../../src/analytics/track';
import { $favourites, isFavourite, toggleFavourite } from '../../src/stores/favourites';
import { canFavourite } from '../../src/domain/favourite-eligibility';

const car = {
  id: '42',
  name: '2024 Toyota RAV4 GXL',
  slug: '2024-toyota-rav4-gxl-42',
  make: 'Toyota',
  model: 'RAV4',
  primary_image_url: '/media/x.svg',
};

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  cleanTestStorage();
  cleanStores($favourites);
  setAnalyticsSink(undefined);
});

describe('favourites (SPEC 4)', () => {
  it('toggles add and remove, keeps them in storage, and fires event 39 on add only', () => {
    const events: number[] = [];
    setAnalyticsSink({ send: (event) => void events.push(event.id) });
    expect(toggleFavourite(car)).toBe(true);
    expect(isFavourite('42')).toBe(true);
    expect(JSON.parse(getTestStorage().favourites!)).toEqual([car]);
    expect(toggleFavourite(car)).toBe(false);
    expect(isFavourite('42')).toBe(false);
    expect(events).toEqual([EVENTS.favouriteCar]);
  });

  it('a failing analytics sink does not stop the favourite', () => {
    setAnalyticsSink({
      send: () => {
        throw new Error('offline');
      },
    });
    expect(toggleFavourite(car)).toBe(true);
    expect($favourites.get()).toHaveLength(1);
  });
});

describe('favourite eligibility (SPEC 5: price above 0 and an image or thumbnail)', () => {
  it.each([
    [25_990, '/media/car.svg', true],
    [0, '/media/car.svg', false],
    [null, '/media/car.svg', false],
    [25_990, '', false],
    [25_990, null, false],
    [1, 'thumb.jpg', true],
  ])('price %s, image %s -> %s', (price, image, expected) =>
    expect(canFavourite(price, image)).toBe(expected),
  );
});
