import type { SiteData } from '../../../src/site/types';
import { isAvailable } from '../../../src/domain/stock';

export interface PageTypeUrl {
  type: string;
  path: string;
}

/**
 * One representative URL per page type of a site. The accessibility spec checks each of these
 * with axe, so a new page type is covered by adding it here.
 */
export function pageTypeUrls(site: SiteData): PageTypeUrl[] {
  const urls: PageTypeUrl[] = [{ type: 'home', path: '/' }];
  const available = site.cars.find((car) => isAvailable(car) && car.images.length > 3);
  if (available) urls.push({ type: 'vehicle (available)', path: `/cars/${available.slug}` });
  const sold = site.cars.find((car) => !isAvailable(car));
  if (sold) urls.push({ type: 'vehicle (sold)', path: `/cars/${sold.slug}` });
  urls.push({ type: 'search', path: '/search/new-used-and-demo-cars' });
  urls.push({ type: 'not found', path: '/no-such-page' });
  return urls;
}
