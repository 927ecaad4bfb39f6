import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CarSchema, LocationSchema, type Car, type CarInput } from '../../src/feeds/schemas';
import { parseTenant } from '../../src/tenant/load';
import type { SiteData } from '../../src/site/types';
import { vehiclePage } from '../../src/site/vehicle-page';

const tenant = parseTenant(
  readFileSync('tenants/bayside-toyota.yaml', 'utf8'),
  'tenants/bayside-toyota.yaml',
);
const location = LocationSchema.parse({
  id: 'loc-1',
  name: 'Bayside Toyota Capalaba',
  address: { city: 'Capalaba', state: 'QLD', postcode: '4157', lat: -27.5, long: 153.2 },
});
const site: SiteData = {
  tenant,
  builtAt: '2026-11-26T00:00:00.000Z',
  cars: [],
  locations: [location],
  specialHours: [],
  models: [],
  reviews: [],
  manufacturers: [],
  offers: [],
};
const lender = { stratton: { interestRate: 8.99, comparisonRate: 9.34 } };

function car(overrides: Partial<CarInput>): Car {
  return CarSchema.parse({
    id: 101,
    slug: '2024-toyota-corolla-ascent-sport-101',
    name: '2024 Toyota Corolla Ascent Sport',
    year: 2024,
    make: 'Toyota',
    model: 'Corolla',
    badge: 'Ascent Sport',
    car_type: 'new',
    status: 'in_stock',
    price: 30_000,
    location_id: 'loc-1',
    finance_lenders: lender,
    images: [
      { image: { url: '/media/corolla-1.jpg', thumb: { url: '/media/corolla-1-thumb.jpg' } } },
    ],
    ...overrides,
  });
}

const cases: [string, Partial<CarInput>, Record<string, unknown>][] = [
  [
    'in stock, priced, with finance',
    {},
    {
      available: true,
      priced: true,
      priceOnApplication: false,
      description: '2024 Toyota Corolla Ascent Sport for $30,000 at Bayside Toyota.',
      actions: {
        available: true,
        reserve: true,
        enquireLabel: 'Enquire Now',
        call: true,
        findSimilar: false,
      },
      tag: undefined,
      locationLabel: 'Vehicle location: Bayside Toyota Capalaba, Capalaba',
      phone: {
        phone: '07 5550 6101',
        carId: '101',
        dealershipId: undefined,
        websiteId: 'bayside-toyota',
        revealed: false,
      },
      links: expect.objectContaining({
        tradeIn: '/cars/trade-in?car_id=101',
        enquire: '/cars/2024-toyota-corolla-ascent-sport-101#enquire',
      }),
    },
  ],
  [
    'coming soon: available, tagged, reservable',
    { status: 'coming_soon' },
    {
      available: true,
      priced: true,
      tag: { kind: 'coming_soon', label: 'COMING SOON' },
      actions: expect.objectContaining({ reserve: true }),
    },
  ],
  [
    'reserved: still for sale, no second reservation',
    { reserved: true },
    {
      available: true,
      priced: true,
      tag: { kind: 'reserved', label: 'RESERVED' },
      actions: expect.objectContaining({ reserve: false, enquireLabel: 'Enquire Now' }),
    },
  ],
  [
    'sold: no price, no finance, no call; find similar instead',
    { status: 'sold', sold: true },
    {
      available: false,
      priced: false,
      priceOnApplication: false,
      weekly: undefined,
      phone: undefined,
      description: '2024 Toyota Corolla Ascent Sport at Bayside Toyota.',
      actions: { available: false, reserve: false, call: false, findSimilar: true },
      tag: { kind: 'sold', label: 'JUST SOLD' },
      links: expect.objectContaining({
        enquire: undefined,
        finance: undefined,
        tradeIn: undefined,
      }),
    },
  ],
  [
    'used with a history report and a was-price',
    { car_type: 'used', price: 24_000, before_price: 26_500, km: 42_000, file: '/reports/101.pdf' },
    {
      available: true,
      wasPrice: 26_500,
      phone: expect.objectContaining({ phone: '07 5550 6102' }),
    },
  ],
  [
    'no lender data: no weekly estimate, still priced',
    { finance_lenders: null },
    { available: true, priced: true, weekly: undefined },
  ],
  [
    'no price: price on application, nothing to reserve',
    { price: null, finance_lenders: null },
    {
      priced: false,
      priceOnApplication: true,
      description: '2024 Toyota Corolla Ascent Sport at Bayside Toyota.',
      actions: expect.objectContaining({ reserve: false }),
    },
  ],
];

describe('vehiclePage: what the vehicle page shows for a car', () => {
  it.each(cases)('%s', (_, overrides, expected) => {
    const page = vehiclePage(car(overrides), site);
    for (const [key, value] of Object.entries(expected))
      expect([key, page[key as keyof typeof page]]).toEqual([key, value]);
  });

  it('shows a weekly estimate with its rates for a priced car with lender data', () => {
    const page = vehiclePage(car({}), site);
    expect(page.weekly).toMatchObject({ interestRate: 8.99, comparisonRate: 9.34 });
    expect(page.weekly!.weekly).toBeGreaterThan(0);
  });

  it('takes the first photo for sharing and the breadcrumb trail make > model > title', () => {
    const page = vehiclePage(car({}), site);
    expect(page.photo).toBe('/media/corolla-1.jpg');
    // Shared at 1200 px through the embedded resizer (the demo tenants' default).
    expect(page.ogImage).toBe('/api/image?url=%2Fmedia%2Fcorolla-1.jpg&w=1200&q=75');
    expect(page.breadcrumbs.map((crumb) => crumb.label)).toEqual([
      'Home',
      'Toyota',
      'Corolla',
      '2024 Toyota Corolla Ascent Sport',
    ]);
    expect(page.path).toBe('/cars/2024-toyota-corolla-ascent-sport-101');
    expect(page.jsonLd).toMatchObject({ '@type': expect.stringMatching(/Car|Vehicle|Product/) });
  });

  it('uses the placeholder image and no location line for a car without photos or location', () => {
    const page = vehiclePage(car({ images: [], primary_image_url: null, location_id: null }), site);
    expect(page.photo).toMatch(/not-found|placeholder/i);
    expect(page.locationLabel).toBeUndefined();
  });
});
