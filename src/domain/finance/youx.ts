/**
 * The youX quote (SPEC 7 POST /api/youx/quote), computed locally from the calculator's maths:
 * a weekly repayment, advertised rate and comparison rate for a purchase price, term and year.
 */
import { periodicPayment } from './repayment';

export const CREDIT_SCORES = ['GREAT', 'GOOD', 'FAIR', 'POOR'] as const;
export type CreditScore = (typeof CREDIT_SCORES)[number];

export interface YouxQuoteRequest {
  selfAssessedCreditScore: CreditScore;
  purchasePrice: number;
  loanTerm: number;
  year: number;
  vin?: string | undefined;
  nvic?: string | undefined;
  whoIsHelping?: string | undefined;
}

/** SPEC 3 youxQuote fields. */
export interface YouxQuote {
  weeklyRepaymentAmount: number;
  advertisedRate: number;
  comparisonRate: number;
  loanTerm: number;
  purchasePrice: number;
  establishmentFee: number;
}

/** Base advertised rate (% p.a.) by self-assessed credit score; older cars cost a little more. */
const BASE_RATE: Record<CreditScore, number> = {
  GREAT: 6.99,
  GOOD: 8.99,
  FAIR: 11.99,
  POOR: 15.99,
};
/** Added per band of vehicle age: 0-3 years none, 4-7 years +1%, older +2%. */
function ageLoading(age: number): number {
  if (age <= 3) return 0;
  return age <= 7 ? 1 : 2;
}
export const YOUX_ESTABLISHMENT_FEE = 450;

/** SPEC 7 request defaults: a 'GREAT' self-assessed score over 5 years. */
export const YOUX_DEFAULTS = { selfAssessedCreditScore: 'GREAT' as CreditScore, loanTerm: 5 };

/** The annual rate (%) at which `payment` a week repays `amount` over `years`: the cost including fees. */
function impliedRate(amount: number, payment: number, years: number): number {
  let low = 0;
  let high = 100;
  for (let i = 0; i < 80; i++) {
    const mid = (low + high) / 2;
    const value = periodicPayment({
      principal: amount,
      annualRate: mid,
      periodsPerYear: 52,
      years,
      residual: 0,
    });
    if (value > payment) high = mid;
    else low = mid;
  }
  return (low + high) / 2;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function youxQuote(request: YouxQuoteRequest, currentYear: number): YouxQuote {
  const advertisedRate = round2(
    BASE_RATE[request.selfAssessedCreditScore] +
      ageLoading(Math.max(0, currentYear - request.year)),
  );
  const principal = request.purchasePrice + YOUX_ESTABLISHMENT_FEE;
  const weekly = periodicPayment({
    principal,
    annualRate: advertisedRate,
    periodsPerYear: 52,
    years: request.loanTerm,
    residual: 0,
  });
  return {
    weeklyRepaymentAmount: round2(weekly),
    advertisedRate,
    comparisonRate: round2(impliedRate(request.purchasePrice, weekly, request.loanTerm)),
    loanTerm: request.loanTerm,
    purchasePrice: request.purchasePrice,
    establishmentFee: YOUX_ESTABLISHMENT_FEE,
  };
}

/** SPEC 7: ask only when the feature is on, the car has no quote yet and its price is above 0. */
export function shouldRequestYouxQuote(
  car: { price?: number | null | undefined; youxQuote?: unknown },
  featureOn: boolean,
): boolean {
  return featureOn && !car.youxQuote && typeof car.price === 'number' && car.price > 0;
}
