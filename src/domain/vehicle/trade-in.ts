import type { Car } from '../../feeds/schemas';

/** SPEC 5: the Trade-In Valuation button needs autograb on, in_stock, not sold, not reserved and a price above 200. */
export function showsTradeIn(
  car: Pick<Car, 'status' | 'sold' | 'reserved' | 'price'>,
  autograbEnabled: boolean,
): boolean {
  return (
    autograbEnabled &&
    car.status === 'in_stock' &&
    car.sold !== true &&
    car.reserved !== true &&
    typeof car.price === 'number' &&
    car.price > 200
  );
}
