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
  const spin = site.cars.find((car) => (car.spin_images?.length ?? 0) > 1);
  if (spin) urls.push({ type: 'vehicle (360 spin)', path: `/cars/${spin.slug}` });
  const comingSoon = site.cars.find((car) => car.status === 'coming_soon');
  if (comingSoon) urls.push({ type: 'vehicle (coming soon)', path: `/cars/${comingSoon.slug}` });
  if (site.cars[0]) urls.push({ type: 'print view', path: `/print?car_id=${site.cars[0].slug}` });
  urls.push({ type: 'not found', path: '/no-such-page' });
  return urls;
}
