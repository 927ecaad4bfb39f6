import { createHash } from 'node:crypto';
import type { SearchDocument } from '../../src/search/document';
import {
  matchesFilters,
  refinementFilters,
  type RefinementFilters,
} from '../../src/search/freshness';
import { usefulFacets } from '../../src/search/page-config';
import { searchRoutes, siteDocuments, type SearchRoute } from '../../src/search/site-index';
import { ALL_CARS_PATH } from '../../src/search/url-codec';
import type { SiteData } from '../../src/site/types';

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The page path (as a partial render lists it: no trailing slash) of each search route page, and /cars. */
const pagePath = (route: SearchRoute) => route.path.replace(/\/+$/, '');

/** What the stock filter reads of a car (SPEC 7: status, sold date, shown on the site). */
const stockFields = (doc: SearchDocument) => [
  doc.status,
  doc.sold ?? null,
  doc.sold_date_timestamp ?? null,
  doc.show_on_dealer_website ?? null,
];

/**
 * What each search route page (and /cars, the all-stock route at its own address) is rendered
 * from besides what every page shares (`shared`, which holds the build time, so the sold cut-off):
 * the route; every car it matches, whatever its status (its results, facet counts, price range,
 * page links and sold cars' cut-offs are all drawn from those); and, for each field the route
 * filters on, that field's counts over the cars the route's other filters match (a disjunctive
 * facet counts cars outside the results: /search/toyota's Make list counts every make), as each
 * car's value and what the stock filter reads of it. A car whose price changes re-renders only the
 * routes it is in. `carKeys` are the cars' record digests (pageKeys), by slug.
 * Which facets the site shows is read from all its documents: it is part of every route's key.
 */
export function searchPageKeys(
  site: SiteData,
  shared: string,
  carKeys: Record<string, string>,
): Record<string, string> {
  const docs = siteDocuments(site);
  const slugs = site.cars.map((car) => car.slug);
  const facets = JSON.stringify(usefulFacets(docs));
  /** Field -> value -> the positions of the documents holding it, built as routes ask. */
  const byValue = new Map<string, Map<string, number[]>>();
  const positionsOf = (field: string) => {
    let index = byValue.get(field);
    if (!index) {
      byValue.set(field, (index = new Map()));
      docs.forEach((doc, position) => {
        const value = (doc as unknown as Record<string, unknown>)[field];
        for (const item of Array.isArray(value) ? value : value == null ? [] : [value]) {
          const list = index!.get(String(item));
          if (list) list.push(position);
          else index!.set(String(item), [position]);
        }
      });
    }
    return index;
  };
  /** The positions, in document order, of the documents matching every refinement. */
  const matching = (refinements: RefinementFilters): number[] => {
    if (!refinements.length) return docs.map((_, position) => position);
    const [field, values] = refinements[0]!;
    const index = positionsOf(field);
    const candidates = [...new Set(values.flatMap((value) => index.get(value) ?? []))].sort(
      (a, b) => a - b,
    );
    return candidates.filter((position) => matchesFilters(docs[position]!, refinements));
  };
  const counted = new Map<string, string>();
  /** The digest of a field's values and stock fields over the cars some refinements match (shared by routes with the same others). */
  const countsOver = (field: string, others: RefinementFilters) => {
    const id = JSON.stringify([field, others]);
    let value = counted.get(id);
    if (value === undefined) {
      const parts = matching(others).map((position) => {
        const doc = docs[position]!;
        return JSON.stringify([
          (doc as unknown as Record<string, unknown>)[field] ?? null,
          ...stockFields(doc),
        ]);
      });
      counted.set(id, (value = digest(parts.join('\n'))));
    }
    return value;
  };

  const keys: Record<string, string> = {};
  for (const route of searchRoutes(site)) {
    const refinements = refinementFilters(route.refinements);
    const cars = matching(refinements).map(
      (position) => `${slugs[position]} ${carKeys[slugs[position]!]}`,
    );
    const disjunctive = refinements.map(([field]) =>
      countsOver(
        field,
        refinements.filter(([other]) => other !== field),
      ),
    );
    const key = digest(JSON.stringify([shared, facets, route, disjunctive, cars]));
    keys[pagePath(route)] = key;
    if (route.path === ALL_CARS_PATH) keys['/cars'] = key;
  }
  return keys;
}
