import type { Car } from '../../feeds/schemas';
import { isReservable } from '../reservable';
import { isAvailable } from '../stock';

export interface ActionSettings {
  /** features.reserve */
  reserve: boolean;
  /** labels.enquire_button, or 'Instant Message' when features.instant_message is on. */
  enquireLabel: string;
}

/** The sidebar's calls to action for a car's status (SPEC 4). */
export interface VehicleActions {
  available: boolean;
  /** 'Reserve Car Now': only for a reservable car (isReservable) on a site that takes reservations. */
  reserve: boolean;
  /** 'Enquire Now' or 'Instant Message', and 'Call Now': available cars only. */
  enquireLabel?: string;
  call: boolean;
  /** 'Find Me Something Similar' instead of the enquiry buttons. */
  findSimilar: boolean;
}

export function vehicleActions(
  car: Pick<Car, 'status' | 'sold' | 'reserved' | 'price'>,
  settings: ActionSettings,
): VehicleActions {
  const available = isAvailable(car);
  if (!available) return { available, reserve: false, call: false, findSimilar: true };
  return {
    available,
    reserve: settings.reserve && isReservable(car),
    enquireLabel: settings.enquireLabel,
    call: true,
    findSimilar: false,
  };
}

/** The enquiry button's label: the tenant's label, or 'Instant Message' when that feature is on. */
export function enquireLabel(tenant: {
  features: { instant_message: boolean };
  labels: { enquire_button: string };
}): string {
  return tenant.features.instant_message ? 'Instant Message' : tenant.labels.enquire_button;
}
