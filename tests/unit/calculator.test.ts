import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PMT } from '@formulajs/formulajs';
import { FinanceSchema } from '../../src/tenant/schema/finance';
import {
  periodicPayment,
  roundRepayment,
  repaymentSuffix,
  totalRepayments,
  isQuotable,
  FREQUENCIES,
} from '../../src/domain/finance/repayment';
import {
  clampToRange,
  parseAmount,
  purchasePriceMessage,
  snapToStep,
  stripNonNumeric,
} from '../../src/domain/finance/inputs';
import { calculatorRules, establishmentFee, providerKey } from '../../src/domain/finance/rules';
import {
  calculate,
  initialInputs,
  lenderPayment,
  termText,
  type CalculatorInputs,
} from '../../src/domain/finance/calculator';
import {
  calculatorDisclaimer,
  comparisonBasisText,
  comparisonRateRange,
  formatFee,
  INDICATIVE_DISCLAIMER,
  truncateDisclaimer,
} from '../../src/domain/finance/disclaimer';
import type { Car, LenderFigures } from '../../src/feeds/schemas';
import { toSearchDocument } from '../../src/search/document';
import {
  calculatorReturnsEmpty,
  calculatorStart,
  weeklyEstimate,
} from '../../src/domain/finance/estimate';
import { formatPrice } from '../../src/domain/format';

const finance = (input: unknown = {}) => FinanceSchema.parse(input);
const rules = calculatorRules(finance(), { price: 30000, finance_lenders: null });
const base: CalculatorInputs = {
  amount: 30000,
  term: 5,
  interest: 10,
  tradeIn: 0,
  residual: 0,
  frequency: 'month',
};

describe('repayment maths (SPEC 9)', () => {
  it.each([
    // principal, rate %, periods/yr, years, residual, expected payment to the cent (checked by hand in Python)
    [30000, 10, 12, 5, 0, 637.41],
    [30000, 10, 52, 5, 0, 146.73],
    [30000, 10, 26, 5, 0, 293.68],
    [30000, 0, 12, 5, 0, 500],
    [30000, 0, 52, 5, 9000, (30000 - 9000) / 260],
    [50000, 8.99, 12, 5, 15000, 838.75],
    [1000, 15, 52, 1, 0, 20.74],
  ])(
    '$%s at %s pct, %s a year for %s years, residual %s: %s',
    (principal, annualRate, periodsPerYear, years, residual, expected) => {
      expect(
        periodicPayment({ principal, annualRate, periodsPerYear, years, residual }),
      ).toBeCloseTo(expected, 2);
    },
  );

  it('frequencies are Weekly 52, Fortnightly 26, Monthly 12', () => {
    expect(FREQUENCIES.map((f) => [f.label, f.periods])).toEqual([
      ['Weekly', 52],
      ['Fortnightly', 26],
      ['Monthly', 12],
    ]);
  });

  it('matches a spreadsheet PMT with the residual as future value over 1,000 generated loans, to the cent', () => {
    const loan = fc.record({
      principal: fc.integer({ min: 1000, max: 250000 }),
      annualRate: fc.integer({ min: 1, max: 30 }).map((halves) => halves / 2),
      periodsPerYear: fc.constantFrom(52, 26, 12),
      years: fc.integer({ min: 2, max: 14 }).map((halves) => halves / 2),
      residualShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
    });
    fc.assert(
      fc.property(loan, ({ principal, annualRate, periodsPerYear, years, residualShare }) => {
        const residual = Math.round(principal * residualShare * 2) / 2;
        const ours = periodicPayment({ principal, annualRate, periodsPerYear, years, residual });
        const sheet = -PMT(
          annualRate / 100 / periodsPerYear,
          years * periodsPerYear,
          principal,
          -residual,
          0,
        );
        expect(Math.round(ours * 100)).toBe(Math.round((sheet as number) * 100));
      }),
      { numRuns: 1500, seed: 20261123 },
    );
  });

  it('total = periods x term x payment + establishment fee', () => {
    expect(totalRepayments(637.41, 12, 5, 395)).toBeCloseTo(38639.6, 6);
  });

  it.each([
    [230.49, 0.5, 230],
    [230.5, 0.5, 231],
    [230.01, 0.01, 231],
    [230.98, 0.99, 230],
    [230.99, 0.99, 231],
  ])('rounds %s with threshold %s to %s', (payment, threshold, expected) =>
    expect(roundRepayment(payment, threshold)).toBe(expected),
  );

  it.each([
    ['week', '/wk*'],
    ['fortnight', '/fn*'],
    ['month', '/mo*'],
    ['year', '/yr*'],
  ] as const)('suffix for %s is %s', (name, suffix) => expect(repaymentSuffix(name)).toBe(suffix));

  it.each([
    [25, false],
    [25.01, true],
    [24.99, false],
    [0, false],
    [-3, false],
  ])('payment %s quotable: %s', (payment, quotable) => expect(isQuotable(payment)).toBe(quotable));
});

