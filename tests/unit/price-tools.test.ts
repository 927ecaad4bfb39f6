import { describe, expect, it } from 'vitest';
import {
  carConsumption,
  formatFuelCost,
  FUEL_DEFAULTS,
  isElectric,
  showsFuelCalculator,
  weeklyFuelCost,
} from '../../src/domain/fuel';
import {
  deliveryQuote,
  NO_ESTIMATE,
  postcodeError,
  POSTCODE_INVALID,
  POSTCODE_REQUIRED,
} from '../../src/domain/delivery';
import {
  countUpValue,
  fillPercent,
  gaugeView,
  isBelowMarket,
  showsPriceComparison,
  validPrice,
  GAUGE,
} from '../../src/domain/price-comparison';
import {
  showsCalculator,
  showsFinance,
  weeklyEstimate,
  type FinanceSettings,
} from '../../src/domain/finance/estimate';
import { shouldRequestYouxQuote, youxQuote } from '../../src/domain/finance/youx';
import { DEFAULT_DELIVERY_REGIONS, DeliverySchema } from '../../src/tenant/schema/delivery';
import { FinanceSchema } from '../../src/tenant/schema/finance';

describe('fuel calculator (SPEC 5)', () => {
  it.each([
    [250, 10, 1.7, 42.5],
    [100, 8, 2, 16],
    [333, 7.3, 1.899, 46.16],
    [0, 10, 1.7, 0],
    [-50, 10, 1.7, 0],
    [Number.NaN, 10, 1.7, 0],
  ])('%s km at %s L/100km and $%s/L costs %s a week', (distance, consumption, price, cost) =>
    expect(weeklyFuelCost(distance, consumption, price)).toBe(cost),
  );

  it('defaults: 1.70 a litre, 250 km, 10 L/100 km', () =>
    expect(FUEL_DEFAULTS).toEqual({ price: 1.7, distance: 250, consumption: 10 }));
  it('formats two decimals', () => expect(formatFuelCost(42.5)).toBe('$42.50'));

  it.each([
    [{ fuel: 'Electric', simple_fuel: 'Electric' }, true],
    [{ fuel: 'Plug-in Hybrid - Petrol/Electric', simple_fuel: 'Plug-in Hybrid' }, false],
    [{ fuel: 'Hybrid - Petrol/Electric', simple_fuel: 'Hybrid' }, false],
    [{ fuel: 'Diesel', simple_fuel: 'Diesel' }, false],
    [{ fuel: null, simple_fuel: null }, false],
  ])('%o electric: %s (calculator hidden)', (car, electric) => {
    expect(isElectric(car)).toBe(electric);
    expect(showsFuelCalculator(car)).toBe(!electric);
  });

  it('uses the car’s combined consumption, else 10', () => {
    expect(
      carConsumption({
        fuel: 'Petrol',
        simple_fuel: 'Petrol',
        variant: { fuelconsumptioncombined: 6.8 },
      }),
    ).toBe(6.8);
    expect(
      carConsumption({
        fuel: 'Petrol',
        simple_fuel: 'Petrol',
        variant: { fuelconsumptioncombined: null },
      }),
    ).toBe(10);
    expect(carConsumption({ fuel: 'Petrol', simple_fuel: 'Petrol' })).toBe(10);
  });
});

