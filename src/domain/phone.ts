import type { Car, Location } from '../feeds/schemas';
import type { Tenant } from '../tenant/schema';
import { primaryLocation } from './locations';

/**
 * The number shown for a car: the tenant's per-location override, else its number for the car
 * type, else the car's location phone, else the tenant default, else the dealer's main number.
 */
export function phoneForCar(
  car: Pick<Car, 'car_type' | 'location_id' | 'location'>,
  tenant: Pick<Tenant, 'phones' | 'dealer'>,
): string | undefined {
  const locationId = car.location_id ?? car.location?.id;
  const override = locationId != null ? tenant.phones.by_location[locationId] : undefined;
  return (
    override ??
    tenant.phones[car.car_type] ??
    car.location?.phone ??
    tenant.phones.default ??
    tenant.dealer.phone ??
    undefined
  );
}

/**
 * The number under the car's address in its Vehicle Location block: that location's own number
 * (the tenant's override for it first), else the car's number.
 */
export function phoneForLocation(
  car: Pick<Car, 'car_type' | 'location_id' | 'location'>,
  location: Pick<Location, 'id' | 'contact_detail'> | undefined,
  tenant: Pick<Tenant, 'phones' | 'dealer'>,
): string | undefined {
  const locationId = location?.id ?? car.location_id ?? car.location?.id;
  const override = locationId != null ? tenant.phones.by_location[locationId] : undefined;
  return (
    override ?? location?.contact_detail.phone ?? car.location?.phone ?? phoneForCar(car, tenant)
  );
}

/** The site's main number: the dealer's, else the tenant default, else the primary location's. */
export function mainPhone(
  tenant: Pick<Tenant, 'phones' | 'dealer'>,
  locations: Location[],
): string | undefined {
  return (
    tenant.dealer.phone ??
    tenant.phones.default ??
    primaryLocation(locations)?.contact_detail.phone ??
    undefined
  );
}