describe('calculator input rules (SPEC 5)', () => {
  it.each([
    ['$45,000', '45000'],
    ['45k', '45'],
    ['abc', ''],
    ['12.5.6', '12.56'],
    [' 1 000 ', '1000'],
  ])('strips non-numerics from %j -> %j', (text, stripped) =>
    expect(stripNonNumeric(text)).toBe(stripped),
  );

  it.each([
    ['0', 0],
    ['-500', 500], // the minus sign is a non-numeric character
    ['', 0],
    ['$30,000', 30000],
  ])('parses %j as %s', (text, value) => expect(parseAmount(text)).toBe(value));

  it('zero or less becomes 0', () => {
    expect(parseAmount(-20)).toBe(0);
    expect(parseAmount(0)).toBe(0);
  });

  const message = 'Cannot be less than $1,000 or more than 250,000';
  it.each([
    [999, message],
    [1000, message],
    [1001, undefined],
    [249999, undefined],
    [250000, message],
    [250001, message],
    [0, message],
  ])('Purchase Price %s -> message %j', (value, expected) =>
    expect(purchasePriceMessage(value, rules.amount)).toBe(expected),
  );

  it('the message names a provider minimum of 5,000, currency formatted', () => {
    const five = calculatorRules(
      finance({ provider: 'loans', providers: { loans: { min_amount: 5000 } } }),
      undefined,
    );
    expect(purchasePriceMessage(5000, five.amount)).toBe(
      'Cannot be less than $5,000 or more than 250,000',
    );
  });

  it.each([
    // value, range, clamped
    [999, rules.amount, 1000],
    [1000, rules.amount, 1000],
    [1001, rules.amount, 1001],
    [250000, rules.amount, 250000],
    [300000, rules.amount, 250000],
    [0.5, rules.term, 1],
    [1, rules.term, 1],
    [1.2, rules.term, 1],
    [1.3, rules.term, 1.5],
    [6.75, rules.term, 7],
    [7, rules.term, 7],
    [8, rules.term, 7],
    [0.2, rules.rate, 0.5],
    [0.5, rules.rate, 0.5],
    [7.3, rules.rate, 7.5],
    [15, rules.rate, 15],
    [15.5, rules.rate, 15],
    [0, rules.tradeIn, 0],
    [1234.3, rules.tradeIn, 1234.5],
    [250000, rules.tradeIn, 250000],
    [260000, rules.tradeIn, 250000],
    [0, rules.residual, 0],
    [999.74, rules.residual, 999.5],
    [300000, rules.residual, 250000],
  ])('%s clamps into %o as %s', (value, range, expected) =>
    expect(clampToRange(value, range)).toBe(expected),
  );

  it('snaps to the step without float dust', () =>
    expect(snapToStep(0.1 + 0.2 + 4.1, { min: 0.5, step: 0.5 })).toBe(4.5));
});

