import type { Location } from '../feeds/schemas';
import { numberedMarkers, type LocationGroup } from '../domain/location-blocks';
import { formatPhone } from '../domain/format';
import { locationSlug } from '../domain/locations';
import {
  availableHoursTypes,
  departmentHours,
  hoursLines,
  HOURS_TYPE_LABELS,
  type HoursLine,
  type HoursType,
} from '../domain/hours';
import type { SiteData } from './types';

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
  /** Opening hours for the popup (one department), when asked for. */
  hours?: { department: string; lines: HoursLine[] };
}

export interface MarkerHoursOptions {
  /** The department shown when the group has it (the tenant's locator default), else the first it has. */
  defaultType: HoursType;
  /** Departments whose closed Saturday reads 'By appointment only'. */
  saturdayByAppointment: HoursType[];
}

/** The tenant's settings for popup hours: the department the cards open with, and its Saturday rule. */
export function markerHoursOptions(tenant: SiteData['tenant']): MarkerHoursOptions {
  return {
    defaultType: tenant.locator.default_hours_type,
    saturdayByAppointment: tenant.locator.saturday_by_appointment,
  };
}

/** A group's opening hours for its popup, by the same rules as the location card. */
function markerHours(locations: Location[], options: MarkerHoursOptions): MapMarker['hours'] {
  const types = availableHoursTypes(locations);
  const type = types.includes(options.defaultType) ? options.defaultType : types[0];
  const hours = type && departmentHours(locations, type);
  if (!type || !hours) return undefined;
  return {
    department: HOURS_TYPE_LABELS[type],
    lines: hoursLines(hours, {
      saturdayByAppointment: options.saturdayByAppointment.includes(type),
    }),
  };
}

/** Markers for location groups: one per group at its first (sales) location; with `hours`, their opening hours too. */
export function mapMarkers(
  groups: LocationGroup<Location>[],
  hours?: MarkerHoursOptions,
): MapMarker[] {
  const numbered = numberedMarkers(groups.length);
  return groups.flatMap((group, index) => {
    const main = group.locations[0]!;
    const { lat, long } = main.address;
    if (typeof lat !== 'number' || typeof long !== 'number') return [];
    const phone = main.contact_detail.phone ?? main.contact_detail.landline_phone;
    const sales = group.locations.find((location) => location.location_type === 'sales') ?? main;
    const popupHours = hours && markerHours(group.locations, hours);
    return [
      {
        id: group.slug,
        name: group.name,
        lat,
        lng: long,
        ...(numbered ? { number: index + 1 } : {}),
        address: [
          main.address.street,
          `${main.address.city} ${main.address.state} ${main.address.postcode}`,
        ]
          .filter(Boolean)
          .join(', '),
        ...(phone ? { phone: formatPhone(phone) } : {}),
        detailsHref: `/our-location/${locationSlug(main)}`,
        stockHref: `/search/${locationSlug(sales)}`,
        ...(popupHours ? { hours: popupHours } : {}),
      },
    ];
  });
}
