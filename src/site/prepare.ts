import { selectStock } from '../domain/stock';
import {
  describeDropped,
  describeRejected,
  parseFeedBytes,
  readFeedBytes,
  validateFeed,
  type DroppedUrls,
  type RejectedRecord,
} from '../feeds/load';
import type { FeedName } from '../feeds/schemas';
import { feedFetchSettings } from '../feeds/fetch-feed';
import type { Tenant } from '../tenant/schema';
import type { SiteData } from './types';

export interface PrepareReport {
  rejected: RejectedRecord[];
  /** Records kept without their unsafe URLs. */
  dropped: DroppedUrls[];
  /** Records read per feed, before anything was left out. */
  read: Partial<Record<FeedName, number>>;
  /** Cars of the feed that are not this site's (other dealerships, makes, car types, item types). */
  notSelected: number;
  /** Cars of this site not listed now (sold before the cut-off, hidden from the website). */
  notListed: number;
}

const FEED_NAMES: FeedName[] = [
  'cars',
  'locations',
  'special_hours',
  'models',
  'reviews',
  'manufacturers',
  'offers',
];

/** The bytes of each feed a tenant names, read (or fetched) but not yet parsed. */
export type FeedBytes = Partial<Record<FeedName, Uint8Array>>;

/** Bodies of URL feeds already fetched in this run, by URL (a sync judges and builds the same bytes). */
export type FetchedFeeds = ReadonlyMap<string, Uint8Array>;

/**
 * Read every feed of a tenant: URLs within its limits (src/feeds/fetch-feed.ts), unless `fetched`
 * holds the body already. Cheap next to parsing and validating them (prepareFeeds).
 */
export async function readFeeds(
  tenant: Tenant,
  root: string,
  { fetched, log }: { fetched?: FetchedFeeds; log?: (line: string) => void } = {},
): Promise<FeedBytes> {
  const fetch = feedFetchSettings(tenant);
  const entries = await Promise.all(
    FEED_NAMES.map(async (name) => {
      const source = tenant.feeds[name];
      if (!source) return [name, undefined] as const;
      return [
        name,
        fetched?.get(source) ?? (await readFeedBytes(name, source, root, { fetch, log })),
      ] as const;
    }),
  );
  return Object.fromEntries(entries.filter(([, bytes]) => bytes !== undefined));
}

/** Parse and validate feeds already read, and apply the tenant's stock selection at `now`. */
export function prepareFeeds(
  tenant: Tenant,
  feeds: FeedBytes,
  now: Date,
): { site: SiteData; report: PrepareReport } {
  const rejected: RejectedRecord[] = [];
  const dropped: DroppedUrls[] = [];
  const read: PrepareReport['read'] = {};

  function feed<N extends FeedName>(name: N) {
    const source = tenant.feeds[name];
    const bytes = feeds[name];
    if (!source || bytes === undefined) return [];
    const result = validateFeed(name, parseFeedBytes(name, source, bytes), source);
    rejected.push(...result.rejected);
    dropped.push(...result.dropped);
    read[name] = result.records.length + result.rejected.length;
    return result.records;
  }

  const cars = feed('cars');
  const stock = selectStock(cars, tenant.stock, now.getTime());
  const site: SiteData = {
    tenant,
    builtAt: now.toISOString(),
    cars: stock.listed,
    locations: feed('locations').filter((location) => location.visible),
    specialHours: feed('special_hours'),
    models: feed('models'),
    reviews: feed('reviews'),
    manufacturers: feed('manufacturers'),
    offers: feed('offers'),
  };
  return {
    site,
    report: { rejected, dropped, read, notSelected: stock.notSelected, notListed: stock.notListed },
  };
}

/** Load and validate every feed of a tenant and apply its stock selection at `now`. */
export async function prepareSite(
  tenant: Tenant,
  root: string,
  now: Date,
): Promise<{ site: SiteData; report: PrepareReport }> {
  return prepareFeeds(tenant, await readFeeds(tenant, root), now);
}

/** Lines describing what was left out, for the build log. */
export function describeReport(report: PrepareReport): string[] {
  return [...report.rejected.flatMap(describeRejected), ...report.dropped.flatMap(describeDropped)];
}