describe('per-provider and per-site rules are configuration', () => {
  it('SPEC defaults', () => {
    expect(rules).toMatchObject({
      amount: { min: 1000, max: 250000 },
      slider: { min: 1000, max: 100000, step: 500 },
      term: { min: 1, max: 7, step: 0.5 },
      rate: { min: 0.5, max: 15, step: 0.5 },
      tradeIn: { min: 0, max: 250000, step: 0.5 },
      residual: { min: 0, max: 250000, step: 0.5 },
      establishmentFee: 0,
      roundingThreshold: 0.5,
    });
  });

  it('a provider with 7.5-14.5% rates, a 5,000 minimum, 1,360.5 fee and its own rounding', () => {
    const settings = finance({
      provider: 'loans',
      providers: {
        loans: {
          min_amount: 5000,
          rate_min: 7.5,
          rate_max: 14.5,
          establishment_fee: 1360.5,
          rounding_threshold: 0.2,
        },
      },
    });
    expect(calculatorRules(settings, undefined)).toMatchObject({
      amount: { min: 5000 },
      rate: { min: 7.5, max: 14.5 },
      establishmentFee: 1360.5,
      roundingThreshold: 0.2,
    });
  });

  it('a site variant with 4-20% rates and a 5 year term maximum', () => {
    const settings = finance({ calculator: { rate_min: 4, rate_max: 20, term_max: 5 } });
    expect(calculatorRules(settings, undefined)).toMatchObject({
      rate: { min: 4, max: 20 },
      term: { max: 5 },
    });
  });

  it.each([
    [100000, 100000],
    [100001, 105500],
    [200000, 210000],
  ])('slider follows a price of %s to %s where configured', (price, max) => {
    expect(
      calculatorRules(finance({ calculator: { slider_follows_price: true } }), {
        price,
        finance_lenders: null,
      }).slider.max,
    ).toBe(max);
  });

  it('establishment fee: the lender’s, else the provider default, else 0', () => {
    expect(establishmentFee({ establishmentFees: 395 }, { establishment_fee: 1300 })).toBe(395);
    expect(establishmentFee({ establishmentFees: 0 }, { establishment_fee: 1300 })).toBe(0);
    expect(establishmentFee({}, { establishment_fee: 1300 })).toBe(1300);
    expect(establishmentFee(undefined, { establishment_fee: 0 })).toBe(0);
  });

  it('the provider is the site’s, else the car’s first lender', () => {
    expect(providerKey({ finance_lenders: { youx: {} } }, { provider: 'stratton' })).toBe(
      'stratton',
    );
    expect(providerKey({ finance_lenders: { youx: {} } }, {})).toBe('youx');
    expect(providerKey({ finance_lenders: null }, {})).toBeUndefined();
  });
});

const lender: LenderFigures = {
  interestRate: 8.99,
  comparisonRate: 9.34,
  paymentWeek: 229.77,
  paymentMonth: 997.93,
  termYears: 5,
  deposit: 5300,
  balloon: 0,
  establishmentFees: 395,
};
const defaults = { rate: 10, termYears: 5, amount: 30000 };

