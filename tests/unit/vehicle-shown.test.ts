import { describe, expect, it } from 'vitest';
import { weeklyEstimate } from '../../src/domain/finance/estimate';
import { vehicleShown, withLiveFields } from '../../src/domain/vehicle/shown';
import type { Car } from '../../src/feeds/schemas';
import { vehiclePage } from '../../src/site/vehicle-page';
import { apiTestSite } from '../support/api-site';

// The bayside-toyota tenant with one car for sale, its lender quoting a weekly repayment.
const base = apiTestSite();
const lender = {
  interestRate: 6.49,
  comparisonRate: 6.76,
  paymentWeek: 180.16,
  paymentMonth: 781.93,
  termYears: 5,
  deposit: 5500,
  balloon: 13700,
};
const car = {
  ...base.cars[0]!,
  images: [],
  status: 'in_stock',
  year: new Date().getUTCFullYear(),
  finance_lenders: { [base.tenant.finance.provider ?? 'stratton']: lender },
} as Car;
const site = { ...base, cars: [car] };
const { live } = vehiclePage(car, site);

describe('vehicleShown: one rule for the built page and the live correction', () => {
  it('a sold car: SOLD, Find Me Something Similar, no price, finance, forms or trade-in', () => {
    const shown = vehicleShown(
      withLiveFields(live.car, { status: 'sold', sold: true }),
      live.settings,
    );
    expect(shown).toMatchObject({
      available: false,
      priced: false,
      weekly: undefined,
      financeCalculator: false,
      getFinance: false,
      delivery: false,
      enquiryForms: false,
      soldNotice: true,
      tradeIn: false,
      financeLink: false,
    });
    expect(shown.actions).toEqual({
      available: false,
      reserve: false,
      call: false,
      findSimilar: true,
    });
    expect(shown.tag).toEqual({ kind: 'sold', label: site.tenant.labels.sold_tag });
  });

  it('a reserved car: no Reserve and no Trade-In, still priced with its finance', () => {
    const shown = vehicleShown(
      withLiveFields(live.car, { status: 'in_stock', reserved: true }),
      live.settings,
    );
    expect(shown.actions.reserve).toBe(false);
    expect(shown.tradeIn).toBe(false);
    expect(shown.priced).toBe(true);
    expect(shown.financeCalculator).toBe(vehicleShown(live.car, live.settings).financeCalculator);
  });

  it('a new price: the weekly estimate is the calculator maths on it, not the lender quote for the old price', () => {
    const price = car.price! - 1000;
    const repriced = withLiveFields(live.car, { status: 'in_stock', price });
    const shown = vehicleShown(repriced, live.settings);
    expect(repriced.price).toBe(price);
    expect(
      Object.values(repriced.finance_lenders ?? {}).every(
        (lender) => lender.paymentWeek === null && lender.paymentMonth === null,
      ),
    ).toBe(true);
    expect(shown.weekly?.weekly).toBe(weeklyEstimate(repriced, site.tenant.finance)?.weekly);
    expect(shown.weekly?.weekly).toBeLessThan(
      vehicleShown(live.car, live.settings).weekly!.weekly + 1,
    );
  });

  it('the page carries what the live correction needs, and the build agrees with it', () => {
    const page = vehiclePage(car, site);
    expect(page.shown).toEqual(vehicleShown(live.car, live.settings));
    expect(page.weekly).toEqual(page.shown.weekly);
  });
});
