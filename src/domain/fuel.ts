/** The fuel cost calculator (SPEC 5): weekly cost = distance / 100 x consumption x price. */
import type { Car } from '../feeds/schemas';
import { formatCents } from './format';

/** SPEC 5 defaults: $1.70 a litre, 250 km a week, 10 L/100 km when the car's figure is unknown. */
export const FUEL_DEFAULTS = { price: 1.7, distance: 250, consumption: 10 } as const;

/** Weekly fuel cost in dollars, rounded to two decimals; 0 for a negative or non-numeric input. */
export function weeklyFuelCost(
  distanceKm: number,
  litresPer100Km: number,
  pricePerLitre: number,
): number {
  const values = [distanceKm, litresPer100Km, pricePerLitre].map((value) =>
    Number.isFinite(value) && value > 0 ? value : 0,
  );
  const [distance, consumption, price] = values as [number, number, number];
  return Math.round(((distance / 100) * consumption * price + Number.EPSILON) * 100) / 100;
}

/** "$42.50": dollars and cents. */
export function formatFuelCost(cost: number): string {
  return formatCents(cost);
}

type FuelCar = Pick<Car, 'fuel' | 'simple_fuel'> & {
  variant?: Pick<NonNullable<Car['variant']>, 'fuelconsumptioncombined'> | null | undefined;
};

/** A battery-electric car (not a hybrid or plug-in hybrid): it uses no fuel, so no calculator. */
export function isElectric(car: Pick<Car, 'fuel' | 'simple_fuel'>): boolean {
  return [car.simple_fuel, car.fuel].some(
    (fuel) =>
      typeof fuel === 'string' && /^\s*electric\b/i.test(fuel) && !/hybrid|phev/i.test(fuel),
  );
}

/** SPEC 5: the fuel calculator is hidden for electric cars. */
export function showsFuelCalculator(car: FuelCar): boolean {
  return !isElectric(car);
}

/** The car's combined consumption (L/100 km), else the SPEC default of 10. */
export function carConsumption(car: FuelCar): number {
  const value = car.variant?.fuelconsumptioncombined;
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? value
    : FUEL_DEFAULTS.consumption;
}
