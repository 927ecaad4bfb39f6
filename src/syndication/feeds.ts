import type { Car } from '../feeds/schemas';
import { GOOGLE_FEED_PATH, googleFeed, googleProblems } from './google';
import { carsForSale, toListing, type Listing, type SyndicationSite } from './listing';
import { META_FEED_PATH, metaFeed, metaProblems } from './meta';

export interface LeftOut {
  id: string;
  problems: string[];
}

export interface WrittenFeed {
  programme: 'google' | 'meta';
  /** Site path, e.g. /feeds/meta-vehicles.xml. */
  path: string;
  xml: string;
  listed: number;
  leftOut: LeftOut[];
}

const PROGRAMMES = [
  { programme: 'google', path: GOOGLE_FEED_PATH, problems: googleProblems, write: googleFeed },
  { programme: 'meta', path: META_FEED_PATH, problems: metaProblems, write: metaFeed },
] as const;

/**
 * Every feed the tenant turned on, from the cars the site lists: those for sale go in when the
 * programme would accept them; the others are left out with the reasons, for the build summary.
 */
export function syndicationFeeds(cars: readonly Car[], site: SyndicationSite): WrittenFeed[] {
  const enabled = PROGRAMMES.filter(({ programme }) => site.tenant.syndication[programme]);
  if (!enabled.length) return [];
  const listings = carsForSale(cars, site.tenant.syndication).map((car) => toListing(car, site));
  return enabled.map(({ programme, path, problems, write }) => {
    const valid: Listing[] = [];
    const leftOut: LeftOut[] = [];
    for (const listing of listings) {
      const found = problems(listing);
      if (found.length) leftOut.push({ id: listing.id, problems: found });
      else valid.push(listing);
    }
    return { programme, path, xml: write(valid, site.tenant), listed: valid.length, leftOut };
  });
}
