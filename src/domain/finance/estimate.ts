import type { Car, LenderFigures } from '../../feeds/schemas';
import type { FinanceProvider } from '../../tenant/schema/finance';

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

type FinanceCar = Pick<Car, 'finance_lenders' | 'price' | 'make'> & Partial<Pick<Car, 'year' | 'dealership_slug'>>;

/** The finance_lenders key a site uses for a car: the configured one, else the car's first lender. */
function lenderKey(car: Pick<Car, 'finance_lenders'>, provider?: string): string | undefined {
  return provider ?? Object.keys(car.finance_lenders ?? {})[0];
}

/** The lender figures a site uses for a car. */
export function lenderFor(car: Pick<Car, 'finance_lenders'>, provider?: string): LenderFigures | undefined {
  const lenders = car.finance_lenders;
  if (!lenders) return undefined;
  const key = lenderKey(car, provider);
  return key ? lenders[key] : undefined;
}

/** Finance hidden for the site, the car's make (one manufacturer) or its dealership (some dealers). */
export function financeHidden(car: Pick<Car, 'make'> & Partial<Pick<Car, 'dealership_slug'>>, settings: FinanceSettings): boolean {
  if (!settings.enabled) return true;
  if (settings.hidden_makes.some((make) => make.toLowerCase() === car.make.toLowerCase())) return true;
  const dealership = car.dealership_slug?.toLowerCase();
  return Boolean(dealership && settings.hidden_dealerships?.some((slug) => slug.toLowerCase() === dealership));
}

/**
 * SPEC 5: finance shows when lender data exists, its interest and comparison rates are not null,
 * the price is above 500, the provider's own rules hold (one provider also needs the car's year
 * within the last 12 years and a comparison rate) and finance is not hidden for the site, the
 * car's make or its dealership.
 */
export function showsFinance(car: FinanceCar, settings: FinanceSettings, currentYear = new Date().getUTCFullYear()): boolean {
  if (financeHidden(car, settings)) return false;
  const lender = lenderFor(car, settings.provider);
  if (!lender || lender.interestRate == null || lender.comparisonRate == null) return false;
  const key = lenderKey(car, settings.provider);
  const rules = key ? settings.providers?.[key] : undefined;
  if (rules?.max_age_years !== undefined && (typeof car.year !== 'number' || car.year < currentYear - rules.max_age_years)) return false;
  if (rules?.requires_comparison_rate && !(typeof lender.comparisonRate === 'number' && lender.comparisonRate > 0)) return false;
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

export interface WeeklyEstimate {
  weekly: number;
  interestRate: number;
  comparisonRate: number;
}

/** The weekly repayment shown on cards and the sticky header, from the lender's figures. */
export function weeklyEstimate(car: FinanceCar, settings: FinanceSettings, currentYear?: number): WeeklyEstimate | undefined {
  if (!showsFinance(car, settings, currentYear)) return undefined;
  const lender = lenderFor(car, settings.provider)!;
  if (typeof lender.paymentWeek !== 'number' || lender.paymentWeek <= 0) return undefined;
  return { weekly: lender.paymentWeek, interestRate: lender.interestRate!, comparisonRate: lender.comparisonRate! };
}