describe('calculator results (SPEC 2, 4, 9)', () => {
  it('starts from the car price and the lender’s term, rate, deposit and balloon, weekly', () => {
    expect(initialInputs({ price: 52990 }, lender, rules, defaults)).toEqual({
      amount: 52990,
      term: 5,
      interest: 8.99,
      tradeIn: 5300,
      residual: 0,
      frequency: 'week',
    });
    expect(initialInputs({ price: null as unknown as number }, undefined, rules, defaults)).toEqual(
      {
        amount: 30000,
        term: 5,
        interest: 10,
        tradeIn: 0,
        residual: 0,
        frequency: 'week',
      },
    );
  });

  it('uses the lender’s payment while the loan is unchanged, for every frequency', () => {
    const r = { ...rules, establishmentFee: 395 };
    const initial = initialInputs({ price: 52990 }, lender, r, defaults);
    expect(calculate(initial, { rules: r, lender, initial })).toMatchObject({
      payment: 229.77,
      repaymentText: '$230',
      suffix: '/wk*',
      fromLender: true,
    });
    expect(
      calculate({ ...initial, frequency: 'fortnight' }, { rules: r, lender, initial }).payment,
    ).toBeCloseTo(459.54, 6);
    expect(
      calculate({ ...initial, frequency: 'month' }, { rules: r, lender, initial }).payment,
    ).toBe(997.93);
    const changed = calculate({ ...initial, term: 4 }, { rules: r, lender, initial });
    expect(changed.fromLender).toBe(false);
    expect(changed.payment).toBeCloseTo(
      periodicPayment({
        principal: 52990 - 5300 + 395,
        annualRate: 8.99,
        periodsPerYear: 52,
        years: 4,
        residual: 0,
      }),
      9,
    );
  });

  it.each([
    [{ paymentWeek: 100 }, 'week', 100],
    [{ paymentWeek: 100 }, 'fortnight', 200],
    [{ paymentWeek: 100 }, 'month', 433],
    [{ paymentMonth: 520 }, 'week', 120],
    [{ paymentMonth: 520 }, 'fortnight', 240],
    [{ paymentMonth: 520 }, 'month', 520],
    [{}, 'week', undefined],
  ] as const)('lender figures %o give %s payment %s', (figures, name, expected) => {
    const value = lenderPayment(figures, name);
    if (expected === undefined) expect(value).toBeUndefined();
    else expect(value).toBeCloseTo(expected, 9);
  });

  it('computes the result sentence pieces and total', () => {
    const result = calculate(base, { rules });
    expect(result).toMatchObject({
      lead: 'Your monthly repayment is calculated to be',
      repaymentText: '$637',
      suffix: '/mo*',
      termText: '5 Years',
      quotable: true,
    });
    expect(result.total).toBeCloseTo(637.4114 * 60, 1);
    expect(result.totalText).toBe('$38,245');
  });

  it('adds the establishment fee to the loan and to the total', () => {
    const r = { ...rules, establishmentFee: 1360.5 };
    const result = calculate(base, { rules: r });
    expect(result.payment).toBeCloseTo(
      periodicPayment({
        principal: 31360.5,
        annualRate: 10,
        periodsPerYear: 12,
        years: 5,
        residual: 0,
      }),
      9,
    );
    expect(result.total).toBeCloseTo(result.payment! * 60 + 1360.5, 9);
  });

  it.each([
    ['week', 'Your weekly repayment is calculated to be'],
    ['fortnight', 'Your fortnightly repayment is calculated to be'],
    ['month', 'Your monthly repayment is calculated to be'],
  ] as const)('%s lead text', (frequency, lead) =>
    expect(calculate({ ...base, frequency }, { rules }).lead).toBe(lead),
  );

  it.each([
    [0.5, '0.5 Year'],
    [1, '1 Year'],
    [1.5, '1.5 Years'],
    [5, '5 Years'],
  ])('term %s reads %j', (years, text) => expect(termText(years)).toBe(text));

  it('a payment of exactly 25 shows Enquire for Finance and a blank total', () => {
    // 1,300 over 1 year at 0% monthly = 25 a month less 0 residual; 0% keeps it exact.
    const result = calculate(
      { amount: 1300, term: 1, interest: 0, tradeIn: 0, residual: 0, frequency: 'week' },
      { rules },
    );
    expect(result.payment).toBe(25);
    expect(result).toMatchObject({
      quotable: false,
      repaymentText: 'Enquire for Finance',
      suffix: '',
      total: undefined,
      totalText: '',
    });
    const above = calculate(
      { amount: 1301, term: 1, interest: 0, tradeIn: 0, residual: 0, frequency: 'week' },
      { rules },
    );
    expect(above).toMatchObject({ quotable: true, repaymentText: '$25', suffix: '/wk*' });
  });

  it('a trade-in covering the price leaves nothing to quote', () => {
    expect(calculate({ ...base, tradeIn: 30000 }, { rules }).repaymentText).toBe(
      'Enquire for Finance',
    );
  });
});

