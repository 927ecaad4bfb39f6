/** Finance disclaimers (SPEC 4, 9): truncation for Show More / Show Less and the standard texts. */
import { formatCents, formatPrice } from '../format';
import { truncate, type Truncation } from '../truncate';

/** SPEC 9: the finance disclaimer is cut at 197 characters until "Show More". */
export const DISCLAIMER_TRUNCATE_AT = 197;

export type Truncated = Truncation;

/** The first `limit` characters plus an ellipsis when longer. */
export function truncateDisclaimer(text: string, limit = DISCLAIMER_TRUNCATE_AT): Truncated {
  return truncate(text.trim(), limit, '...');
}

/** SPEC 9: not a binding quote, approved applicants only, terms, fees and criteria apply. */
export const INDICATIVE_DISCLAIMER =
  'This calculator is indicative only and is not a binding quote or offer of finance. Approved applicants only. Terms, fees and lending criteria apply.';

/** SPEC 9: comparison rates are worked out on a 5-year secured $30,000 loan. */
export const COMPARISON_BASIS = { years: 5, amount: 30_000 } as const;

/** SPEC 9 example: 5 year term, 10.0% deposit and a 30% final payment. */
export const COMPARISON_EXAMPLE = {
  years: 5,
  depositPercent: 10,
  finalPaymentPercent: 30,
} as const;

/**
 * The comparison-rate note under every calculator (SPEC 9), in SPEC's words: "Comparison rate
 * basis: 5-year secured $30,000 loan; comparison: 5 year, 10.0% deposit, 30% final payment."
 */
export function comparisonBasisText(): string {
  const { years, amount } = COMPARISON_BASIS;
  const example = COMPARISON_EXAMPLE;
  return (
    `Comparison rate basis: ${years}-year secured ${formatPrice(amount)} loan; ` +
    `comparison: ${example.years} year, ${example.depositPercent.toFixed(1)}% deposit, ${example.finalPaymentPercent}% final payment. ` +
    'WARNING: This comparison rate is true only for the example given and may not include all fees and charges. ' +
    'Different terms, fees or other loan amounts might result in a different comparison rate.'
  );
}

export interface CalculatorDisclaimer {
  /** The lender's own disclaimer: cut at 197 characters behind Show More / Show Less. */
  lender?: string | undefined;
  /** Always shown: the comparison basis and example, the comparison range, the indicative-only notice. */
  notes: string[];
}

/** The disclaimer under the Finance Calculator (SPEC 4, 9). */
export function calculatorDisclaimer(
  lenderText: string | null | undefined,
  range: [number, number] | undefined,
): CalculatorDisclaimer {
  const lender = lenderText?.trim() || undefined;
  return {
    lender,
    notes: [
      comparisonBasisText(),
      ...(range ? [comparisonRangeText(range)] : []),
      INDICATIVE_DISCLAIMER,
    ],
  };
}

/**
 * The comparison rates quoted "from A% to B%": the provider's configured pair, else the lowest
 * and highest percentages written in the disclaimer; undefined when neither gives two numbers.
 */
export function comparisonRateRange(
  disclaimer: string | null | undefined,
  configured?: [number, number],
): [number, number] | undefined {
  if (configured) return [Math.min(...configured), Math.max(...configured)];
  const found = [...(disclaimer ?? '').matchAll(/(\d+(?:\.\d+)?)\s*%/g)].map((match) =>
    Number(match[1]),
  );
  if (found.length < 2) return undefined;
  return [Math.min(...found), Math.max(...found)];
}

export function comparisonRangeText(range: [number, number]): string {
  return `Comparison rates from ${range[0].toFixed(2)}% to ${range[1].toFixed(2)}% p.a.`;
}

/** "$912.25", "$6": a fee with cents only when it has them. */
export function formatFee(amount: number): string {
  if (Number.isInteger(amount)) return formatPrice(amount);
  return formatCents(amount);
}
