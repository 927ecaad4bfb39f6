import { describe, expect, it } from 'vitest';
import { garageCar, listedById, titleWithYear, type ListedCar } from '../../src/domain/garage';
import { viewedCarRecord } from '../../src/domain/viewed-cars';

const triton: ListedCar = {
  objectID: '410002',
  slug: '2017-mitsubishi-triton-glx-4x4-410002',
  name: '2017 Mitsubishi Triton GLX',
  year: 2017,
  price: 21990,
  image: '/media/cars/ute/front34-red.jpg',
  status: 'in_stock',
};
const viewed = viewedCarRecord({
  id: 410002,
  stocknum: 'U40002',
  make: 'Mitsubishi',
  model: 'Triton',
  body: 'Ute',
  simple_body: 'Ute',
});

describe('My Garage entries', () => {
  it('a viewed car shows as the listed car: title, link, photo and price', () => {
    expect(garageCar(viewed, listedById([triton]))).toEqual({
      id: '410002',
      title: '2017 Mitsubishi Triton GLX',
      href: '/cars/2017-mitsubishi-triton-glx-4x4-410002',
      image: '/media/cars/ute/front34-red.jpg',
      price: '$21,990',
      sold: false,
      gone: false,
    });
  });

  it('a favourite and a viewed record of one car read the same', () => {
    const favourite = {
      id: '410002',
      name: 'Triton',
      slug: 'old-slug',
      make: 'Mitsubishi',
      model: 'Triton',
      primary_image_url: null,
    };
    expect(garageCar(favourite, listedById([triton]))).toEqual(
      garageCar(viewed, listedById([triton])),
    );
  });

  it('before the listed cars load: what the record holds (a viewed car has no link yet)', () => {
    const early = garageCar(viewed, undefined);
    expect(early.title).toBe('Mitsubishi Triton (stock number U40002)');
    expect(early.href ?? early.price).toBeUndefined();
    const favourite = {
      id: '1',
      name: '2020 Kia Rio S',
      slug: '2020-kia-rio-s-1',
      make: 'Kia',
      model: 'Rio',
      primary_image_url: '/a.jpg',
    };
    expect(garageCar(favourite, undefined)).toMatchObject({
      title: '2020 Kia Rio S',
      href: '/cars/2020-kia-rio-s-1',
      image: '/a.jpg',
    });
  });

  it('a car no longer listed has no link; a sold one says so; no price reads Price on application', () => {
    expect(garageCar(viewed, new Map())).toMatchObject({ gone: true, href: undefined });
    expect(
      garageCar(viewed, listedById([{ ...triton, status: 'sold', sold: true }])),
    ).toMatchObject({ sold: true, href: `/cars/${triton.slug}` });
    expect(garageCar(viewed, listedById([{ ...triton, price: 0 }])).price).toBe(
      'Price on application',
    );
  });

  it('puts the year in front only when the name lacks it', () => {
    expect(titleWithYear('2017 Mitsubishi Triton GLX', 2017)).toBe('2017 Mitsubishi Triton GLX');
    expect(titleWithYear('Windsor Rapid 502', 2026)).toBe('2026 Windsor Rapid 502');
  });
});