describe('disclaimers (SPEC 4, 9)', () => {
  it.each([
    ['x'.repeat(197), 'x'.repeat(197), false],
    ['x'.repeat(198), `${'x'.repeat(197)}...`, true],
    ['short', 'short', false],
  ])('truncates at 197', (text, shown, truncated) =>
    expect(truncateDisclaimer(text)).toEqual({ text: shown, truncated }),
  );

  it('comparison range from disclaimer percentages, or the provider’s', () => {
    expect(comparisonRateRange('at 8.99% p.a. (comparison rate 9.34% p.a.) or 12% p.a.')).toEqual([
      8.99, 12,
    ]);
    expect(comparisonRateRange('no rates here')).toBeUndefined();
    expect(comparisonRateRange('at 8.99%', [19.42, 8.38])).toEqual([8.38, 19.42]);
  });

  it('comparison basis and example in SPEC 9’s words', () => {
    const text = comparisonBasisText();
    expect(text).toContain('Comparison rate basis: 5-year secured $30,000 loan');
    expect(text).toContain('comparison: 5 year, 10.0% deposit, 30% final payment');
  });

  it('the calculator disclaimer: the lender’s text to truncate, then the basis, range and indicative-only notice', () => {
    expect(calculatorDisclaimer(' Lender text. ', [8.38, 19.42])).toEqual({
      lender: 'Lender text.',
      notes: [
        comparisonBasisText(),
        'Comparison rates from 8.38% to 19.42% p.a.',
        INDICATIVE_DISCLAIMER,
      ],
    });
    expect(calculatorDisclaimer(null, undefined)).toEqual({
      lender: undefined,
      notes: [comparisonBasisText(), INDICATIVE_DISCLAIMER],
    });
    expect(INDICATIVE_DISCLAIMER).toMatch(
      /indicative only.*not a binding quote.*Approved applicants only.*Terms, fees and lending criteria apply/,
    );
  });

  it.each([
    [395, '$395'],
    [6, '$6'],
    [912.25, '$912.25'],
  ])('fee %s reads %s', (amount, text) => expect(formatFee(amount)).toBe(text));
});

describe('empty values for a car that is not eligible (SPEC 8, one variant)', () => {
  const variant = finance({
    provider: 'youx',
    calculator: { empty_when_ineligible: true, ineligible_exempt_provider: 'stratton' },
  });
  const eligible = {
    make: 'Kia',
    price: 30000,
    year: 2024,
    finance_lenders: { youx: { interestRate: 8.99, comparisonRate: 9.34, paymentWeek: 150 } },
  };

  it.each([
    ['an eligible car', variant, eligible, false],
    [
      'no lender figures (not eligible), provider youx',
      variant,
      { ...eligible, finance_lenders: null },
      true,
    ],
    [
      'null comparison rate, provider youx',
      variant,
      { ...eligible, finance_lenders: { youx: { interestRate: 8.99, comparisonRate: null } } },
      true,
    ],
    ['price 500 (not eligible), provider youx', variant, { ...eligible, price: 500 }, true],
    [
      'not eligible but the named provider',
      { ...variant, provider: 'stratton' },
      { ...eligible, finance_lenders: null },
      false,
    ],
    [
      'not eligible, the car’s own lender is the named provider',
      { ...variant, provider: undefined },
      { ...eligible, finance_lenders: { stratton: { interestRate: null } } },
      false,
    ],
    [
      'not eligible on a site without the variant',
      finance({ provider: 'youx' }),
      { ...eligible, finance_lenders: null },
      false,
    ],
    [
      'variant with no named provider: every ineligible car',
      finance({ provider: 'stratton', calculator: { empty_when_ineligible: true } }),
      { ...eligible, finance_lenders: null },
      true,
    ],
  ])('%s -> empty %s', (_name, settings, car, empty) =>
    expect(calculatorReturnsEmpty(car, settings, 2026)).toBe(empty),
  );

  it('returns empty values: no payment, no $0, no total, no sentence', () => {
    const result = calculate(base, { rules, empty: true });
    expect(result).toEqual({
      payment: undefined,
      empty: true,
      quotable: false,
      repaymentText: '',
      suffix: '',
      total: undefined,
      totalText: '',
      lead: '',
      termText: '',
      fromLender: false,
    });
    expect(calculate(base, { rules, empty: false }).empty).toBe(false);
  });
});

