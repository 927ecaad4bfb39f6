/**
 * The limits and defaults of one site's calculator for one car, resolved from SPEC defaults,
 * the lender's settings and the site's settings (in that order), so islands get plain numbers.
 */
import type { Car, LenderFigures } from '../../feeds/schemas';
import type { Finance, FinanceProvider } from '../../tenant/schema/finance';
import type { NumberRange } from './inputs';

export interface CalculatorRules {
  /** Purchase Price field: min 1,000 (or the provider's), max 250,000, step 1. */
  amount: NumberRange;
  /** The loan amount slider: min as above, max 100,000 (or 105% of a price over 100,000), step 500. */
  slider: NumberRange;
  term: NumberRange;
  rate: NumberRange;
  tradeIn: NumberRange;
  residual: NumberRange;
  establishmentFee: number;
  roundingThreshold: number;
  /** Comparison rates quoted "from A% to B%", when the provider fixes them. */
  comparisonRateRange?: [number, number] | undefined;
}

/** SPEC 5 / 9 limits that are the same everywhere. */
export const LIMITS = {
  maxAmount: 250_000,
  term: { min: 1, max: 7, step: 0.5 },
  rateStep: 0.5,
  tradeIn: { min: 0, max: 250_000, step: 0.5 },
  residual: { min: 0, max: 250_000, step: 0.5 },
  /** The slider follows the price above this (on sites configured so), at 105% of it. */
  sliderFollowsAbove: 100_000,
  sliderFollowFactor: 1.05,
} as const;

/** SPEC defaults for a provider the tenant does not list. */
export const DEFAULT_PROVIDER: FinanceProvider = {
  min_amount: 1000,
  rate_min: 0.5,
  rate_max: 15,
  establishment_fee: 0,
  rounding_threshold: 0.5,
  requires_comparison_rate: false,
};

/** The finance_lenders key the site uses for a car: the configured provider, else the car's first lender. */
export function providerKey(
  car: Pick<Car, 'finance_lenders'> | undefined,
  finance: Pick<Finance, 'provider'>,
): string | undefined {
  if (finance.provider) return finance.provider;
  const keys = Object.keys(car?.finance_lenders ?? {});
  return keys[0];
}

export function providerSettings(
  finance: Pick<Finance, 'providers'>,
  key: string | undefined,
): FinanceProvider {
  return { ...DEFAULT_PROVIDER, ...(key ? finance.providers[key] : undefined) };
}

/** SPEC 9 establishment fee: the lender's, else the provider's configured default, else 0. */
export function establishmentFee(
  lender: Pick<LenderFigures, 'establishmentFees'> | undefined,
  provider: Pick<FinanceProvider, 'establishment_fee'>,
): number {
  const fee = lender?.establishmentFees;
  if (typeof fee === 'number' && Number.isFinite(fee) && fee >= 0) return fee;
  return provider.establishment_fee ?? 0;
}

export function calculatorRules(
  finance: Pick<Finance, 'calculator' | 'providers' | 'provider'>,
  car: Pick<Car, 'finance_lenders' | 'price'> | undefined,
  lender?: LenderFigures,
): CalculatorRules {
  const site = finance.calculator;
  const provider = providerSettings(finance, providerKey(car, finance));
  const minAmount = site.min_amount ?? provider.min_amount;
  const price = typeof car?.price === 'number' ? car.price : 0;
  const sliderMax =
    site.slider_follows_price && price > LIMITS.sliderFollowsAbove
      ? Math.ceil((price * LIMITS.sliderFollowFactor) / site.slider_step) * site.slider_step
      : site.slider_max;
  return {
    amount: { min: minAmount, max: site.max_amount, step: 1 },
    slider: {
      min: minAmount,
      max: Math.max(sliderMax, minAmount + site.slider_step),
      step: site.slider_step,
    },
    term: { ...LIMITS.term, max: site.term_max },
    rate: {
      min: site.rate_min ?? provider.rate_min,
      max: site.rate_max ?? provider.rate_max,
      step: LIMITS.rateStep,
    },
    tradeIn: { ...LIMITS.tradeIn },
    residual: { ...LIMITS.residual },
    establishmentFee: establishmentFee(lender, provider),
    roundingThreshold: provider.rounding_threshold,
    comparisonRateRange: provider.comparison_rate_range,
  };
}
