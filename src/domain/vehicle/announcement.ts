import type { Car, Location } from '../../feeds/schemas';
import { primaryLocation } from '../locations';

export interface Announcement {
  city: string;
  /** The car location's map link ('Get Directions'), else the #vehicle-map anchor. */
  directionsUrl: string;
}

/** SPEC 2: 'Located at {city}' shows when the car's city differs from the primary location's. */
export function locationAnnouncement(
  car: Pick<Car, 'city' | 'location'>,
  locations: Location[],
): Announcement | undefined {
  const city = (car.location?.address?.city ?? car.city ?? '').trim();
  const primaryCity = primaryLocation(locations)?.address.city?.trim();
  if (!city || !primaryCity || city.toLowerCase() === primaryCity.toLowerCase()) return undefined;
  return { city, directionsUrl: car.location?.address?.place_url || '#vehicle-map' };
}
