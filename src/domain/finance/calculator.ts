/**
 * The Finance Calculator as one pure function of its inputs (SPEC 2, 4, 9): where it starts for a
 * car, and the result sentence it shows for any inputs.
 */
import type { Car, LenderFigures } from '../../feeds/schemas';
import { formatPrice } from '../format';
import { clampToRange } from './inputs';
import {
  ENQUIRE_FOR_FINANCE,
  frequency,
  isQuotable,
  periodicPayment,
  repaymentSuffix,
  roundRepayment,
  totalRepayments,
  type FrequencyName,
} from './repayment';
import type { CalculatorRules } from './rules';

/** SPEC 3 calculator inputs (amount, term, interest, tradeIn, residual) and the frequency. */
export interface CalculatorInputs {
  amount: number;
  term: number;
  interest: number;
  tradeIn: number;
  residual: number;
  frequency: FrequencyName;
}

export interface CalculatorDefaults {
  /** Site default rate (%) when the lender gives none (SPEC: 10 in one place). */
  rate: number;
  /** Site default term in years when the lender gives none (SPEC: 5). */
  termYears: number;
  /** Purchase price when the car has none (SPEC: 30,000). */
  amount: number;
}

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * Where the calculator starts: the car's price (else the default amount), the lender's term, rate,
 * deposit and balloon (else the site defaults), weekly. Each value is put in range.
 */
export function initialInputs(
  car: Pick<Car, 'price'> | undefined,
  lender: LenderFigures | undefined,
  rules: CalculatorRules,
  defaults: CalculatorDefaults,
): CalculatorInputs {
  const price = num(car?.price);
  const lenderTerm =
    num(lender?.termYears) ??
    (num(lender?.termMonths) !== undefined ? num(lender?.termMonths)! / 12 : undefined);
  return {
    amount: clampToRange(price !== undefined && price > 0 ? price : defaults.amount, rules.amount),
    term: clampToRange(lenderTerm ?? defaults.termYears, rules.term),
    interest: clampToRange(num(lender?.interestRate) ?? defaults.rate, {
      ...rules.rate,
      step: 0.01,
    }),
    tradeIn: clampToRange(num(lender?.deposit) ?? 0, rules.tradeIn),
    residual: clampToRange(num(lender?.balloon) ?? 0, rules.residual),
    frequency: 'week',
  };
}

/** True when only the frequency differs: the lender's own quote still applies. */
export function sameLoan(a: CalculatorInputs, b: CalculatorInputs): boolean {
  return (
    a.amount === b.amount &&
    a.term === b.term &&
    a.interest === b.interest &&
    a.tradeIn === b.tradeIn &&
    a.residual === b.residual
  );
}

/**
 * The lender's own repayment for a frequency (SPEC 9): weekly as quoted; fortnightly twice the
 * weekly, or monthly x 12 / 26; monthly as quoted, or the weekly x 4.33 estimate.
 */
export function lenderPayment(
  lender: Pick<LenderFigures, 'paymentWeek' | 'paymentMonth'> | undefined,
  name: FrequencyName,
): number | undefined {
  const week = num(lender?.paymentWeek);
  const month = num(lender?.paymentMonth);
  const positive = (value: number | undefined) =>
    value !== undefined && value > 0 ? value : undefined;
  const w = positive(week);
  const m = positive(month);
  if (name === 'week') return w ?? (m !== undefined ? (m * 12) / 52 : undefined);
  if (name === 'fortnight')
    return w !== undefined ? w * 2 : m !== undefined ? (m * 12) / 26 : undefined;
  return m ?? (w !== undefined ? w * 4.33 : undefined);
}

export interface CalculatorResult {
  /** Repayment per period, to the cent (unrounded); undefined for empty values. */
  payment: number | undefined;
  /** SPEC 8 variant: a car not eligible for finance gets empty values (every text ""). */
  empty: boolean;
  /** False when the payment is 25 or less: show "Enquire for Finance" and no total. */
  quotable: boolean;
  /** "$230" (whole dollars by the provider's rounding) or "Enquire for Finance". */
  repaymentText: string;
  /** "/wk*" after a quoted repayment; empty otherwise. */
  suffix: string;
  /** Total repayments, undefined when not quotable. */
  total: number | undefined;
  /** "$59,876", or "" when not quotable (SPEC 4: blank). */
  totalText: string;
  /** "Your weekly repayment is calculated to be". */
  lead: string;
  /** "5 Years" / "1 Year". */
  termText: string;
  /** True when the lender's own quote is shown (inputs unchanged). */
  fromLender: boolean;
}

/** SPEC 2: 'Year' if the term is 1 or less, else 'Years'. */
export function termText(years: number): string {
  return `${years} ${years <= 1 ? 'Year' : 'Years'}`;
}

/** SPEC 2 result sentence lead-in for a frequency. */
export function resultLead(name: FrequencyName): string {
  return `Your ${frequency(name).adjective} repayment is calculated to be`;
}

export interface CalculateOptions {
  rules: Pick<CalculatorRules, 'establishmentFee' | 'roundingThreshold'>;
  lender?: LenderFigures | undefined;
  /** The inputs the calculator started at; the lender's quote applies while the loan is unchanged. */
  initial?: CalculatorInputs | undefined;
  /** SPEC 8 variant: return empty values (see calculatorReturnsEmpty in ./estimate). */
  empty?: boolean | undefined;
}

/** What the panel says in place of figures when the calculator returns empty values. */
export const NO_ESTIMATE =
  'Repayments cannot be estimated online for this car. Please enquire for a finance quote.';

/** SPEC 8: the empty values the calculator returns for a car that is not eligible (one variant). */
export const EMPTY_RESULT: Readonly<CalculatorResult> = Object.freeze({
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

/** The repayment, total and result sentence for the inputs. */
export function calculate(
  inputs: CalculatorInputs,
  { rules, lender, initial, empty }: CalculateOptions,
): CalculatorResult {
  if (empty) return { ...EMPTY_RESULT };
  const freq = frequency(inputs.frequency);
  const quoted =
    initial && sameLoan(inputs, initial) ? lenderPayment(lender, inputs.frequency) : undefined;
  const payment =
    quoted ??
    periodicPayment({
      principal: inputs.amount - inputs.tradeIn + rules.establishmentFee,
      annualRate: inputs.interest,
      periodsPerYear: freq.periods,
      years: inputs.term,
      residual: inputs.residual,
    });
  const quotable = isQuotable(payment);
  const total = quotable
    ? totalRepayments(payment, freq.periods, inputs.term, rules.establishmentFee)
    : undefined;
  return {
    payment,
    empty: false,
    quotable,
    repaymentText: quotable
      ? formatPrice(roundRepayment(payment, rules.roundingThreshold))
      : ENQUIRE_FOR_FINANCE,
    suffix: quotable ? repaymentSuffix(freq.name) : '',
    total,
    totalText: total === undefined ? '' : formatPrice(total),
    lead: resultLead(freq.name),
    termText: termText(inputs.term),
    fromLender: quoted !== undefined,
  };
}
