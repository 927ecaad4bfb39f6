import type { APIRoute } from 'astro';
import { getSite } from '../site/data';
import { siteSearchData } from '../search/site-search';
import { encodeIndex } from '../search/index-file';

/**
 * The embedded search engine's data: the tenant's listed cars as search documents, written to
 * dist/<slug>/search-index.json and fetched by the search island on its first search.
 */
export const GET: APIRoute = () => {
  const site = getSite();
  return new Response(JSON.stringify(encodeIndex(siteSearchData(site).docs, site.builtAt)), {
    headers: { 'Content-Type': 'application/json' },
  });
};
