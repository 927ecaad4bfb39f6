/**
 * A local, deterministic trade-in estimate (no outside valuation service): a rego lookup that
 * always finds the same car for the same plate, and an offer from age, kilometres and the
 * shopper's answers. SPEC: no online estimate for cars over 7 years old or over 100,000 km.
 */

export const MAX_ESTIMATE_AGE_YEARS = 7;
export const MAX_ESTIMATE_KM = 100_000;
export const NO_ESTIMATE_MESSAGE =
  "We can't give an online estimate for cars over 7 years old or over 100,000 km. Send your details and we'll arrange an inspection.";

export interface TradeInVehicle {
  year: number;
  make: string;
  model: string;
  badge: string;
}

/** The valuation adjustment questions (answers reduce the offer). */
export const ADJUSTMENTS = [
  { key: 'accident_damage', label: 'Has the car had accident damage?', deduction: 0.12 },
  { key: 'warning_lights', label: 'Are any warning lights on?', deduction: 0.08 },
  { key: 'tyres_worn', label: 'Do the tyres need replacing?', deduction: 0.03 },
  { key: 'no_service_history', label: 'Is the service history missing?', deduction: 0.06 },
] as const;

export type AdjustmentKey = (typeof ADJUSTMENTS)[number]['key'];

const CATALOGUE: { make: string; model: string; badge: string; newPrice: number }[] = [
  { make: 'Toyota', model: 'Corolla', badge: 'Ascent Sport', newPrice: 30_000 },
  { make: 'Toyota', model: 'RAV4', badge: 'GX', newPrice: 40_000 },
  { make: 'Mazda', model: 'CX-5', badge: 'Maxx Sport', newPrice: 42_000 },
  { make: 'Hyundai', model: 'i30', badge: 'Active', newPrice: 28_000 },
  { make: 'Ford', model: 'Ranger', badge: 'XLT', newPrice: 62_000 },
  { make: 'Kia', model: 'Sportage', badge: 'SX', newPrice: 38_000 },
];

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0;
  return value;
}

/** Normalised plate: upper case letters and digits only; 1 to 9 characters. */
export function normaliseRego(rego: string): string | undefined {
  const plate = rego.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return plate.length >= 1 && plate.length <= 9 ? plate : undefined;
}

/** The car registered to a plate in a state (same answer every time). */
export function lookupRego(rego: string, state: string, currentYear: number): TradeInVehicle {
  const seed = hash(`${normaliseRego(rego) ?? rego}|${state.toUpperCase()}`);
  const entry = CATALOGUE[seed % CATALOGUE.length]!;
  return {
    year: currentYear - (seed % 12),
    make: entry.make,
    model: entry.model,
    badge: entry.badge,
  };
}

function newPriceOf(vehicle: Pick<TradeInVehicle, 'make' | 'model'>): number {
  const known = CATALOGUE.find(
    (entry) =>
      entry.make.toLowerCase() === vehicle.make.toLowerCase() &&
      entry.model.toLowerCase() === vehicle.model.toLowerCase(),
  );
  return known?.newPrice ?? 35_000;
}

export type Estimate = { ok: true; offer_price: number } | { ok: false; error: string };

/**
 * The offer: new price less 12% a year of age and 8 cents a km, less each "yes" adjustment,
 * rounded down to $100; none over 7 years or 100,000 km.
 */
export function estimateTradeIn(
  vehicle: Pick<TradeInVehicle, 'year' | 'make' | 'model'>,
  km: number,
  answers: Partial<Record<AdjustmentKey, boolean>>,
  currentYear: number,
): Estimate {
  const age = currentYear - vehicle.year;
  if (age > MAX_ESTIMATE_AGE_YEARS || km > MAX_ESTIMATE_KM)
    return { ok: false, error: NO_ESTIMATE_MESSAGE };
  let value = newPriceOf(vehicle) * Math.pow(0.88, Math.max(0, age)) - km * 0.08;
  for (const adjustment of ADJUSTMENTS)
    if (answers[adjustment.key]) value *= 1 - adjustment.deduction;
  return { ok: true, offer_price: Math.max(500, Math.floor(value / 100) * 100) };
}
