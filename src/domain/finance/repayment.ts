/**
 * The repayment maths of the Finance Calculator (SPEC 9): standard amortisation with the residual
 * as a balloon, the same figure a spreadsheet's PMT gives with the residual as future value.
 */

export type FrequencyName = 'week' | 'fortnight' | 'month';

export interface Frequency {
  name: FrequencyName;
  /** Repayments a year: Weekly 52, Fortnightly 26, Monthly 12. */
  periods: number;
  /** Select option text. */
  label: string;
  /** Word in "Your weekly repayment is calculated to be". */
  adjective: string;
  /** Short suffix after the amount ("/wk*"). */
  suffix: string;
}

export const FREQUENCIES: readonly Frequency[] = [
  { name: 'week', periods: 52, label: 'Weekly', adjective: 'weekly', suffix: 'wk' },
  { name: 'fortnight', periods: 26, label: 'Fortnightly', adjective: 'fortnightly', suffix: 'fn' },
  { name: 'month', periods: 12, label: 'Monthly', adjective: 'monthly', suffix: 'mo' },
];

/** SPEC 9 suffixes: wk, fn, mo, yr. */
export const SUFFIXES = { week: 'wk', fortnight: 'fn', month: 'mo', year: 'yr' } as const;

export const DEFAULT_FREQUENCY: FrequencyName = 'week';

export function frequency(name: FrequencyName): Frequency {
  return FREQUENCIES.find((item) => item.name === name) ?? FREQUENCIES[0]!;
}

/** "/wk*": the suffix after a repayment (the asterisk points at the disclaimer). */
export function repaymentSuffix(name: keyof typeof SUFFIXES): string {
  return `/${SUFFIXES[name]}*`;
}

export interface LoanTerms {
  /** Amount borrowed (purchase price minus trade-in plus fees). */
  principal: number;
  /** Interest rate in % a year. */
  annualRate: number;
  periodsPerYear: number;
  years: number;
  /** Balloon owed after the last repayment. */
  residual: number;
}

/**
 * Repayment per period: periodic rate = rate/100/periods over years x periods repayments, with
 * the residual discounted to today. Equals -PMT(rate, nper, principal, -residual).
 */
export function periodicPayment({
  principal,
  annualRate,
  periodsPerYear,
  years,
  residual,
}: LoanTerms): number {
  const count = years * periodsPerYear;
  if (count <= 0) return 0;
  const rate = annualRate / 100 / periodsPerYear;
  if (rate === 0) return (principal - residual) / count;
  const growth = (1 + rate) ** count;
  return ((principal * growth - residual) * rate) / (growth - 1);
}

/** SPEC 9: total = periods x term x payment + establishment fee. */
export function totalRepayments(
  payment: number,
  periodsPerYear: number,
  years: number,
  establishmentFee: number,
): number {
  return periodsPerYear * years * payment + establishmentFee;
}

/**
 * Whole dollars for display: up when the cents reach `threshold` of a dollar, else down. 0.5 is
 * normal rounding; a provider may round by another comparison value.
 */
export function roundRepayment(payment: number, threshold = 0.5): number {
  const whole = Math.floor(payment);
  // Tolerate float noise: 12.4999999999 with threshold 0.5 is treated as 12.5 - 1e-10, still down.
  return payment - whole >= threshold - 1e-9 ? whole + 1 : whole;
}

/** SPEC 8: a repayment of 25 or less is not quoted: "Enquire for Finance". */
export const MIN_QUOTED_PAYMENT = 25;
export const ENQUIRE_FOR_FINANCE = 'Enquire for Finance';

export function isQuotable(payment: number): boolean {
  return Number.isFinite(payment) && payment > MIN_QUOTED_PAYMENT;
}
