import type { Car } from '../feeds/schemas';

/** The tenant's stock selection (tenant YAML `stock`). */
export interface StockSelection {
  dealership_ids: string[];
  makes: string[];
  car_types: Array<'new' | 'demo' | 'used'>;
  item_type?: string | undefined;
  include_sold_cars_days: number;
}

const DAY_SECONDS = 86_400;

/** Unix seconds before which a sold car is no longer listed. */
export function soldCutoff(nowMs: number, soldDays: number): number {
  return Math.floor(nowMs / 1000) - soldDays * DAY_SECONDS;
}

/**
 * SPEC 7 stock filter: (status in_stock OR coming_soon OR sold_date_timestamp > cutoff) AND
 * show_on_dealer_website. Applied at build time and again in the browser at query time.
 */
export function isListed(
  car: Pick<Car, 'status' | 'sold_date_timestamp' | 'show_on_dealer_website'>,
  cutoff: number,
): boolean {
  if (car.show_on_dealer_website === false) return false;
  if (car.status === 'in_stock' || car.status === 'coming_soon') return true;
  return typeof car.sold_date_timestamp === 'number' && car.sold_date_timestamp > cutoff;
}

/** SPEC 4: in_stock and coming_soon are available (price and sale buttons); anything else shows as sold. */
export function isAvailable(car: Pick<Car, 'status' | 'sold'>): boolean {
  return (car.status === 'in_stock' || car.status === 'coming_soon') && car.sold !== true;
}

/** Whether a car belongs to this site at all: dealerships, makes, car types and item type. */
export function isSelected(car: Car, selection: StockSelection): boolean {
  if (selection.dealership_ids.length) {
    const ids = [car.dealership_id, ...(car.dealership_ids ?? [])].filter(
      (id): id is string => id != null,
    );
    if (!ids.some((id) => selection.dealership_ids.includes(id))) return false;
  }
  if (
    selection.makes.length &&
    !selection.makes.some((make) => make.toLowerCase() === car.make.toLowerCase())
  )
    return false;
  if (!selection.car_types.includes(car.car_type)) return false;
  if (selection.item_type) {
    const itemType = car.item_type?.toLowerCase() || 'car';
    if (itemType !== selection.item_type) return false;
  }
  return true;
}

export interface StockReport {
  listed: Car[];
  notSelected: number;
  notListed: number;
}

/** Apply the tenant's selection and the SPEC stock filter at `nowMs`. */
export function selectStock(cars: Car[], selection: StockSelection, nowMs: number): StockReport {
  const cutoff = soldCutoff(nowMs, selection.include_sold_cars_days);
  const listed: Car[] = [];
  let notSelected = 0;
  let notListed = 0;
  for (const car of cars) {
    if (!isSelected(car, selection)) notSelected++;
    else if (!isListed(car, cutoff)) notListed++;
    else listed.push(car);
  }
  return { listed, notSelected, notListed };
}
