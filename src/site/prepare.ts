import { selectStock } from '../domain/stock';
import { describeRejected, loadFeed, type RejectedRecord } from '../feeds/load';
import type { FeedName } from '../feeds/schemas';
import type { Tenant } from '../tenant/schema';
import type { SiteData } from './types';

export interface PrepareReport {
  rejected: RejectedRecord[];
  /** Records read per feed, before anything was left out. */
  read: Partial<Record<FeedName, number>>;
  /** Cars of the feed that are not this site's (other dealerships, makes, car types, item types). */
  notSelected: number;
  /** Cars of this site not listed now (sold before the cut-off, hidden from the website). */
  notListed: number;
}

/** Load and validate every feed of a tenant and apply its stock selection at `now`. */
export async function prepareSite(tenant: Tenant, root: string, now: Date): Promise<{ site: SiteData; report: PrepareReport }> {
  const rejected: RejectedRecord[] = [];
  const read: PrepareReport['read'] = {};

  async function feed<N extends FeedName>(name: N) {
    const source = tenant.feeds[name];
    if (!source) return [];
    const result = await loadFeed(name, source, root);
    rejected.push(...result.rejected);
    read[name] = result.records.length + result.rejected.length;
    return result.records;
  }

  const [cars, locations, specialHours, models, reviews, manufacturers, offers] = await Promise.all([
    feed('cars'),
    feed('locations'),
    feed('special_hours'),
    feed('models'),
    feed('reviews'),
    feed('manufacturers'),
    feed('offers'),
  ]);

  const stock = selectStock(cars, tenant.stock, now.getTime());
  const site: SiteData = {
    tenant,
    builtAt: now.toISOString(),
    cars: stock.listed,
    locations: locations.filter((location) => location.visible),
    specialHours,
    models,
    reviews,
    manufacturers,
    offers,
  };
  return { site, report: { rejected, read, notSelected: stock.notSelected, notListed: stock.notListed } };
}

/** Lines describing what was left out, for the build log. */
export function describeReport(report: PrepareReport): string[] {
  return report.rejected.flatMap(describeRejected);
}
