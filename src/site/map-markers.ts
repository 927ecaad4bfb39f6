import type { Location } from '../feeds/schemas';
import { numberedMarkers, type LocationGroup } from '../domain/location-blocks';
import { formatPhone } from '../domain/format';
import { locationSlug } from '../domain/locations';

/** What the map island needs per marker (kept small: it is serialised into the page). */
export interface MapMarker {
  id: string;
  name: string;
  lat: number;
  lng: number;
  /** Shown on the marker only when fewer than 10 (SPEC 9). */
  number?: number;
  address: string;
  phone?: string;
  detailsHref: string;
  stockHref: string;
}

/** Markers for location groups: one per group at its first (sales) location. */
export function mapMarkers(groups: LocationGroup<Location>[]): MapMarker[] {
  const numbered = numberedMarkers(groups.length);
  return groups.flatMap((group, index) => {
    const main = group.locations[0]!;
    const { lat, long } = main.address;
    if (typeof lat !== 'number' || typeof long !== 'number') return [];
    const phone = main.contact_detail.phone ?? main.contact_detail.landline_phone;
    const sales = group.locations.find((location) => location.location_type === 'sales') ?? main;
    return [
      {
        id: group.slug,
        name: group.name,
        lat,
        lng: long,
        ...(numbered ? { number: index + 1 } : {}),
        address: [main.address.street, `${main.address.city} ${main.address.state} ${main.address.postcode}`].filter(Boolean).join(', '),
        ...(phone ? { phone: formatPhone(phone) } : {}),
        detailsHref: `/our-location/${locationSlug(main)}`,
        stockHref: `/search/${locationSlug(sales)}`,
      },
    ];
  });
}
