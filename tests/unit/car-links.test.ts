import { describe, expect, it } from 'vitest';
import {
  enquireUrl,
  financeUrl,
  printUrl,
  reserveUrl,
  similarSearchUrl,
  testDriveUrl,
  tradeInUrl,
} from '../../src/site/car-links';

const tenant = {
  links: { finance: '/finance', test_drive: '/book-test-drive/' },
  features: { personalised_finance: false },
} as Parameters<typeof financeUrl>[1] & Parameters<typeof testDriveUrl>[1];
const car = {
  id: '4021',
  slug: '2024-toyota-corolla-ascent-sport-4021',
  make: 'Toyota',
  model: 'Corolla',
  price: 32990,
  car_type: 'used' as const,
  vin: 'JTNK4RBE703456789',
  nvic: null,
  dealership_slug: 'bayside-toyota-capalaba',
  location: null,
};

describe('car call-to-action links (SPEC 2 routes)', () => {
  it('finance: /finance with the SPEC query and #finance-form', () => {
    expect(financeUrl(car, tenant)).toBe(
      '/finance?preferredDealership=bayside-toyota-capalaba&vehiclePriceBudget=32990&car_id=4021&car_type=used&vin=JTNK4RBE703456789#finance-form',
    );
  });
  it('finance: /personalised/finance?car_id= only with an nvic and the feature on', () => {
    const withNvic = { ...car, nvic: 'ABC123' };
    expect(
      financeUrl(withNvic, {
        ...tenant,
        features: { ...tenant.features, personalised_finance: true },
      }),
    ).toBe('/personalised/finance?car_id=4021');
    expect(financeUrl(withNvic, tenant)).toMatch(/^\/finance\?/);
    expect(
      financeUrl(car, { ...tenant, features: { ...tenant.features, personalised_finance: true } }),
    ).toMatch(/^\/finance\?/);
  });
  it('finance without a car is the plain finance page', () =>
    expect(financeUrl(undefined, tenant)).toBe('/finance'));
  it('the other routes', () => {
    expect(enquireUrl(car)).toBe('/cars/2024-toyota-corolla-ascent-sport-4021#enquire');
    expect(testDriveUrl(car, tenant)).toBe('/book-test-drive/?car_id=4021');
    expect(reserveUrl(car)).toBe('/cars/2024-toyota-corolla-ascent-sport-4021/checkout');
    expect(tradeInUrl(car)).toBe('/cars/trade-in?car_id=4021');
    expect(printUrl(car)).toBe('/print?car_id=2024-toyota-corolla-ascent-sport-4021');
  });
});

describe('Find Me Something Similar (SPEC 9 similar-cars rules)', () => {
  it('leads to the same body type within the price window, not back to the same (sold) model', () => {
    expect(
      similarSearchUrl({
        make: 'Toyota',
        model: 'Corolla',
        simple_body: 'Hatchback',
        price: 32990,
      }),
    ).toBe('/search/hatch-cars?range%5Bprice%5D=22990:42990');
  });
  it('the window is 25,000 from a price of 50,000', () => {
    expect(
      similarSearchUrl({ make: 'Toyota', model: 'LandCruiser', simple_body: 'SUV', price: 49999 }),
    ).toBe('/search/suv-cars?range%5Bprice%5D=39999:59999');
    expect(
      similarSearchUrl({ make: 'Toyota', model: 'LandCruiser', simple_body: 'SUV', price: 50000 }),
    ).toBe('/search/suv-cars?range%5Bprice%5D=25000:75000');
  });
  it('never a negative lower bound', () => {
    expect(
      similarSearchUrl({ make: 'Kia', model: 'Picanto', simple_body: 'Hatch', price: 6000 }),
    ).toBe('/search/hatch-cars?range%5Bprice%5D=0:16000');
  });
  it('without a price: the whole body type; without a body type: the make', () => {
    expect(similarSearchUrl({ make: 'Toyota', model: 'HiLux', simple_body: 'Ute' })).toBe(
      '/search/ute-cars',
    );
    expect(similarSearchUrl({ make: 'Toyota', model: 'HiLux', price: 0, simple_body: 'Ute' })).toBe(
      '/search/ute-cars',
    );
    expect(similarSearchUrl({ make: 'Toyota', model: 'HiLux', price: 40000 })).toBe(
      '/search/toyota?range%5Bprice%5D=30000:50000',
    );
  });
});