describe('one weekly figure for cards, the sidebar and the calculator (SPEC 5, 9)', () => {
  const site = finance({ provider: 'stratton' });
  const withRates = { interestRate: 10, comparisonRate: 10.5 };
  const car = (figures: LenderFigures, price = 30000) => ({
    make: 'Toyota',
    price,
    year: 2024,
    finance_lenders: { stratton: figures },
  });
  /** What the calculator panel shows at its default inputs. */
  const panelShows = (subject: Pick<Car, 'price' | 'finance_lenders'>, settings = site) => {
    const { lender: figures, rules: r, initial } = calculatorStart(subject, settings);
    return calculate(initial, { rules: r, lender: figures, initial }).repaymentText;
  };

  it.each([
    // lender figures, price, weekly: SPEC 9 defaults are a 5 year term, the site rate (10%) and no deposit
    ['the lender’s weekly quote', { ...withRates, paymentWeek: 229.77 }, 52990, 230],
    ['the lender’s monthly quote x 12 / 52', { ...withRates, paymentMonth: 650 }, 30000, 150],
    ['no quote: $30,000 at 10% over 5 years, weekly', withRates, 30000, 147],
    [
      'no quote, the lender’s deposit and 4 year term ($157.62 by hand)',
      { ...withRates, deposit: 3000, termYears: 4 },
      30000,
      158,
    ],
    [
      'no quote, the lender’s fee is borrowed too',
      { ...withRates, establishmentFees: 395 },
      30000,
      149,
    ],
  ] as const)('%s', (_name, figures, price, weekly) => {
    const subject = car(figures, price);
    expect(weeklyEstimate(subject, site, 2026)?.weekly).toBe(weekly);
    expect(panelShows(subject)).toBe(formatPrice(weekly));
  });

  it('the search card reads the same figure from its document', () => {
    const subject = {
      ...car({ ...withRates, deposit: 3000, termYears: 4 }),
      id: 7,
      slug: 'x',
      name: 'X',
      model: 'Y',
      car_type: 'used',
      status: 'in_stock',
      images: [],
    } as unknown as Car;
    const doc = toSearchDocument(subject, {
      finance: site,
      dealershipNames: new Map(),
      locationSlug: () => '',
    });
    expect(doc).toMatchObject({
      weekly: 158,
      rate: 10,
      comparison_rate: 10.5,
      weekly_price_range: '$150 - $199 per week',
    });
    expect(panelShows(subject)).toBe('$158');
  });

  it('the SPEC 9 example by hand: $30,000 at 10% over 5 years is $146.73 a week', () => {
    const { rules: r, initial } = calculatorStart(
      { price: 30000, finance_lenders: { stratton: withRates } },
      site,
    );
    expect(initial).toMatchObject({
      amount: 30000,
      term: 5,
      interest: 10,
      tradeIn: 0,
      frequency: 'week',
    });
    expect(calculate(initial, { rules: r, initial }).payment).toBeCloseTo(146.73, 2);
  });

  it('the site defaults fill what the lender leaves out', () => {
    const defaults = finance({ provider: 'stratton', default_rate: 12, default_term_years: 3 });
    const subject = {
      make: 'Toyota',
      price: 20000,
      year: 2024,
      finance_lenders: { stratton: { interestRate: null, comparisonRate: 12.5 } },
    };
    // No interest rate: finance does not display (SPEC 5), so no estimate anywhere.
    expect(weeklyEstimate(subject, defaults, 2026)).toBeUndefined();
    const { initial } = calculatorStart(subject, defaults);
    expect(initial).toMatchObject({ amount: 20000, term: 3, interest: 12 });
  });

  it('no estimate where finance does not show or the payment is 25 or less', () => {
    expect(weeklyEstimate(car(withRates, 500), site, 2026)).toBeUndefined();
    expect(
      weeklyEstimate({ ...car(withRates), finance_lenders: null }, site, 2026),
    ).toBeUndefined();
    expect(weeklyEstimate(car({ ...withRates, deposit: 29000 }), site, 2026)).toBeUndefined();
  });

  it('rounds as the provider rounds the calculator’s repayment', () => {
    const up = finance({
      provider: 'stratton',
      providers: { stratton: { rounding_threshold: 0.2 } },
    });
    expect(weeklyEstimate(car({ ...withRates, paymentWeek: 229.25 }), up, 2026)?.weekly).toBe(230);
    expect(weeklyEstimate(car({ ...withRates, paymentWeek: 229.25 }), site, 2026)?.weekly).toBe(
      229,
    );
  });
});
