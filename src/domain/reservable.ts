import type { Car } from '../feeds/schemas';
import { isAvailable } from './stock';

/**
 * SPEC 4/5: "Reserve and online purchase appear only when the car is reservable". One rule for the
 * pages that get built (/cars/{slug}/checkout, /cars/{slug}/buy-online), the buttons that link to
 * them (vehicle page 'Reserve Car Now', result cards 'Reserve this Car'/'Reserve Now') and
 * POST /api/reserve: an available car (in_stock or coming_soon, not sold), not already reserved,
 * with a price to take a deposit against. The site's features.reserve / buy_online flags are the
 * caller's to check.
 */
export function isReservable(car: Pick<Car, 'status' | 'sold' | 'reserved' | 'price'>): boolean {
  return (
    isAvailable(car) &&
    car.reserved !== true &&
    typeof car.price === 'number' &&
    Number.isFinite(car.price) &&
    car.price > 0
  );
}
