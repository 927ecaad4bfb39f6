/**
 * Locations of a tenant, built from its dealership plans: one record per sales, service or parts
 * site, with real suburb coordinates, fictional phone numbers and weekly hours.
 */
import type { z } from 'zod';
import type { CarLocationSchema, LocationSchema } from '../../src/feeds/schemas';
import { dealerLicence, email, landline, localRate, mapsUrl, repairerLicence } from './contact';
import { weeklyHours, type Department, type HoursTarget } from './hours';
import { PLACES, type Place } from './places';
import type { Rng } from './random';
import type { DealershipPlan, TenantProfile } from './tenants';
import { slugify } from './text';

export type LocationInput = z.input<typeof LocationSchema>;
export type CarLocationInput = z.input<typeof CarLocationSchema>;

export interface DealershipRef {
  id: number;
  slug: string;
  name: string;
}

/** A sales location that holds stock, with what it sells. */
export interface StockSite {
  location: LocationInput & { id: number };
  dealership: DealershipRef;
  brands: string[];
  weight: number;
  place: Place;
}

export interface Network {
  locations: (LocationInput & { id: number })[];
  sites: StockSite[];
  hoursTargets: HoursTarget[];
  dealerships: (DealershipRef & { brands: string[]; url: string })[];
}

const DEPARTMENTS: Record<DealershipPlan['layout'], Department[]> = {
  single: ['sales'],
  'sales-service': ['sales', 'service'],
  'sales-service-parts': ['sales', 'service', 'parts'],
};

const label = (type: Department) => type.charAt(0).toUpperCase() + type.slice(1);
const brisbaneArea = (place: Place) =>
  place.state === 'QLD' && place.lat < -27.0 && place.lat > -27.8 && place.long > 152.7;

/** Build every location of a tenant, in plan order, with ids counting up from the tenant's range. */
export function buildNetwork(profile: TenantProfile, rng: Rng): Network {
  const idPrefix = Math.floor(profile.idBase / 10_000);
  const dealerships = new Map<string, DealershipRef & { brands: string[]; url: string }>();
  const network: Network = { locations: [], sites: [], hoursTargets: [], dealerships: [] };
  let phoneIndex = 0;

  for (const plan of profile.dealerships) {
    const owner = plan.partOf ?? plan.name;
    let dealership = dealerships.get(owner);
    if (!dealership) {
      const slug = slugify(owner);
      dealership = {
        id: idPrefix * 100 + dealerships.size + 1,
        slug,
        name: owner,
        brands: [],
        url: `https://www.${slug.replace(/-/g, '')}.example.com.au`,
      };
      dealerships.set(owner, dealership);
    }
    dealership.brands.push(...plan.brands.filter((brand) => !dealership?.brands.includes(brand)));
    const place = PLACES[plan.place];
    const departments = DEPARTMENTS[plan.layout];
    const numbers = new Set<number>();
    departments.forEach((type, departmentIndex) => {
      const id = idPrefix * 1000 + network.locations.length + 1;
      const name = departments.length > 1 ? `${plan.name} ${label(type)}` : plan.name;
      const slug = slugify(name);
      // Departments of one dealership share the road; each gets its own street number.
      let number = rng.int(2, 980);
      while (numbers.has(number)) number++;
      numbers.add(number);
      const street = `${number} ${departmentIndex === 2 && place.streets[1] ? place.streets[1] : place.streets[0]}`;
      const phone = landline(place.state, profile.phoneBase + phoneIndex++ * 10);
      const rating = Math.round(rng.float(3.9, 4.9) * 10) / 10;
      const reviewCount = rng.int(30, 2400);
      const hasWorkshop = type === 'sales' && departments.length === 1 && !plan.noStock;
      const location: LocationInput & { id: number } = {
        id,
        name,
        slug,
        location_type: type,
        location_subtype: type === 'sales' ? (plan.subtype ?? null) : null,
        primary: Boolean(plan.primary) && type === 'sales',
        visible: true,
        manufacturers: plan.brands,
        dealer_license_number: type === 'sales' ? dealerLicence(place.state, rng) : null,
        motor_vehicle_repairer:
          type !== 'sales' || hasWorkshop ? repairerLicence(place.state, rng) : null,
        image: {
          image: {
            url: `/media/locations/${profile.slug}/${slug}.svg`,
            thumb: { url: `/media/locations/${profile.slug}/${slug}.svg` },
          },
        },
        average_rating: rating,
        review_count: reviewCount,
        reviews: { count: reviewCount, average_rating: rating },
        address: {
          street,
          city: place.city,
          state: place.state,
          postcode: place.postcode,
          lat: Math.round((place.lat + rng.float(-0.004, 0.004)) * 1e6) / 1e6,
          long: Math.round((place.long + rng.float(-0.004, 0.004)) * 1e6) / 1e6,
          place_url: mapsUrl([name, street, `${place.city} ${place.state} ${place.postcode}`]),
        },
        contact_detail: {
          // The group's flagship answers on the group's 1300 number.
          phone:
            profile.template === 'group' && plan.primary && type === 'sales' ? localRate(4) : phone,
          landline_phone: phone,
          email: email(type, dealership.name),
          opening_hours: weeklyHours(rng, type),
          ...(hasWorkshop
            ? { service_hours: weeklyHours(rng, 'service'), parts_hours: weeklyHours(rng, 'parts') }
            : {}),
        },
        dealership: { id: dealership.id, slug: dealership.slug, name: dealership.name },
        website:
          profile.template === 'group' || profile.template === 'manufacturer'
            ? { id: dealership.id, name: dealership.name, url: dealership.url }
            : null,
      };
      network.locations.push(location);
      network.hoursTargets.push({
        id,
        type,
        state: place.state,
        brisbaneArea: brisbaneArea(place),
      });
      if (type === 'sales' && !plan.noStock)
        network.sites.push({
          location,
          dealership,
          brands: plan.brands,
          weight: plan.weight ?? 1,
          place,
        });
    });
  }
  network.dealerships = [...dealerships.values()];
  return network;
}

/** The location as embedded in a car record. */
export function carLocation(location: LocationInput & { id: number }): CarLocationInput {
  return {
    id: location.id,
    name: location.name,
    slug: location.slug,
    phone: location.contact_detail?.phone ?? null,
    address: {
      street: location.address.street ?? '',
      city: location.address.city,
      state: location.address.state,
      postcode: location.address.postcode,
    },
    manufacturers: location.manufacturers,
    location_type: location.location_type ?? 'sales',
  };
}
