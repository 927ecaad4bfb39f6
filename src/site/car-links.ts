import type { Car } from '../feeds/schemas';
import type { Tenant } from '../tenant/schema';
import { bodySearchPath, bodyTypesOf } from '../domain/body-types';
import { priceWindow } from '../domain/vehicle/similar';
import { carPath, makeSearchPath, modelSearchPath } from './paths';

/**
 * Where each call to action about one car goes (SPEC 2 routes). Search cards, the vehicle page
 * and the sticky bars all link through these, so a route changes in one place.
 */

type LinkCar = Pick<Car, 'id' | 'slug'>;

/** The enquiry form on the car's own page. */
export function enquireUrl(car: Pick<Car, 'slug'>): string {
  return `${carPath(car)}#enquire`;
}

/** The tenant's test-drive page (SPEC default /book-test-drive/) for this car. */
export function testDriveUrl(car: LinkCar, tenant: Pick<Tenant, 'links'>): string {
  return `${tenant.links.test_drive}?car_id=${encodeURIComponent(String(car.id))}`;
}

/** SPEC 2: /cars/{slug}/checkout (reserve). */
export function reserveUrl(car: Pick<Car, 'slug'>): string {
  return `${carPath(car)}/checkout`;
}

/** SPEC 2: /cars/{slug}/buy-online. */
export function buyOnlineUrl(car: Pick<Car, 'slug'>): string {
  return `${carPath(car)}/buy-online`;
}

/** SPEC 2: /cars/trade-in?car_id={id}. */
export function tradeInUrl(car: Pick<Car, 'id'>): string {
  return `/cars/trade-in?car_id=${encodeURIComponent(String(car.id))}`;
}

/** SPEC 2: /print?car_id={slug}. */
export function printUrl(car: Pick<Car, 'slug'>): string {
  return `/print?car_id=${encodeURIComponent(car.slug)}`;
}

type SimilarCar = Pick<Car, 'make' | 'model'> & Partial<Pick<Car, 'price' | 'simple_body'>>;

/**
 * "Find Me Something Similar" (shown on cars not for sale): cars like it by SPEC 9's similar-cars
 * rules: the same body type within the price window (10,000 under 50,000, else 25,000). Not the
 * same model: when the model is all sold, that search holds only the sold cars again. Without a body type it falls back to the make,
 * without a price to the whole body type (or make).
 */
export function similarSearchUrl(car: SimilarCar): string {
  const body = car.simple_body
    ? bodyTypesOf({ make: '', simple_body: car.simple_body })[0]
    : undefined;
  const path = body
    ? bodySearchPath(body)
    : car.make
      ? makeSearchPath(car.make)
      : modelSearchPath(car.make, car.model);
  if (typeof car.price !== 'number' || !(car.price > 0)) return path;
  const window = priceWindow(car.price);
  const min = Math.max(0, Math.round(car.price - window));
  const max = Math.round(car.price + window);
  // Brackets percent-encoded: an href may not hold a raw "[" in its query (the search page decodes them).
  return `${path}?range%5Bprice%5D=${min}:${max}`;
}

type FinanceCar = Pick<
  Car,
  'id' | 'price' | 'car_type' | 'vin' | 'nvic' | 'has_nvic' | 'dealership_slug' | 'location'
>;

/**
 * SPEC 2 finance link: /personalised/finance?car_id={id} when the car has an NVIC code and the
 * tenant has personalised finance on; else the tenant's finance page (default /finance) with
 * preferredDealership, vehiclePriceBudget, car_id, car_type, vin and the #finance-form anchor.
 * Without a car it is the plain finance page.
 */
export function financeUrl(
  car: FinanceCar | undefined,
  tenant: Pick<Tenant, 'links' | 'features'>,
): string {
  if (!car) return tenant.links.finance;
  const hasNvic = car.has_nvic ?? Boolean(car.nvic);
  if (hasNvic && tenant.features.personalised_finance)
    return `/personalised/finance?car_id=${encodeURIComponent(String(car.id))}`;
  const params = new URLSearchParams();
  const dealership = car.dealership_slug ?? car.location?.slug;
  if (dealership) params.set('preferredDealership', dealership);
  if (typeof car.price === 'number' && car.price > 0)
    params.set('vehiclePriceBudget', String(Math.round(car.price)));
  params.set('car_id', String(car.id));
  params.set('car_type', car.car_type);
  if (car.vin) params.set('vin', car.vin);
  return `${tenant.links.finance}?${params.toString()}#finance-form`;
}
