import type { Car } from '../../feeds/schemas';
import { bodyLabel } from '../body-types';
import { isAvailable } from '../stock';

export interface JsonLdContext {
  /** Absolute URL of the car's page. */
  pageUrl: string;
  /** Absolute image URLs. */
  images: string[];
  sellerName: string;
}

const CONDITION: Record<string, string> = {
  new: 'https://schema.org/NewCondition',
  demo: 'https://schema.org/UsedCondition',
  used: 'https://schema.org/UsedCondition',
};

/** The schema.org availability for a car's status (coming soon is a pre-order; sold is sold out). */
export function availability(car: Pick<Car, 'status' | 'sold'>): string {
  if (!isAvailable(car)) return 'https://schema.org/SoldOut';
  return car.status === 'coming_soon'
    ? 'https://schema.org/PreOrder'
    : 'https://schema.org/InStock';
}

/** schema.org Car with its Offer (SPEC 2 structured data); fields the feed lacks are left out. */
export function carJsonLd(car: Car, context: JsonLdContext): Record<string, unknown> {
  const clean = (object: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(object).filter(
        ([, value]) => value != null && value !== '' && !(Array.isArray(value) && !value.length),
      ),
    );
  const priced = typeof car.price === 'number' && car.price > 0;
  return clean({
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: car.name,
    url: context.pageUrl,
    image: context.images,
    brand: { '@type': 'Brand', name: car.make },
    model: car.model,
    vehicleModelDate: String(car.year),
    vehicleConfiguration: car.badge ?? undefined,
    bodyType: bodyLabel(car.body) ?? bodyLabel(car.simple_body),
    color: car.colour ?? undefined,
    vehicleTransmission: car.trans ?? car.simple_transmission ?? undefined,
    fuelType: car.fuel ?? car.simple_fuel ?? undefined,
    driveWheelConfiguration: car.drive ?? car.simple_drive ?? undefined,
    vehicleIdentificationNumber: car.vin ?? undefined,
    itemCondition: CONDITION[car.car_type],
    mileageFromOdometer:
      typeof car.km === 'number'
        ? { '@type': 'QuantitativeValue', value: car.km, unitCode: 'KMT' }
        : undefined,
    offers: clean({
      '@type': 'Offer',
      url: context.pageUrl,
      priceCurrency: 'AUD',
      price: priced ? car.price : undefined,
      availability: availability(car),
      itemCondition: CONDITION[car.car_type],
      seller: { '@type': 'AutoDealer', name: context.sellerName },
    }),
  });
}
