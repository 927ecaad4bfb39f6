import { describe, expect, it } from 'vitest';
import { otherCarTypes, withCarType } from '../../src/islands/search/other-car-types';
import { emptyState } from '../../src/search/state';

const cars = { singular: 'Car', plural: 'Cars' };

describe('an empty car-type search points at the car types in stock', () => {
  it('offers the other car types with stock, new, demo, used, with counts', () => {
    const state = { refinements: { car_type: ['used'] } };
    expect(
      otherCarTypes(state, { demo: 167, new: 364, used: 0 }, cars).map((other) => other.label),
    ).toEqual(['364 New Cars', '167 Demo Cars']);
    expect(
      otherCarTypes(state, { new: 1 }, { singular: 'Caravan', plural: 'Caravans' })[0]!.label,
    ).toBe('1 New Caravan');
  });

  it('offers nothing when the search is not narrowed by car type, or nothing else is in stock', () => {
    expect(otherCarTypes({ refinements: {} }, { new: 3 }, cars)).toEqual([]);
    expect(
      otherCarTypes({ refinements: { car_type: ['new', 'demo'] } }, { new: 0, demo: 0 }, cars),
    ).toEqual([]);
    expect(otherCarTypes({ refinements: { car_type: ['used'] } }, undefined, cars)).toEqual([]);
  });

  it('keeps the rest of the search and starts at page 1', () => {
    const state = {
      ...emptyState(),
      page: 3,
      refinements: { car_type: ['used'], make: ['Toyota'] },
    };
    expect(withCarType(state, 'new')).toMatchObject({
      page: 1,
      refinements: { car_type: ['new'], make: ['Toyota'] },
    });
  });
});
