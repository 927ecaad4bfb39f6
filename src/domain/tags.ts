import type { Car } from '../feeds/schemas';
import { isAvailable } from './stock';

export type ImageTagKind =
  'sold' | 'fuel' | 'reserved' | 'certified' | 'custom' | 'coming_soon' | 'just_arrived';

export interface ImageTag {
  kind: ImageTagKind;
  label: string;
}

export interface TagSettings {
  /** features.fuel_tags: show the electric / hybrid / PHEV tag. */
  fuelTags: boolean;
  /** features.certified_logo: certified used Toyotas show the certified logo. */
  certifiedLogo: boolean;
  /** stock.just_arrived_days (SPEC default 8). */
  justArrivedDays: number;
  soldLabel: string;
  justArrivedLabel: string;
}

const DAY_MS = 86_400_000;

/** SPEC 4: the fuel tag for electrified cars, or undefined. */
export function fuelTag(car: Pick<Car, 'simple_fuel' | 'fuel'>): string | undefined {
  const fuel = (car.simple_fuel ?? car.fuel ?? '').toLowerCase();
  if (/plug-?in|phev/.test(fuel)) return 'PLUG-IN HYBRID';
  if (/hybrid/.test(fuel)) return 'HYBRID';
  if (/electric|\bev\b/.test(fuel)) return 'ELECTRIC';
  return undefined;
}

/**
 * The one tag shown on a car's image. Sold cars show the sold tag; otherwise SPEC 4's priority:
 * fuel tag (if enabled), RESERVED, certified used-Toyota logo, custom tag text, COMING SOON,
 * just-arrived while created within N days, else none.
 */
export function imageTag(
  car: Pick<
    Car,
    | 'status'
    | 'sold'
    | 'simple_fuel'
    | 'fuel'
    | 'reserved'
    | 'certified'
    | 'car_type'
    | 'make'
    | 'tag'
    | 'created_at'
  >,
  settings: TagSettings,
  nowMs: number,
): ImageTag | undefined {
  if (!isAvailable(car)) return { kind: 'sold', label: settings.soldLabel };
  const fuel = settings.fuelTags ? fuelTag(car) : undefined;
  if (fuel) return { kind: 'fuel', label: fuel };
  if (car.reserved) return { kind: 'reserved', label: 'RESERVED' };
  if (
    settings.certifiedLogo &&
    car.certified &&
    car.car_type === 'used' &&
    car.make.toLowerCase() === 'toyota'
  ) {
    return { kind: 'certified', label: 'Toyota Certified Pre-Owned' };
  }
  if (car.tag && car.tag.trim()) return { kind: 'custom', label: car.tag.trim() };
  if (car.status === 'coming_soon') return { kind: 'coming_soon', label: 'COMING SOON' };
  if (car.created_at) {
    const age = nowMs - Date.parse(car.created_at);
    if (age >= 0 && age < settings.justArrivedDays * DAY_MS)
      return { kind: 'just_arrived', label: settings.justArrivedLabel };
  }
  return undefined;
}

/** Tag settings from a tenant config. */
export function tagSettings(tenant: {
  features: { fuel_tags: boolean; certified_logo: boolean };
  stock: { just_arrived_days: number };
  labels: { sold_tag: string; just_arrived_tag: string };
}): TagSettings {
  return {
    fuelTags: tenant.features.fuel_tags,
    certifiedLogo: tenant.features.certified_logo,
    justArrivedDays: tenant.stock.just_arrived_days,
    soldLabel: tenant.labels.sold_tag,
    justArrivedLabel: tenant.labels.just_arrived_tag,
  };
}