describe('delivery calculator (SPEC 5, 8)', () => {
  it.each([
    ['', POSTCODE_REQUIRED],
    ['   ', POSTCODE_REQUIRED],
    ['400', POSTCODE_INVALID],
    ['40000', POSTCODE_INVALID],
    ['40a0', POSTCODE_INVALID],
    ['4000', undefined],
    ['0800', undefined],
  ])('postcode %j -> %j', (postcode, message) => expect(postcodeError(postcode)).toBe(message));

  it('the SPEC messages', () => {
    expect(POSTCODE_REQUIRED).toBe('Please enter a postcode.');
    expect(POSTCODE_INVALID).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(NO_ESTIMATE).toBe(
      "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
    );
  });

  it.each([
    ['4000', 'Brisbane Metro'],
    ['4207', 'Brisbane Metro'],
    ['4208', 'Gold Coast'],
    ['4350', 'Regional Queensland'],
    ['2000', 'Sydney Metro'],
    ['2600', 'Canberra'],
    ['3000', 'Melbourne Metro'],
    ['6000', 'Perth Metro'],
    ['0800', 'Darwin'],
    ['7000', 'Hobart'],
  ])('default table: %s is %s', (postcode, name) =>
    expect(deliveryQuote(postcode, DEFAULT_DELIVERY_REGIONS)?.name).toBe(name),
  );

  it.each(['1000', '0100', '5900', '6900', '7900', '9999', 'abcd'])(
    'no estimate for %s',
    (postcode) => expect(deliveryQuote(postcode, DEFAULT_DELIVERY_REGIONS)).toBeUndefined(),
  );

  it('a tenant table by postcode range, first match wins', () => {
    const { regions } = DeliverySchema.parse({
      regions: [
        { name: 'Local', from: '4150', to: '4160', price: 0 },
        { name: 'Queensland', from: '4000', to: '4999', price: 450 },
      ],
    });
    expect(deliveryQuote('4157', regions)).toEqual({ price: 0, name: 'Local' });
    expect(deliveryQuote('4000', regions)).toEqual({ price: 450, name: 'Queensland' });
    expect(deliveryQuote('2000', regions)).toBeUndefined();
  });

  it('rejects a region whose range is backwards or not 4 digits', () => {
    expect(
      DeliverySchema.safeParse({ regions: [{ name: 'x', from: '5000', to: '4000', price: 1 }] })
        .success,
    ).toBe(false);
    expect(
      DeliverySchema.safeParse({ regions: [{ name: 'x', from: '400', to: '4000', price: 1 }] })
        .success,
    ).toBe(false);
  });
});

const gauge = {
  fill: 0.41,
  listing_price: 52990,
  market_range_min: 48570,
  market_range_max: 59370,
  confidence: 0.62,
  description: 'Priced below.',
};

describe('price comparison gauge (SPEC 5, 9)', () => {
  it.each([
    [gauge, true],
    [{ ...gauge, confidence: 0.2 }, false],
    [{ ...gauge, confidence: 0.21 }, true],
    [{ ...gauge, market_range_max: 52990 }, true],
    [{ ...gauge, market_range_max: 52989 }, false],
    [{ ...gauge, fill: null }, false],
    [{ ...gauge, listing_price: undefined }, false],
    [{ ...gauge, market_range_min: null }, false],
    [{ ...gauge, confidence: undefined }, false],
    [{ ...gauge, fill: 0 }, true],
    [null, false],
  ])('shows for %o: %s', (data, shown) => expect(showsPriceComparison(data)).toBe(shown));

  it.each([
    [52990, 53489, false],
    [52990, 53490, true],
    [52990, 53489.5, true],
    [10, 1000, false],
    [11, 1000, true],
  ])('price %s vs average %s below market: %s', (price, average, below) =>
    expect(isBelowMarket(price, average)).toBe(below),
  );

  it.each([
    [10, false],
    [10.01, true],
    [0, false],
    ['100', false],
  ])('price %j valid: %s', (value, valid) => expect(validPrice(value)).toBe(valid));

  it.each([
    [0, 20],
    [0.1, 20],
    [0.2, 20],
    [0.21, 21],
    [0.41, 41],
    [1, 100],
    [1.4, 100],
  ])('fill %s draws %s%%', (fill, percent) => expect(fillPercent(fill)).toBe(percent));

  it('timings', () =>
    expect([
      GAUGE.animationMs,
      GAUGE.countUpMs,
      GAUGE.minFillPercent,
      GAUGE.confidenceThreshold,
    ]).toEqual([2500, 2000, 20, 0.2]));

  it('view with the below-market badge against the market average', () => {
    expect(gaugeView(gauge, 53970)).toMatchObject({
      fillPercent: 41,
      belowMarket: true,
      savings: 980,
      min: 48570,
      max: 59370,
    });
    expect(gaugeView(gauge, 53400)).toMatchObject({ belowMarket: false, savings: undefined });
    expect(gaugeView({ ...gauge, confidence: 0.1 }, 53970)).toBeUndefined();
  });

  it('count-up ends on the price', () => {
    expect(countUpValue(52990, 0)).toBe(0);
    expect(countUpValue(52990, 1000)).toBeGreaterThan(26495);
    expect(countUpValue(52990, 2000)).toBe(52990);
  });
});

