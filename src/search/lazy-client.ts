import type { Tenant } from '../tenant/schema';
import { createEmbeddedClient, withCache, type SearchClient } from './client';

/**
 * The tenant's search client as the browser uses it, shared by the search pages and the vehicle
 * page's similar cars: the backend module loads on the first search (Meilisearch is a separate
 * chunk), and answers are cached by request (SPEC 9 cache size from config).
 */

export type SearchBackend =
  { kind: 'embedded' } | { kind: 'meilisearch'; host: string; searchKey: string; index: string };

export interface BrowserClientOptions {
  backend: SearchBackend;
  soldDays: number;
  cacheSize: number;
}

/** The backend a tenant's pages search (serialisable, written into the page at build time). */
export function searchBackend(tenant: Pick<Tenant, 'search'>): SearchBackend {
  const meilisearch = tenant.search.meilisearch;
  return tenant.search.backend === 'meilisearch' && meilisearch
    ? {
        kind: 'meilisearch',
        host: meilisearch.host,
        searchKey: meilisearch.search_key,
        index: meilisearch.index,
      }
    : { kind: 'embedded' };
}

export function browserClientOptions(
  tenant: Pick<Tenant, 'search' | 'stock'>,
): BrowserClientOptions {
  return {
    backend: searchBackend(tenant),
    soldDays: tenant.stock.include_sold_cars_days,
    cacheSize: tenant.search.cache_size,
  };
}

async function createClient(options: BrowserClientOptions): Promise<SearchClient> {
  if (options.backend.kind === 'meilisearch') {
    const { createMeilisearchClient } = await import('./meilisearch');
    return createMeilisearchClient({ ...options.backend, soldDays: options.soldDays });
  }
  return createEmbeddedClient({ soldDays: options.soldDays });
}

export interface LazySearchClient extends SearchClient {
  /**
   * Start loading the backend (and the embedded index) now, before the first search needs it. A
   * failed load counts as the first failure of the back-off, as a failed search would, unless
   * `quiet` (a load at idle, before anyone searched). Settles true once the engine is loaded.
   */
  warmUp(quiet?: boolean): Promise<boolean>;
  /** The backend answers without a network round trip from now on (the embedded engine, loaded). */
  answersAtOnce(): boolean;
}

export function lazySearchClient(options: BrowserClientOptions): LazySearchClient {
  let inner: Promise<SearchClient> | undefined;
  let created: (SearchClient & { loaded?: () => boolean }) | undefined;
  const backend = () => (inner ??= createClient(options).then((client) => (created = client)));
  const cached = withCache(
    {
      async search(requests) {
        return (await backend()).search(requests);
      },
    },
    options.cacheSize,
  );
  return {
    search: (requests) => cached.search(requests),
    answersAtOnce: () => options.backend.kind === 'embedded' && created?.loaded?.() === true,
    warmUp(quiet = false) {
      return backend()
        .then((client) =>
          'ready' in client && typeof client.ready === 'function' ? client.ready(quiet) : undefined,
        )
        .then(
          () => options.backend.kind === 'embedded',
          () => false,
        );
    },
  };
}

const pageClients = new WeakMap<BrowserClientOptions, LazySearchClient>();

/**
 * The page's one client for these options: the search page's script warms it up at idle and draws
 * early answers with it, and the app searches the same engine (the index is loaded and prepared once).
 */
export function pageSearchClient(options: BrowserClientOptions): LazySearchClient {
  let client = pageClients.get(options);
  if (!client) pageClients.set(options, (client = lazySearchClient(options)));
  return client;
}
