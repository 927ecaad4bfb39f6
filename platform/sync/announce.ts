import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import type { SiteChanges } from '../cdn/changed-files';
import { canonicalUrl } from '../../src/site/seo';
import {
  INDEXNOW_ENDPOINT,
  notifyIndexNow,
  type NotifyOptions,
} from '../../src/syndication/indexnow';
import type { Tenant } from '../../src/tenant/schema';
import { htmlFileToPath } from '../build/html-files';

/**
 * After a sync has swapped in a rebuilt site, tell search engines (IndexNow) which pages changed,
 * so a sold car leaves their results and a new one enters them within minutes instead of at the
 * next crawl. Off unless the tenant file holds an `indexnow_key`.
 */

/** A page marked noindex says so in its first 4 KB (its <head>), as the sitemap reads it. */
function isNoindex(file: string): boolean {
  const head = Buffer.alloc(4096);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    return /<meta name="robots" content="[^"]*noindex/.test(
      head.toString('utf8', 0, readSync(fd, head, 0, head.length, 0)),
    );
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The pages a publish changed, as the site links them: HTML pages whose bytes changed or that are
 * new (not the 404 page, not pages marked noindex), and pages deleted (now a 404, which engines want
 * to know too) that are not under another deleted page (a removed car's checkout goes with it) and
 * not in `malformed` (pages of cars whose record went bad: a feed fault, not a sale, and likely
 * back soon). Files that are not pages (the search index, sitemap, feeds) are left to crawlers.
 */
export function changedPagePaths(
  changes: SiteChanges,
  siteDir: string,
  malformed: readonly string[] = [],
): string[] {
  const isPage = (file: string) => file.endsWith('.html') && file !== '404.html';
  const current = [...changes.changed, ...changes.added]
    .filter((file) => isPage(file) && !isNoindex(path.join(siteDir, file)))
    .map(htmlFileToPath);
  const deleted = new Set(changes.deleted.filter(isPage).map(htmlFileToPath));
  const bad = new Set(malformed);
  const underDeleted = (page: string) => {
    for (let at = page.lastIndexOf('/'); at > 0; at = page.lastIndexOf('/', at - 1))
      if (deleted.has(page.slice(0, at))) return true;
    return false;
  };
  return [
    ...new Set([
      ...current,
      ...[...deleted].filter((page) => !underDeleted(page) && !bad.has(page)),
    ]),
  ].sort();
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
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new Error(`INDEXNOW_ENDPOINT: expected an http(s) URL, got "${endpoint}"`);
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
    return status === 200 || status === 202
      ? `announced ${pages} to IndexNow (${status})`
      : `IndexNow refused ${pages} (HTTP ${status})`;
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message;
    return `${pages} not announced to IndexNow: ${reason}`;
  }
}
