/**
 * How the calculator reads what a shopper types (SPEC 5 "Calculator inputs"): non-numeric
 * characters stripped, zero or less becomes 0, values clamped into range and snapped to the step.
 */
import { formatNumber, formatPrice } from '../format';

export interface NumberRange {
  min: number;
  max: number;
  step: number;
}

/** Keep digits and the first decimal point: "$45,000abc" -> "45000". */
export function stripNonNumeric(text: string): string {
  const kept = text.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : `${kept.slice(0, dot + 1)}${kept.slice(dot + 1).replace(/\./g, '')}`;
}

/** The number a field holds: stripped of non-numerics; empty, zero or less becomes 0. */
export function parseAmount(text: string | number): number {
  const value = typeof text === 'number' ? text : Number.parseFloat(stripNonNumeric(text));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** Round to the nearest multiple of `step` (counted from `min`), without float dust. */
export function snapToStep(
  value: number,
  { min, step }: Pick<NumberRange, 'min' | 'step'>,
): number {
  if (step <= 0) return value;
  const snapped = min + Math.round((value - min) / step) * step;
  return Number(snapped.toFixed(6));
}

/** SPEC 5: above max clamps to max; at or below min becomes min; otherwise snapped to the step. */
export function clampToRange(value: number, range: NumberRange): number {
  if (!Number.isFinite(value) || value <= range.min) return range.min;
  if (value > range.max) return range.max;
  return Math.min(range.max, snapToStep(value, range));
}

/** SPEC 5 message for the Purchase Price, e.g. "Cannot be less than $1,000 or more than 250,000". */
export function purchasePriceLimitsMessage(min: number, max: number): string {
  return `Cannot be less than ${formatPrice(min)} or more than ${formatNumber(max)}`;
}

/** The message under Purchase Price: shown when the value is at or below min, or at or above max. */
export function purchasePriceMessage(
  value: number,
  { min, max }: Pick<NumberRange, 'min' | 'max'>,
): string | undefined {
  return value <= min || value >= max ? purchasePriceLimitsMessage(min, max) : undefined;
}

/** "45,000" for the Purchase Price field; empty for 0 so the shopper can type afresh. */
export function formatAmountField(value: number): string {
  return value > 0 ? formatNumber(value) : '';
}
