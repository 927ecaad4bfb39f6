import type { Car } from '../../feeds/schemas';
import { isAvailable } from '../stock';

/** SPEC 9: at most 6 similar cars, 10 hits per query. */
export const SIMILAR_MAX = 6;
export const SIMILAR_HITS_PER_QUERY = 10;

/** SPEC 9: the price window either side of the car's price: 10,000 under 50,000, else 25,000. */
export function priceWindow(price: number): number {
  return price < 50_000 ? 10_000 : 25_000;
}

type SimilarCar = Pick<Car, 'id' | 'make' | 'model' | 'price' | 'simple_body' | 'status' | 'sold' | 'car_type'>;

/**
 * Similar cars, as the SPEC's multi-query: (1) same make and model within the price window,
 * (2) same body type within the price window; each query takes its first 10 hits (closest price
 * first), same-model hits come first, unique by id, the car itself left out, at most 6. Only
 * available cars are suggested. A car without a price matches on model and body alone.
 */
export function similarCars<T extends SimilarCar>(car: SimilarCar, candidates: readonly T[]): T[] {
  const price = typeof car.price === 'number' && car.price > 0 ? car.price : undefined;
  const window = price === undefined ? Infinity : priceWindow(price);
  const pool = candidates.filter(
    (other) =>
      String(other.id) !== String(car.id) &&
      isAvailable(other) &&
      (price === undefined || (typeof other.price === 'number' && Math.abs(other.price - price) <= window)),
  );
  const distance = (other: T) => (price === undefined || typeof other.price !== 'number' ? 0 : Math.abs(other.price - price));
  const query = (match: (other: T) => boolean) =>
    pool
      .filter(match)
      .sort((a, b) => distance(a) - distance(b) || String(a.id).localeCompare(String(b.id)))
      .slice(0, SIMILAR_HITS_PER_QUERY);
  const lower = (text: string | null | undefined) => (text ?? '').toLowerCase();
  const sameModel = query((other) => lower(other.make) === lower(car.make) && lower(other.model) === lower(car.model));
  const sameBody = car.simple_body ? query((other) => lower(other.simple_body) === lower(car.simple_body)) : [];
  const seen = new Set<string>();
  const out: T[] = [];
  for (const other of [...sameModel, ...sameBody]) {
    const id = String(other.id);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(other);
    if (out.length === SIMILAR_MAX) break;
  }
  return out;
}
