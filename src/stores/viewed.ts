import { persistentJSON } from '@nanostores/persistent';

/** SPEC 3 "Viewed car record". */
export interface ViewedCar {
  id: string;
  stocknum?: string | null;
  make: string;
  model: string;
  body?: string | null;
  simple_body?: string | null;
}

/** How many recently viewed cars are kept. */
export const VIEWED_LIMIT = 20;

/** Recently viewed cars, newest first, in local storage (per dealer site, since each is its own origin). */
export const $viewedCars = persistentJSON<ViewedCar[]>('viewed_cars', []);

/** Records a vehicle page view: moves the car to the front, keeping at most VIEWED_LIMIT. */
export function recordViewedCar(car: ViewedCar): void {
  const record: ViewedCar = {
    id: String(car.id),
    stocknum: car.stocknum ?? null,
    make: car.make,
    model: car.model,
    body: car.body ?? null,
    simple_body: car.simple_body ?? null,
  };
  $viewedCars.set([record, ...$viewedCars.get().filter((viewed) => viewed.id !== record.id)].slice(0, VIEWED_LIMIT));
}
