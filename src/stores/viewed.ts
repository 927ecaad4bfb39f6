import { persistentJSON } from '@nanostores/persistent';
import { VIEWED_CARS_KEY, withViewedCar, type ViewedCar } from '../domain/viewed-cars';

export { VIEWED_LIMIT, type ViewedCar } from '../domain/viewed-cars';

/** Recently viewed cars, newest first, in local storage (per dealer site, since each is its own origin). */
export const $viewedCars = persistentJSON<ViewedCar[]>(VIEWED_CARS_KEY, []);

/** Records a vehicle page view: moves the car to the front, keeping at most VIEWED_LIMIT. */
export function recordViewedCar(car: ViewedCar): void {
  $viewedCars.set(withViewedCar($viewedCars.get(), car));
}
