import { describe, expect, it } from 'vitest';
import { pageKeys } from '../../platform/build/build-render-state';
import type { Car } from '../../src/feeds/schemas';
import type { SiteData } from '../../src/site/types';
import { apiTestSite } from '../support/api-site';

/** The test site with three cars of one make and model. */
function site(): SiteData {
  const base = apiTestSite();
  const [car] = base.cars;
  const cars = [1, 2, 3].map((n) => ({
    ...car!,
    id: `car-${n}`,
    slug: `2023-toyota-corolla-car-${n}`,
    price: 30_000 + n,
    images: [],
  })) as Car[];
  return { ...base, cars };
}

const withCar = (data: SiteData, index: number, change: Partial<Car>): SiteData => ({
  ...data,
  cars: data.cars.map((car, at) => (at === index ? { ...car, ...change } : car)),
});

describe('which car pages a partial render renders again (pageKeys)', () => {
  it('a sold car or a new price changes that car key only', () => {
    const before = pageKeys(site());
    for (const change of [{ status: 'sold', sold: true }, { price: 29_990 }] as Partial<Car>[]) {
      const after = pageKeys(withCar(site(), 1, change));
      expect(after.shared).toBe(before.shared);
      expect(
        Object.keys(after.cars).filter((slug) => after.cars[slug] !== before.cars[slug]),
      ).toEqual(['2023-toyota-corolla-car-2']);
    }
  });

  it('a car of a make the menus did not list changes what every car page shares', () => {
    const before = pageKeys(site());
    const after = pageKeys(withCar(site(), 2, { make: 'Mazda', model: 'CX-5' }));
    expect(after.shared).not.toBe(before.shared);
  });

  it('a new build time, a location or a tenant setting changes what every car page shares', () => {
    const before = pageKeys(site()).shared;
    expect(pageKeys({ ...site(), builtAt: '2026-11-24T00:00:00.000Z' }).shared).not.toBe(before);
    expect(pageKeys({ ...site(), locations: site().locations.slice(1) }).shared).not.toBe(before);
    const data = site();
    expect(pageKeys({ ...data, tenant: { ...data.tenant, name: 'Another Name' } }).shared).not.toBe(
      before,
    );
  });

  it('a removed car has no key, an added car has one', () => {
    const data = site();
    const fewer = pageKeys({ ...data, cars: data.cars.slice(0, 2) });
    expect(Object.keys(fewer.cars)).toEqual([
      '2023-toyota-corolla-car-1',
      '2023-toyota-corolla-car-2',
    ]);
  });

  it('a new price renders again the search pages listing the car; a sale also those whose filter lists count it', () => {
    const before = pageKeys(site());
    const changed = (after: ReturnType<typeof pageKeys>) =>
      Object.keys(after.searchPages).filter(
        (page) => after.searchPages[page] !== before.searchPages[page],
      );
    // The used Toyota Corollas are on the all-stock, used, Toyota and Corolla pages (and /cars).
    expect(changed(pageKeys(withCar(site(), 1, { price: 29_990 }))).sort()).toEqual(
      [
        '/cars',
        '/search/new-used-and-demo-cars',
        '/search/toyota',
        '/search/toyota/corolla',
        '/search/used-cars',
      ].sort(),
    );
    // /search/demo-cars lists none of them, but its Condition list counts the used cars that are for sale.
    const sold = changed(pageKeys(withCar(site(), 1, { status: 'sold', sold: true })));
    expect(sold).toContain('/search/demo-cars');
    expect(sold).toContain('/search/bayside-toyota-sales');
  });
});
