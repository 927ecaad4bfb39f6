import { canonicalUrl } from '../../../src/site/seo';
import { INDEXNOW_ENDPOINT, notifyIndexNow, type NotifyOptions } from '../../../src/syndication/indexnow';
import type { Tenant } from '../../../src/tenant/schema';
import type { StockChanges, StockState } from './diff';

/**
 * After a sync has swapped in a rebuilt site, tell search engines (IndexNow) which car pages
 * changed, so a sold car leaves their results and a new one enters them within minutes instead of
 * at the next crawl. Off unless the tenant file holds an `indexnow_key`.
 */

/** Car pages a sync changed: added, sold, reserved, repriced, with other details or status changed, and removed (now a 404, which engines want to know too). */
export function changedCarPaths(changes: StockChanges, before: StockState, after: StockState): string[] {
  const current = [...changes.added, ...changes.sold, ...changes.reserved, ...changes.priceChanged, ...changes.detailsChanged, ...changes.statusChanged].map(
    (id) => after[id]?.path,
  );
  const gone = changes.removed.map((id) => before[id]?.path);
  return [...new Set([...current, ...gone].filter((path): path is string => path !== undefined))].sort();
}

/**
 * Where announcements go: IndexNow's shared endpoint, `INDEXNOW_ENDPOINT` to send them elsewhere
 * (a local receiver in tests, a search engine's own endpoint), `INDEXNOW=off` to stop them (a
 * staging copy of a live dealer's tenant file must not speak for its site).
 */
export function indexNowEndpoint(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.INDEXNOW === 'off') return undefined;
  const endpoint = env.INDEXNOW_ENDPOINT?.trim();
  if (!endpoint) return INDEXNOW_ENDPOINT;
  const url = URL.canParse(endpoint) ? new URL(endpoint) : undefined;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new Error(`INDEXNOW_ENDPOINT: expected an http(s) URL, got "${endpoint}"`);
  return url.href;
}

/**
 * Announce `paths` of the tenant's site. Resolves with the words for the sync's summary line
 * ("announced 3 pages to IndexNow (202)"), or undefined when there was nothing to do. A failed
 * announcement is reported, never thrown: the site is already live and the next crawl catches up.
 */
export async function announceChanges(
  tenant: Pick<Tenant, 'url' | 'syndication'>,
  paths: readonly string[],
  options: NotifyOptions & { env?: NodeJS.ProcessEnv } = {},
): Promise<string | undefined> {
  const key = tenant.syndication.indexnow_key;
  if (!key || !paths.length) return undefined;
  let endpoint: string | undefined;
  try {
    endpoint = options.endpoint ?? indexNowEndpoint(options.env);
  } catch (error) {
    return `not announced to IndexNow: ${(error as Error).message}`;
  }
  if (!endpoint) return undefined;
  const pages = paths.length === 1 ? '1 page' : `${paths.length} pages`;
  try {
    const status = await notifyIndexNow(
      tenant.url,
      key,
      paths.map((path) => canonicalUrl(tenant.url, path)),
      { ...options, endpoint },
    );
    if (status === undefined) return undefined;
    return status === 200 || status === 202 ? `announced ${pages} to IndexNow (${status})` : `IndexNow refused ${pages} (HTTP ${status})`;
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message;
    return `${pages} not announced to IndexNow: ${reason}`;
  }
}
