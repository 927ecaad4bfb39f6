import type { Car } from '../feeds/schemas';
import type { Finance } from '../tenant/schema/finance';
import { weeklyEstimate } from './finance/estimate';
import { formatKm, formatNumber, formatPrice } from './format';

/** The rows of the comparison table, in order: the figures shoppers weigh first. */
export const COMPARE_ROWS = [
  ['price', 'Price'],
  ['weekly', 'Weekly estimate'],
  ['year', 'Year'],
  ['km', 'Odometer'],
  ['body', 'Body'],
  ['transmission', 'Transmission'],
  ['fuel', 'Fuel'],
  ['consumption', 'Fuel consumption (combined)'],
  ['engine', 'Engine'],
  ['seats', 'Seats'],
  ['ancap', 'ANCAP rating'],
  ['towing', 'Towing capacity (braked)'],
] as const;

export type CompareField = (typeof COMPARE_ROWS)[number][0];

/** One car's column: what the comparison page shows, already formatted (absent figures left out). */
export interface CompareCar {
  id: string;
  name: string;
  slug: string;
  image: string;
  figures: Partial<Record<CompareField, string>>;
}

const finite = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const text = (value: string | null | undefined) => value?.trim() || undefined;

/** A car's comparison column, from the feed car and the tenant's finance settings (for the weekly estimate). */
export function compareCar(car: Car, finance: Finance, image: string): CompareCar {
  const v = car.variant ?? {};
  const litres = car.engine_size_litres ?? v.enginesize_litres;
  const weekly = weeklyEstimate(car, finance);
  const figures: CompareCar['figures'] = {
    price:
      finite(car.price) && car.price > 0
        ? `${formatPrice(car.price)}${car.price_type ? ` ${car.price_type}` : ''}`
        : undefined,
    weekly: weekly ? `${formatPrice(weekly.weekly)}/wk*` : undefined,
    year: String(car.year),
    km: finite(car.km) ? formatKm(car.km) : undefined,
    body: text(car.body ?? car.simple_body),
    transmission: text(car.trans ?? car.simple_transmission),
    fuel: text(car.fuel ?? car.simple_fuel),
    consumption: finite(v.fuelconsumptioncombined)
      ? `${v.fuelconsumptioncombined} L/100km`
      : undefined,
    engine: finite(litres) ? `${litres.toFixed(1)} L` : undefined,
    seats: finite(car.seats) ? String(car.seats) : undefined,
    ancap: finite(v.ancaprating) ? `${v.ancaprating} stars` : undefined,
    towing: finite(v.towingcapacitybraked)
      ? `${formatNumber(v.towingcapacitybraked)} kg`
      : undefined,
  };
  for (const key of Object.keys(figures) as CompareField[])
    if (figures[key] === undefined) delete figures[key];
  return { id: String(car.id), name: car.name, slug: car.slug, image, figures };
}
