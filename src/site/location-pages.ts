import type { Location } from '../feeds/schemas';
import { blockLocations, groupLocations, type LocationGroup } from '../domain/location-blocks';
import { locationSlug } from '../domain/locations';
import type { SiteData } from './types';

/** The groups /contact-us and /contact show: the tenant's contact block (SPEC 2 blocks). */
export function contactGroups(site: SiteData): LocationGroup<Location>[] {
  return groupLocations(blockLocations(site.locations, site.tenant.locator.contact_block));
}

export interface LocationPage {
  slug: string;
  title: string;
  groups: LocationGroup<Location>[];
}

/**
 * SPEC 2 /locations/{slug} and /our-location/{slug}: one page per location (its slug), plus one
 * per dealership slug listing every location of that dealership (a location slug wins a clash).
 */
export function locationPages(site: SiteData): LocationPage[] {
  const pages = new Map<string, LocationPage>();
  for (const location of site.locations) {
    const slug = locationSlug(location);
    if (!pages.has(slug))
      pages.set(slug, {
        slug,
        title: location.name,
        groups: [{ name: location.name, slug, locations: [location] }],
      });
  }
  const byDealership = new Map<string, Location[]>();
  for (const location of site.locations)
    if (location.dealership?.slug)
      byDealership.set(location.dealership.slug, [
        ...(byDealership.get(location.dealership.slug) ?? []),
        location,
      ]);
  for (const [slug, locations] of byDealership) {
    if (pages.has(slug)) continue;
    pages.set(slug, {
      slug,
      title: locations[0]!.dealership?.name ?? slug,
      groups: groupLocations(locations),
    });
  }
  return [...pages.values()];
}
