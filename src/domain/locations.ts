import type { Location } from '../feeds/schemas';
import { slugify } from './slug';

const TYPE_ORDER: Record<string, number> = { sales: 1, service: 2, parts: 3 };

/** SPEC 2: locations sort sales 1, service 2, parts 3 (then by name). */
export function sortLocations<T extends Pick<Location, 'location_type' | 'name'>>(
  locations: T[],
): T[] {
  return [...locations].sort(
    (a, b) =>
      (TYPE_ORDER[a.location_type] ?? 4) - (TYPE_ORDER[b.location_type] ?? 4) ||
      a.name.localeCompare(b.name),
  );
}

/** SPEC 2: location names strip a trailing ' Parts', ' Service' or ' Sales' (and ' - Sales' forms) to group. */
export function locationGroupName(name: string): string {
  return name.replace(/\s*(?:-\s*)?(?:Sales|Service|Parts)$/i, '').trim();
}

/** The primary location: flagged primary, else the first sales location, else the first. */
export function primaryLocation<T extends Pick<Location, 'primary' | 'location_type' | 'name'>>(
  locations: T[],
): T | undefined {
  return locations.find((location) => location.primary) ?? sortLocations(locations)[0];
}

/** A location's URL slug (/locations/{slug}, /search/{location-slug}): the feed's slug, else its name slugified. */
export function locationSlug(location: Pick<Location, 'slug' | 'name'>): string {
  return location.slug || slugify(location.name);
}

/** SPEC 2: /contact-us/{location-slug} uses the name without a trailing ' - Sales/Service/Parts'. */
export function contactLocationSlug(location: Pick<Location, 'name'>): string {
  return slugify(locationGroupName(location.name));
}
