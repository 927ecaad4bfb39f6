import type { Car, LenderFigures } from '../../feeds/schemas';
import type { Finance, FinanceCalculator, FinanceProvider } from '../../tenant/schema/finance';
import { calculate, initialInputs, type CalculatorInputs } from './calculator';
import { roundRepayment } from './repayment';
import { calculatorRules, type CalculatorRules } from './rules';

export interface FinanceSettings {
  enabled: boolean;
  /** The finance_lenders key this site uses; the first lender of the car when absent. */
  provider?: string | undefined;
  hidden_makes: string[];
  /** Dealership slugs whose cars never show finance. */
  hidden_dealerships?: string[] | undefined;
  /** Per-lender rules (max age, comparison rate required), keyed like finance_lenders. */
  providers?: Record<string, Partial<FinanceProvider>> | undefined;
}

type FinanceCar = Pick<Car, 'finance_lenders' | 'price' | 'make'> &
  Partial<Pick<Car, 'year' | 'dealership_slug'>>;

/** The finance_lenders key a site uses for a car: the configured one, else the car's first lender. */
function lenderKey(car: Pick<Car, 'finance_lenders'>, provider?: string): string | undefined {
  return provider ?? Object.keys(car.finance_lenders ?? {})[0];
}

/** The lender figures a site uses for a car. */
export function lenderFor(
  car: Pick<Car, 'finance_lenders'>,
  provider?: string,
): LenderFigures | undefined {
  const lenders = car.finance_lenders;
  if (!lenders) return undefined;
  const key = lenderKey(car, provider);
  return key ? lenders[key] : undefined;
}

/** Finance hidden for the site, the car's make (one manufacturer) or its dealership (some dealers). */
export function financeHidden(
  car: Pick<Car, 'make'> & Partial<Pick<Car, 'dealership_slug'>>,
  settings: FinanceSettings,
): boolean {
  if (!settings.enabled) return true;
  if (settings.hidden_makes.some((make) => make.toLowerCase() === car.make.toLowerCase()))
    return true;
  const dealership = car.dealership_slug?.toLowerCase();
  return Boolean(
    dealership && settings.hidden_dealerships?.some((slug) => slug.toLowerCase() === dealership),
  );
}

/**
 * SPEC 5: finance shows when lender data exists, its interest and comparison rates are not null,
 * the price is above 500, the provider's own rules hold (one provider also needs the car's year
 * within the last 12 years and a comparison rate) and finance is not hidden for the site, the
 * car's make or its dealership.
 */
export function showsFinance(
  car: FinanceCar,
  settings: FinanceSettings,
  currentYear = new Date().getUTCFullYear(),
): boolean {
  if (financeHidden(car, settings)) return false;
  const lender = lenderFor(car, settings.provider);
  if (!lender || lender.interestRate == null || lender.comparisonRate == null) return false;
  const key = lenderKey(car, settings.provider);
  const rules = key ? settings.providers?.[key] : undefined;
  if (
    rules?.max_age_years !== undefined &&
    (typeof car.year !== 'number' || car.year < currentYear - rules.max_age_years)
  )
    return false;
  if (
    rules?.requires_comparison_rate &&
    !(typeof lender.comparisonRate === 'number' && lender.comparisonRate > 0)
  )
    return false;
  return typeof car.price === 'number' && car.price > 500;
}

/**
 * SPEC 5: the detail page's Finance Calculator shows only when a finance provider exists (the
 * site's, or a lender on the car), the finance amount (price less the lender's deposit) is over 0
 * and the car is priced; never where finance is hidden.
 */
export function showsCalculator(car: FinanceCar, settings: FinanceSettings): boolean {
  if (financeHidden(car, settings)) return false;
  if (!lenderKey(car, settings.provider)) return false;
  if (typeof car.price !== 'number' || car.price <= 0) return false;
  const deposit = lenderFor(car, settings.provider)?.deposit;
  return car.price - (typeof deposit === 'number' ? deposit : 0) > 0;
}

/** The finance settings the calculator's start and the weekly estimate read (the tenant's `finance`). */
export type CalculatorSettings = Pick<
  Finance,
  'provider' | 'providers' | 'calculator' | 'default_rate' | 'default_term_years'
>;

export interface CalculatorStart {
  lender: LenderFigures | undefined;
  rules: CalculatorRules;
  /** The inputs the calculator opens with (SPEC 9 defaults: car price, lender or site term, rate, deposit). */
  initial: CalculatorInputs;
}

/** Where a car's Finance Calculator starts: its lender figures, limits and default inputs. */
export function calculatorStart(
  car: Pick<Car, 'price' | 'finance_lenders'>,
  finance: CalculatorSettings,
): CalculatorStart {
  const lender = lenderFor(car, finance.provider);
  const rules = calculatorRules(finance, car, lender);
  const initial = initialInputs(car, lender, rules, {
    rate: finance.default_rate,
    termYears: finance.default_term_years,
    amount: finance.calculator.default_amount,
  });
  return { lender, rules, initial };
}

/**
 * SPEC 8, one variant: when the car is not eligible for finance (the SPEC 5 display rules fail) and
 * the provider is not the named one, the calculator returns empty values instead of a repayment.
 */
export function calculatorReturnsEmpty(
  car: FinanceCar,
  finance: FinanceSettings & {
    calculator: Pick<FinanceCalculator, 'empty_when_ineligible' | 'ineligible_exempt_provider'>;
  },
  currentYear?: number,
): boolean {
  const { empty_when_ineligible: variant, ineligible_exempt_provider: exempt } = finance.calculator;
  if (!variant || showsFinance(car, finance, currentYear)) return false;
  return exempt === undefined || lenderKey(car, finance.provider) !== exempt;
}

export interface WeeklyEstimate {
  /** Whole dollars, rounded as the calculator rounds its repayment. */
  weekly: number;
  interestRate: number;
  comparisonRate: number;
}

/**
 * The weekly repayment on result cards, the vehicle sidebar and the sticky header: exactly what
 * the Finance Calculator shows at its default inputs, i.e. the lender's own weekly (or monthly)
 * quote, else the calculator's maths on the car's price with the lender's or the site's term,
 * rate and deposit. Only where SPEC 5 lets finance show.
 */
export function weeklyEstimate(
  car: FinanceCar,
  finance: FinanceSettings & CalculatorSettings,
  currentYear?: number,
): WeeklyEstimate | undefined {
  if (!showsFinance(car, finance, currentYear)) return undefined;
  const { lender, rules, initial } = calculatorStart(car, finance);
  const result = calculate({ ...initial, frequency: 'week' }, { rules, lender, initial });
  if (!result.quotable || result.payment === undefined) return undefined;
  return {
    weekly: roundRepayment(result.payment, rules.roundingThreshold),
    interestRate: lender!.interestRate!,
    comparisonRate: lender!.comparisonRate!,
  };
}
