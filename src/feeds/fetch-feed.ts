import type { Tenant } from '../tenant/schema';
import { guardedFetch, type GuardedFetchOptions, type GuardedResponse } from '../net/guarded-fetch';
import { isUrlSource } from './roots';
import { FEED_NAMES } from './schemas';
import { SyncSchema } from '../tenant/schema/sync';

/** How a tenant's URL feeds are fetched: its size and time limits, and the hosts it names itself. */
export type FeedFetchSettings = Omit<GuardedFetchOptions, 'headers'>;

export function feedFetchSettings(tenant: Pick<Tenant, 'sync' | 'feeds'>): FeedFetchSettings {
  const hosts = FEED_NAMES.flatMap((name) => {
    const source = tenant.feeds[name];
    return typeof source === 'string' && isUrlSource(source) && URL.canParse(source)
      ? [new URL(source).hostname]
      : [];
  });
  return {
    maxBytes: tenant.sync.max_feed_megabytes * 1024 * 1024,
    totalTimeoutMs: tenant.sync.feed_timeout_seconds * 1000,
    idleTimeoutMs: tenant.sync.feed_idle_seconds * 1000,
    // A feed host may redirect to another of the tenant's own feed hosts, wherever they are.
    trustedHosts: hosts,
  };
}

/** The limits of a tenant that sets none (the schema's defaults); the URL's own host is trusted as always. */
export const DEFAULT_FEED_FETCH: FeedFetchSettings = feedFetchSettings({
  sync: SyncSchema.parse({}),
  feeds: { cars: '', locations: '' },
});

/** GET one feed URL within the tenant's limits; a FetchProblem says why not. */
export function fetchFeed(
  url: string,
  settings: FeedFetchSettings,
  headers: Record<string, string> = {},
): Promise<GuardedResponse> {
  return guardedFetch(url, { ...settings, headers: { accept: 'application/json', ...headers } });
}

/** "feeds.cars: answered from https://cdn.example.com/cars.json" when the answer came from elsewhere. */
export function redirectNote(feed: string, configured: string, final: string): string | undefined {
  return final !== configured && final !== new URL(configured).href
    ? `feeds.${feed} (${configured}): answered from ${final} after redirects`
    : undefined;
}
