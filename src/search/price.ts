import { formatNumber } from '../domain/format';

/** SPEC 5 price slider and the price / km fields of the search filters. */

export const PRICE_STEP = 500;
export const PRICE_BOUNDS = { min: 5_000, max: 250_000 } as const;

/** SPEC 5 price field quick picks: $5,000 to $70,000, or $300,000 to $800,000 in the premium variant. */
export const PRICE_QUICK_PICKS = {
  standard: [5_000, 10_000, 15_000, 20_000, 25_000, 30_000, 35_000, 40_000, 50_000, 60_000, 70_000],
  premium: [300_000, 350_000, 400_000, 450_000, 500_000, 600_000, 700_000, 800_000],
} as const;

/**
 * Keep a slider range valid: inside the bounds, on the step, min capped to max - 1 and max
 * floored to min + 1 (SPEC 5). `changed` says which handle moved, so the other one holds.
 */
export function clampPriceRange(
  min: number,
  max: number,
  changed: 'min' | 'max',
  bounds: { min: number; max: number } = PRICE_BOUNDS,
): { min: number; max: number } {
  const clamp = (value: number) => Math.min(bounds.max, Math.max(bounds.min, value));
  let low = clamp(Number.isFinite(min) ? min : bounds.min);
  let high = clamp(Number.isFinite(max) ? max : bounds.max);
  if (changed === 'min' && low >= high) low = high - 1;
  if (changed === 'max' && high <= low) high = low + 1;
  return { min: low, max: high };
}

/** Snap a slider value to the step, from the lower bound. */
export function snapToStep(
  value: number,
  bounds: { min: number } = PRICE_BOUNDS,
  step = PRICE_STEP,
): number {
  return bounds.min + Math.round((value - bounds.min) / step) * step;
}

/** "$25,000" for the price field (empty for no value). */
export function formatPriceField(value: number | undefined): string {
  return value == null ? '' : `$${formatNumber(value)}`;
}

/** "25,000 kms" for the kilometres field (empty for no value). */
export function formatKmField(value: number | undefined): string {
  return value == null ? '' : `${formatNumber(value)} kms`;
}

/** What a person typed in a price or km field ("$25,000", "25000 kms", "25k") as a number; empty -> undefined. */
export function parseAmountField(text: string): number | undefined {
  const trimmed = text.trim().toLowerCase();
  if (!trimmed) return undefined;
  const thousands = /\d\s*k\b/.test(trimmed) ? 1000 : 1;
  const digits = trimmed.replace(/kms?|k\b/g, '').replace(/[^\d.]/g, '');
  if (!digits) return undefined;
  const value = Math.round(Number(digits) * thousands);
  return Number.isFinite(value) ? value : undefined;
}
