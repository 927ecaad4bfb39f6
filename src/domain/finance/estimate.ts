import type { Car, LenderFigures } from '../../feeds/schemas';

export interface FinanceSettings {
  enabled: boolean;
  /** The finance_lenders key this site uses; the first lender of the car when absent. */
  provider?: string | undefined;
  hidden_makes: string[];
}

/** The lender figures a site uses for a car. */
export function lenderFor(car: Pick<Car, 'finance_lenders'>, provider?: string): LenderFigures | undefined {
  const lenders = car.finance_lenders;
  if (!lenders) return undefined;
  return provider ? lenders[provider] : Object.values(lenders)[0];
}

/**
 * SPEC 5: finance shows when lender data exists, its interest and comparison rates are not null,
 * the price is above 500, and finance is not hidden for the site or the car's make.
 */
export function showsFinance(car: Pick<Car, 'finance_lenders' | 'price' | 'make'>, settings: FinanceSettings): boolean {
  if (!settings.enabled) return false;
  if (settings.hidden_makes.some((make) => make.toLowerCase() === car.make.toLowerCase())) return false;
  const lender = lenderFor(car, settings.provider);
  if (!lender || lender.interestRate == null || lender.comparisonRate == null) return false;
  return typeof car.price === 'number' && car.price > 500;
}

export interface WeeklyEstimate {
  weekly: number;
  interestRate: number;
  comparisonRate: number;
}

/** The weekly repayment shown on cards and the sticky header, from the lender's figures. */
export function weeklyEstimate(car: Pick<Car, 'finance_lenders' | 'price' | 'make'>, settings: FinanceSettings): WeeklyEstimate | undefined {
  if (!showsFinance(car, settings)) return undefined;
  const lender = lenderFor(car, settings.provider)!;
  if (typeof lender.paymentWeek !== 'number' || lender.paymentWeek <= 0) return undefined;
  return { weekly: lender.paymentWeek, interestRate: lender.interestRate!, comparisonRate: lender.comparisonRate! };
}
