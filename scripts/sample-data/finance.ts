/**
 * Finance figures a lender quotes for a car, computed by standard amortisation so every figure
 * agrees with the others, plus the market-price comparison (autograb / autogauge).
 */
import type { z } from 'zod';
import type { CarInput, LenderFiguresSchema } from '../../src/feeds/schemas';
import type { Rng } from './random';
import { dollars, round2 } from './text';

export type LenderFiguresInput = z.input<typeof LenderFiguresSchema>;

const PROVIDERS: Record<string, { name: string; fee: number }> = {
  stratton: { name: 'Stratton Finance', fee: 395 },
  youx: { name: 'YouX', fee: 450 },
};

/** Periodic repayment of `principal` over `periods` at `rate` per period with a final `balloon`. */
export function repayment(
  principal: number,
  rate: number,
  periods: number,
  balloon: number,
): number {
  if (rate === 0) return (principal - balloon) / periods;
  const growth = (1 + rate) ** periods;
  return ((principal - balloon / growth) * rate) / (1 - 1 / growth);
}

/** The annual rate (%) at which `payment` a month and `balloon` repay `amount`: the true cost including fees. */
function impliedAnnualRate(
  amount: number,
  payment: number,
  months: number,
  balloon: number,
): number {
  let low = 0;
  let high = 0.05;
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    const value = repayment(amount, mid, months, balloon);
    if (value > payment) high = mid;
    else low = mid;
  }
  return ((low + high) / 2) * 1200;
}

/** A five-year secured loan quote for `price` from `provider`. */
export function lenderFigures(
  rng: Rng,
  provider: string,
  price: number,
  age: number,
): LenderFiguresInput {
  const lender = PROVIDERS[provider] ?? { name: provider, fee: 395 };
  const termMonths = 60;
  const base =
    age <= 1 ? rng.float(6.49, 8.99) : age <= 6 ? rng.float(8.49, 11.49) : rng.float(10.99, 14.49);
  const interestRate = Math.floor(base) + 0.49 + (rng.chance(0.5) ? 0.5 : 0);
  const deposit = rng.chance(0.4) ? Math.round((price * 0.1) / 100) * 100 : 0;
  const balloon =
    age <= 3 && rng.chance(0.5) ? Math.round((price * rng.pick([0.2, 0.25, 0.3])) / 100) * 100 : 0;
  const financed = price - deposit + lender.fee;
  const paymentMonth = round2(repayment(financed, interestRate / 1200, termMonths, balloon));
  const paymentWeek = round2(repayment(financed, interestRate / 5200, 260, balloon));
  const comparisonRate = round2(
    impliedAnnualRate(price - deposit, paymentMonth, termMonths, balloon),
  );
  const totalPayable = round2(paymentMonth * termMonths + balloon);
  const disclaimer =
    `Estimated repayments are based on a 5 year secured consumer loan of ${dollars(financed)} (including a ${dollars(lender.fee)} establishment fee)` +
    `${deposit ? ` after a ${dollars(deposit)} deposit` : ''}${balloon ? ` with a ${dollars(balloon)} final balloon payment` : ''} at ${interestRate.toFixed(2)}% p.a.` +
    ` (comparison rate ${comparisonRate.toFixed(2)}% p.a.). WARNING: This comparison rate is true only for the example given and may not include all fees and charges.` +
    ` Different terms, fees or other loan amounts might result in a different comparison rate. Indicative only and not a binding quote; approved applicants only.` +
    ` Terms, fees and lending criteria apply. Finance provided by ${lender.name}.`;
  return {
    interestRate,
    comparisonRate,
    paymentWeek,
    paymentMonth,
    totalPayable,
    termYears: 5,
    termMonths,
    termWeeks: 260,
    deposit,
    balloon,
    establishmentFees: lender.fee,
    disclaimer,
    financeProvider: lender.name,
  };
}

/**
 * Market comparison of a used car's price. A few cars get a low-confidence estimate or a price
 * above the market range, which the site must hide or flag.
 */
export function marketData(rng: Rng, price: number): Pick<CarInput, 'autograb_data' | 'autogauge'> {
  const average = Math.round((price * (rng.chance(0.06) ? 0.84 : rng.float(0.93, 1.1))) / 10) * 10;
  const min = Math.round((average * 0.9) / 10) * 10;
  const max = Math.round((average * 1.1) / 10) * 10;
  const fill = Math.min(1, Math.max(0, (price - min) / (max - min)));
  const confidence = rng.chance(0.06)
    ? round2(rng.float(0.08, 0.19))
    : round2(rng.float(0.45, 0.96));
  const description =
    price < average - 499
      ? `Priced ${dollars(average - price)} below the average of similar cars for sale.`
      : price > max
        ? 'Priced above similar cars currently for sale.'
        : 'Priced in line with similar cars currently for sale.';
  return {
    autograb_data: {
      state_average_market_price: Math.round((average * rng.float(0.97, 1.03)) / 10) * 10,
      average_market_price: average,
    },
    autogauge: {
      fill: round2(fill),
      listing_price: price,
      market_range_min: min,
      market_range_max: max,
      confidence,
      description,
    },
  };
}
