/** SPEC 3 "Viewed car record": the visitor's recently viewed cars, newest first. */
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

/** The local storage key (per dealer site, since each is its own origin). */
export const VIEWED_CARS_KEY = 'viewed_cars';

/** The SPEC record of a car, and nothing else of it. */
export function viewedCarRecord(car: {
  id: string | number;
  stocknum?: string | null;
  make: string;
  model: string;
  body?: string | null;
  simple_body?: string | null;
}): ViewedCar {
  return {
    id: String(car.id),
    stocknum: car.stocknum ?? null,
    make: car.make,
    model: car.model,
    body: car.body ?? null,
    simple_body: car.simple_body ?? null,
  };
}

/** The list after viewing `car`: it moves to the front, once, and at most VIEWED_LIMIT are kept. */
export function withViewedCar(list: readonly ViewedCar[], car: ViewedCar): ViewedCar[] {
  const record = viewedCarRecord(car);
  return [record, ...list.filter((viewed) => viewed.id !== record.id)].slice(0, VIEWED_LIMIT);
}
