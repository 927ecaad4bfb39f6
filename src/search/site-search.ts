import { perSite } from '../site/memo';
import { createEngine } from './engine';
import { siteDocuments } from './site-index';

/**
 * The site's search documents and an engine over them, built once per build for every search
 * route page's static first page. (Memoised here, at module level: an Astro component's
 * frontmatter runs again for every page it renders.)
 */
export const siteSearchData = perSite((site) => {
  const docs = siteDocuments(site);
  return {
    docs,
    engine: createEngine(docs, {
      soldDays: site.tenant.stock.include_sold_cars_days,
      now: () => Date.parse(site.builtAt),
    }),
  };
});
