import type { Location } from '../feeds/schemas';
import type { LocationGroup } from './location-blocks';
import { slugify } from './slug';

/**
 * How a site with many locations lists them: a short list on the locator and contact pages, and
 * every location on a page per state and per brand (plain links, so they work without
 * JavaScript). A 62-dealership group listed every card on one page: 1.4 MB of HTML, 60,000 px
 * tall on a phone.
 */

/** Location cards on /dealer-locator and /contact-us (one row on a desktop); the rest are on state and brand pages. */
export const SHORT_LIST_SIZE = 4;

/** Where a state's and a brand's pages live (/dealer-locator/state/nsw, /dealer-locator/brand/kia). */
export const LOCATOR_PATH = '/dealer-locator';

/** Every dealership's marker (src/pages/dealer-locator/dealerships.json.ts), for the nearest search and the map of all locations. */
export const DEALERSHIPS_JSON = `${LOCATOR_PATH}/dealerships.json`;

const STATE_NAMES: Record<string, string> = {
  ACT: 'Australian Capital Territory',
  NSW: 'New South Wales',
  NT: 'Northern Territory',
  QLD: 'Queensland',
  SA: 'South Australia',
  TAS: 'Tasmania',
  VIC: 'Victoria',
  WA: 'Western Australia',
};

export interface BrowsePage<T> {
  /** "New South Wales", "Kia" */
  name: string;
  /** "nsw", "kia" */
  slug: string;
  href: string;
  groups: LocationGroup<T>[];
}

type Located = Pick<Location, 'address' | 'manufacturers'>;

/** A state's full name ("NSW" -> "New South Wales"); an unknown one as the feed spells it. */
export function stateName(state: string): string {
  return STATE_NAMES[state.trim().toUpperCase()] ?? state.trim();
}

/** True when a site has more location groups than the short list shows. */
export function listsByState(groups: LocationGroup<unknown>[]): boolean {
  return groups.length > SHORT_LIST_SIZE;
}

/** The state and brand pages of a site whose locations do not fit the short list; none otherwise. */
export function browsePages<T extends Located>(
  groups: LocationGroup<T>[],
): { states: BrowsePage<T>[]; brands: BrowsePage<T>[] } {
  if (!listsByState(groups)) return { states: [], brands: [] };
  return { states: statePages(groups), brands: brandPages(groups) };
}

/** The groups the locator and contact pages show as cards. */
export function shortList<T>(groups: LocationGroup<T>[]): LocationGroup<T>[] {
  return groups.slice(0, SHORT_LIST_SIZE);
}

/** One page per state a group's main (first) location is in, states in alphabetical order, groups in their given order. */
export function statePages<T extends Located>(groups: LocationGroup<T>[]): BrowsePage<T>[] {
  const byState = new Map<string, LocationGroup<T>[]>();
  for (const group of groups) {
    const state = group.locations[0]?.address.state.trim().toUpperCase();
    if (state) byState.set(state, [...(byState.get(state) ?? []), group]);
  }
  return [...byState]
    .map(([state, members]) => ({
      name: stateName(state),
      slug: slugify(state),
      href: `${LOCATOR_PATH}/state/${slugify(state)}`,
      groups: members,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * One page per brand any location of a group sells, brands in alphabetical order. None when the
 * site sells one brand: a page per brand would repeat the state pages.
 */
export function brandPages<T extends Located>(groups: LocationGroup<T>[]): BrowsePage<T>[] {
  const byBrand = new Map<string, { name: string; groups: LocationGroup<T>[] }>();
  for (const group of groups) {
    const slugs = new Set<string>();
    for (const name of group.locations.flatMap((location) => location.manufacturers)) {
      const slug = slugify(name);
      if (!slug || slugs.has(slug)) continue;
      slugs.add(slug);
      const entry = byBrand.get(slug) ?? { name: name.trim(), groups: [] };
      entry.groups.push(group);
      byBrand.set(slug, entry);
    }
  }
  if (byBrand.size < 2) return [];
  return [...byBrand]
    .map(([slug, { name, groups: members }]) => ({
      name,
      slug,
      href: `${LOCATOR_PATH}/brand/${slug}`,
      groups: members,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
