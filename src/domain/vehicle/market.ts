import type { Car } from '../../feeds/schemas';

/**
 * SPEC 5 market-price indicator: a car is below market when its price (valid over 10) is more
 * than 499 under the average market price. Returns the amount under, or undefined.
 */
export function belowMarketBy(car: Pick<Car, 'price' | 'autograb_data'>): number | undefined {
  const average =
    car.autograb_data?.average_market_price ?? car.autograb_data?.state_average_market_price;
  if (typeof car.price !== 'number' || car.price <= 10 || typeof average !== 'number')
    return undefined;
  const under = average - car.price;
  return under > 499 ? under : undefined;
}
