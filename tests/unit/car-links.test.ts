import { describe, expect, it } from 'vitest';
import { enquireUrl, financeUrl, printUrl, reserveUrl, similarSearchUrl, testDriveUrl, tradeInUrl } from '../../src/site/car-links';

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
    expect(financeUrl(withNvic, { ...tenant, features: { ...tenant.features, personalised_finance: true } })).toBe('/personalised/finance?car_id=4021');
    expect(financeUrl(withNvic, tenant)).toMatch(/^\/finance\?/);
    expect(financeUrl(car, { ...tenant, features: { ...tenant.features, personalised_finance: true } })).toMatch(/^\/finance\?/);
  });
  it('finance without a car is the plain finance page', () => expect(financeUrl(undefined, tenant)).toBe('/finance'));
  it('the other routes', () => {
    expect(enquireUrl(car)).toBe('/cars/2024-toyota-corolla-ascent-sport-4021#enquire');
    expect(testDriveUrl(car, tenant)).toBe('/book-test-drive/?car_id=4021');
    expect(reserveUrl(car)).toBe('/cars/2024-toyota-corolla-ascent-sport-4021/checkout');
    expect(tradeInUrl(car)).toBe('/cars/trade-in?car_id=4021');
    expect(printUrl(car)).toBe('/print?car_id=2024-toyota-corolla-ascent-sport-4021');
    expect(similarSearchUrl(car)).toBe('/search/toyota/corolla');
  });
});
