import { BODY_TYPES, bodySearchPath, type BodyTypeId } from '../domain/body-types';
import { locationGroupName, locationSlug } from '../domain/locations';
import { slugify } from '../domain/slug';
import { makeSearchPath, modelSearchPath } from '../site/paths';
import { stockBodyTypes } from '../site/navigation';
import { stockNoun } from '../site/stock-noun';
import type { SiteData } from '../site/types';
import { toSearchDocument, type SearchDocument } from './document';
import { ALL_CARS_PATH, type RouteBase } from './url-codec';

/** Build-time views of a site for search: its documents and its pre-rendered search routes. */

/** dealership slug -> display name, from the locations feed (dealership name, website name, or location group name). */
export function dealershipNames(site: Pick<SiteData, 'locations'>): Map<string, string> {
  const names = new Map<string, string>();
  for (const location of site.locations) {
    const slug = location.dealership?.slug;
    if (!slug || names.has(slug)) continue;
    names.set(
      slug,
      location.dealership?.name || location.website?.name || locationGroupName(location.name),
    );
  }
  return names;
}

/** Every listed car of the site as a search document. */
export function siteDocuments(
  site: Pick<SiteData, 'cars' | 'locations' | 'tenant'>,
): SearchDocument[] {
  const context = {
    finance: site.tenant.finance,
    dealershipNames: dealershipNames(site),
    locationSlug,
  };
  return site.cars.map((car) => toSearchDocument(car, context));
}

export interface SearchRoute extends RouteBase {
  /** The page heading (h1) and title. */
  heading: string;
  /** Short description for the meta tag. */
  description: string;
}

/**
 * SPEC 2 search routes for this site's stock: the car-type routes, then body types, makes,
 * models, dealerships and locations. A path already taken keeps its first meaning.
 */
export function searchRoutes(
  site: Pick<SiteData, 'cars' | 'locations' | 'tenant'> &
    Partial<Pick<SiteData, 'manufacturers' | 'models'>>,
): SearchRoute[] {
  const noun = stockNoun(site.tenant).plural;
  const { car_types } = site.tenant.stock;
  const routes: SearchRoute[] = [];
  const taken = new Set<string>();
  const add = (route: Omit<SearchRoute, 'description'> & { description?: string }) => {
    if (taken.has(route.path)) return;
    taken.add(route.path);
    routes.push({
      description: `Browse ${route.heading.toLowerCase()} for sale at ${site.tenant.name}.`,
      ...route,
    });
  };

  add({ path: ALL_CARS_PATH, heading: `New, Used and Demo ${noun}`, refinements: {} });
  add({ path: '/search/new-cars', heading: `New ${noun}`, refinements: { car_type: ['new'] } });
  add({ path: '/search/demo-cars', heading: `Demo ${noun}`, refinements: { car_type: ['demo'] } });
  add({ path: '/search/used-cars', heading: `Used ${noun}`, refinements: { car_type: ['used'] } });
  add({
    path: '/search/new-and-demo-cars',
    heading: `New and Demo ${noun}`,
    refinements: { car_type: ['new', 'demo'] },
  });
  void car_types; // every car-type route exists (an empty one shows the SPEC empty state)

  for (const body of stockBodyTypes(site)) {
    const label = BODY_TYPES[body.id as BodyTypeId];
    add({
      path: bodySearchPath(body.id),
      heading: `${label} ${noun}`,
      refinements: { body: [label] },
    });
  }

  const makes = new Map<string, Set<string>>();
  for (const car of site.cars) {
    if (!makes.has(car.make)) makes.set(car.make, new Set());
    makes.get(car.make)!.add(car.model);
  }
  const makeRoute = (make: string) =>
    add({ path: makeSearchPath(make), heading: `${make} ${noun}`, refinements: { make: [make] } });
  const modelRoute = (make: string, model: string) =>
    add({
      path: modelSearchPath(make, model),
      heading: `${make} ${model} ${noun}`,
      refinements: { make: [make], model: [model] },
    });
  for (const [make, models] of [...makes].sort((a, b) => a[0].localeCompare(b[0]))) {
    makeRoute(make);
    for (const model of [...models].sort()) modelRoute(make, model);
  }
  // The brand grid and the model pages link every brand and model the site shows ('View Stock'):
  // one with nothing in stock today gets its page too, which says there are no results.
  for (const brand of site.manufacturers ?? []) makeRoute(brand.name);
  for (const model of site.models ?? []) {
    const make = model.manufacturer_name ?? site.tenant.name;
    makeRoute(make);
    modelRoute(make, model.name);
  }

  const names = dealershipNames(site);
  const dealerships = new Set(
    site.cars.map((car) => car.dealership_slug).filter((slug): slug is string => Boolean(slug)),
  );
  for (const slug of [...dealerships].sort()) {
    const name = names.get(slug);
    if (name)
      add({
        path: `/search/${slugify(slug)}`,
        heading: `${noun} at ${name}`,
        refinements: { dealership_name: [name] },
      });
  }

  const locations = new Map<string, string>();
  for (const car of site.cars)
    if (car.location?.name) locations.set(locationSlug(car.location), car.location.name);
  // Every location card links to 'View Our Stock': a location with nothing listed today (a buying
  // centre, a yard between deliveries) gets its page too, which says there are no results.
  for (const location of site.locations)
    if (location.name && !locations.has(locationSlug(location)))
      locations.set(locationSlug(location), location.name);
  for (const [slug, name] of [...locations].sort((a, b) => a[0].localeCompare(b[0]))) {
    add({
      path: `/search/${slug}`,
      heading: `${noun} at ${name}`,
      refinements: { location_name: [name] },
    });
  }
  return routes;
}
