import type { CardContext } from './card-context';
import { imageUrlContext } from '../domain/images/image-url';
import { tagSettings } from '../domain/tags';
import { stockNoun } from '../site/stock-noun';
import { perObject } from '../site/memo';
import type { SiteData } from '../site/types';
import type { Promos } from '../tenant/schema/promos';
import type { SearchDocument } from './document';
import { searchBackend, type SearchBackend } from './lazy-client';
import { PRICE_QUICK_PICKS } from './price';
import { REFINEMENT_FIELDS } from './state';
import { CAR_TYPE_ROUTES, type RouteBase } from './url-codec';

/** Everything the search island needs, built at build time and passed as one serialisable prop. */
export interface SearchPageConfig {
  /** The route this page was rendered for. */
  path: string;
  /** Routes the island may write URLs under: this page's and the car-type routes. */
  routes: RouteBase[];
  hitsPerPage: number;
  /** Search answers the browser keeps (SPEC 9 "cache size ... from config"). */
  cacheSize: number;
  cardsPerRow: 3 | 4;
  attributes: string[];
  /** Suggestions offered under the price fields (SPEC 5 quick picks). */
  priceQuickPicks: readonly number[];
  card: CardContext;
  favourites: boolean;
  promos: Promos;
  soldDays: number;
  backend: SearchBackend;
  noun: { singular: string; plural: string };
  clearFiltersUrl: string;
  /** Facets worth showing on this site (a dealer with one dealership gets no dealership facet). */
  facets: string[];
}

/** The facet scan of usefulFacets, done once per documents array. */
const scanFacets = perObject((docs: SearchDocument[]): string[] =>
  REFINEMENT_FIELDS.filter((field) => {
    const values = new Set<string>();
    for (const doc of docs) {
      const value = (doc as unknown as Record<string, unknown>)[field];
      if (Array.isArray(value)) value.forEach((item) => values.add(String(item)));
      else if (value != null) values.add(String(value));
      if (values.size > 1) return true;
    }
    return ['car_type', 'make', 'model'].includes(field) && values.size > 0;
  }),
);

/**
 * Facets with at least two values in stock (or one, for the route's own filter), in panel order.
 * Every search page of a site asks with the same documents; the scan (all of them, for a field with
 * one value) is done once.
 */
export function usefulFacets(docs: SearchDocument[]): string[] {
  return [...scanFacets(docs)];
}

export function searchPageConfig(
  site: SiteData,
  route: RouteBase,
  docs: SearchDocument[],
): SearchPageConfig {
  const { tenant } = site;
  const routes = [route, ...CAR_TYPE_ROUTES.filter((candidate) => candidate.path !== route.path)];
  const backend = searchBackend(tenant);
  return {
    path: route.path,
    routes,
    hitsPerPage: tenant.search.hits_per_page,
    cacheSize: tenant.search.cache_size,
    cardsPerRow: tenant.search.cards_per_row,
    attributes: tenant.search.card_attributes,
    priceQuickPicks: PRICE_QUICK_PICKS[tenant.search.price_quick_picks],
    card: {
      nowMs: Date.parse(site.builtAt),
      tags: tagSettings(tenant),
      labels: {
        finance_button: tenant.labels.finance_button,
        reserve_button: tenant.labels.reserve_button,
      },
      links: { test_drive: tenant.links.test_drive, finance: tenant.links.finance },
      features: {
        reserve: tenant.features.reserve,
        personalised_finance: tenant.features.personalised_finance,
        compare: tenant.features.compare,
      },
      images: imageUrlContext(tenant),
    },
    favourites: tenant.features.favourites,
    promos: tenant.promos,
    soldDays: tenant.stock.include_sold_cars_days,
    backend,
    noun: stockNoun(tenant),
    clearFiltersUrl: tenant.links.clear_filters,
    facets: usefulFacets(docs),
  };
}