const settings: FinanceSettings = {
  enabled: true,
  provider: 'stratton',
  hidden_makes: ['Aurora'],
  hidden_dealerships: ['hidden-motors'],
  providers: {},
};
const lenders = {
  stratton: { interestRate: 8.99, comparisonRate: 9.34, paymentWeek: 229.77, deposit: 0 },
};
const car = {
  make: 'Toyota',
  price: 30000,
  year: 2024,
  dealership_slug: 'bayside',
  finance_lenders: lenders,
};

describe('when finance shows (SPEC 5)', () => {
  it.each([
    ['a priced car with lender rates', car, true],
    ['price 500', { ...car, price: 500 }, false],
    ['price 501', { ...car, price: 501 }, true],
    ['no lender', { ...car, finance_lenders: null }, false],
    [
      'null comparison rate',
      { ...car, finance_lenders: { stratton: { ...lenders.stratton, comparisonRate: null } } },
      false,
    ],
    [
      'null interest rate',
      { ...car, finance_lenders: { stratton: { ...lenders.stratton, interestRate: null } } },
      false,
    ],
    ['hidden make', { ...car, make: 'aurora' }, false],
    ['hidden dealership', { ...car, dealership_slug: 'hidden-motors' }, false],
  ])('finance display: %s', (_name, subject, shown) =>
    expect(showsFinance(subject, settings, 2026)).toBe(shown),
  );

  it('a provider needing a year within the last 12 years and a comparison rate', () => {
    const strict = {
      ...settings,
      providers: { stratton: { max_age_years: 12, requires_comparison_rate: true } },
    };
    expect(showsFinance({ ...car, year: 2014 }, strict, 2026)).toBe(true);
    expect(showsFinance({ ...car, year: 2013 }, strict, 2026)).toBe(false);
    expect(
      showsFinance(
        { ...car, finance_lenders: { stratton: { ...lenders.stratton, comparisonRate: 0 } } },
        strict,
        2026,
      ),
    ).toBe(false);
    expect(
      showsFinance(
        { ...car, finance_lenders: { stratton: { ...lenders.stratton, comparisonRate: 0 } } },
        settings,
        2026,
      ),
    ).toBe(true);
  });

  it.each([
    ['provider and price', car, settings, true],
    ['no price', { ...car, price: 0 }, settings, false],
    [
      'deposit covers the price',
      { ...car, finance_lenders: { stratton: { ...lenders.stratton, deposit: 30000 } } },
      settings,
      false,
    ],
    ['site provider, car without lender', { ...car, finance_lenders: null }, settings, true],
    [
      'no provider anywhere',
      { ...car, finance_lenders: null },
      { ...settings, provider: undefined },
      false,
    ],
    ['finance off', car, { ...settings, enabled: false }, false],
  ])('calculator: %s', (_name, subject, config, shown) =>
    expect(showsCalculator(subject, config)).toBe(shown),
  );

  it('weekly estimate from the lender figures, in whole dollars as the calculator shows it', () => {
    const finance = FinanceSchema.parse(settings);
    expect(weeklyEstimate(car, finance, 2026)).toEqual({
      weekly: 230,
      interestRate: 8.99,
      comparisonRate: 9.34,
    });
    expect(weeklyEstimate({ ...car, price: 400 }, finance, 2026)).toBeUndefined();
  });
});

describe('youX quote (SPEC 7)', () => {
  it('only when the feature is on, no quote yet and price above 0', () => {
    expect(shouldRequestYouxQuote({ price: 1 }, true)).toBe(true);
    expect(shouldRequestYouxQuote({ price: 1 }, false)).toBe(false);
    expect(shouldRequestYouxQuote({ price: 0 }, true)).toBe(false);
    expect(
      shouldRequestYouxQuote({ price: 1, youxQuote: { weeklyRepaymentAmount: 1 } }, true),
    ).toBe(false);
  });

  it('computes a weekly quote whose comparison rate includes the fee', () => {
    const quote = youxQuote(
      { selfAssessedCreditScore: 'GREAT', purchasePrice: 30000, loanTerm: 5, year: 2025 },
      2026,
    );
    expect(quote.advertisedRate).toBe(6.99);
    expect(quote.weeklyRepaymentAmount).toBeGreaterThan(130);
    expect(quote.comparisonRate).toBeGreaterThan(quote.advertisedRate);
    const older = youxQuote(
      { selfAssessedCreditScore: 'GREAT', purchasePrice: 30000, loanTerm: 5, year: 2016 },
      2026,
    );
    expect(older.advertisedRate).toBe(8.99);
  });
});
