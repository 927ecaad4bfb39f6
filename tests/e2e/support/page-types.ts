import type { SiteData } from '../../../src/site/types';
import { isAvailable } from '../../../src/domain/stock';
import { groupLocations } from '../../../src/domain/location-blocks';
import { locationSlug } from '../../../src/domain/locations';
import { modelListingPath, modelPath } from '../../../src/site/paths';

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
  urls.push({ type: 'not found', path: '/no-such-page' });
  urls.push({ type: 'dealer locator', path: '/dealer-locator' });
  urls.push({ type: 'contact us', path: '/contact-us' });
  const group = groupLocations(site.locations)[0];
  if (group) urls.push({ type: 'contact location', path: `/contact-us/${group.slug}` });
  if (site.locations[0]) urls.push({ type: 'location', path: `/locations/${locationSlug(site.locations[0])}` });
  if (site.locations[0]) urls.push({ type: 'location details', path: `/our-location/${locationSlug(site.locations[0])}` });
  if (site.models.length) urls.push({ type: 'model range', path: modelListingPath(site.tenant.template) });
  if (site.models[0] && !site.models[0].override_url) urls.push({ type: 'model', path: modelPath(site.models[0], site.tenant.template) });
  urls.push({ type: 'brands', path: '/brands' });
  const brand =
    site.manufacturers[0]?.slug ??
    site.models
      .find((model) => model.manufacturer_name)
      ?.manufacturer_name?.toLowerCase()
      .replace(/[^a-z0-9]+/g, '-');
  if (brand) urls.push({ type: 'brand overview', path: `/${brand}/overview` });
  urls.push({ type: 'special offers', path: '/special-offers' });
  urls.push({ type: 'content page', path: '/about-us' });
  urls.push({ type: 'careers', path: '/careers' });
  return urls;
}
