import type { Location } from '../feeds/schemas';
import {
  contactLocationSlug,
  locationGroupName,
  primaryLocation,
  sortLocations,
} from './locations';

/** SPEC 2 location blocks: which locations a block on a page shows. */
export type LocationBlock =
  'primary' | 'sales' | 'service' | 'parts' | 'service-and-parts' | 'all' | { id: string };

/** The locations a block shows, sorted sales, service, parts. */
export function blockLocations<
  T extends Pick<Location, 'id' | 'location_type' | 'name' | 'primary'>,
>(locations: T[], block: LocationBlock): T[] {
  if (typeof block === 'object') return locations.filter((location) => location.id === block.id);
  switch (block) {
    case 'primary': {
      const primary = primaryLocation(locations);
      return primary ? [primary] : [];
    }
    case 'all':
      return sortLocations(locations);
    case 'service-and-parts':
      return sortLocations(
        locations.filter(
          (location) => location.location_type === 'service' || location.location_type === 'parts',
        ),
      );
    default:
      return sortLocations(locations.filter((location) => location.location_type === block));
  }
}

export interface LocationGroup<T> {
  /** Name without ' Sales', ' Service', ' Parts' ("Bayside Toyota"). */
  name: string;
  /** /contact-us/{slug} */
  slug: string;
  /** Its locations, sales first. */
  locations: T[];
}

/** SPEC 2: locations grouped by their name with the department stripped, groups in first-seen sorted order. */
export function groupLocations<T extends Pick<Location, 'location_type' | 'name' | 'primary'>>(
  locations: T[],
): LocationGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const location of sortLocations(locations)) {
    const name = locationGroupName(location.name);
    groups.set(name, [...(groups.get(name) ?? []), location]);
  }
  return [...groups]
    .map(([name, members]) => ({ name, slug: contactLocationSlug({ name }), locations: members }))
    .sort(
      (a, b) =>
        Number(b.locations.some((l) => l.primary)) - Number(a.locations.some((l) => l.primary)) ||
        a.name.localeCompare(b.name),
    );
}

/** SPEC 2: one location is a card and map; several a grid, 4 columns when more than 3. */
export function gridColumns(count: number): number {
  return count > 3 ? 4 : Math.max(1, count);
}

/** SPEC 9: numbered map markers only when fewer than 10 locations. */
export function numberedMarkers(count: number): boolean {
  return count < 10;
}

export const MAP_MAX_ZOOM = 15;
