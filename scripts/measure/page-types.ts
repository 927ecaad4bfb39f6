import type { SiteData } from '../../src/site/types';
import { isAvailable } from '../../src/domain/stock';
import { leadPageGate } from '../../src/domain/accounts';
import { groupLocations } from '../../src/domain/location-blocks';
import { browsePages } from '../../src/domain/location-browse';
import { locationSlug } from '../../src/domain/locations';
import { modelListingPath, modelPath } from '../../src/site/paths';

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
  const spin = site.cars.find((car) => (car.spin_images?.length ?? 0) > 1);
  if (spin) urls.push({ type: 'vehicle (360 spin)', path: `/cars/${spin.slug}` });
  const comingSoon = site.cars.find((car) => car.status === 'coming_soon');
  if (comingSoon) urls.push({ type: 'vehicle (coming soon)', path: `/cars/${comingSoon.slug}` });
  if (site.cars[0]) urls.push({ type: 'print view', path: `/print?car_id=${site.cars[0].slug}` });
  urls.push({ type: 'not found', path: '/no-such-page' });
  urls.push(
    { type: 'lead sent (success)', path: '/success' },
    { type: 'book a test drive', path: '/book-test-drive/' },
  );
  // Sites that gate these behind sign-in send a signed-out visitor to /sign-in (checked there).
  if (!leadPageGate('/trade-in', site.tenant.features.sign_in_gated))
    urls.push({ type: 'trade-in', path: '/trade-in' });
  if (!leadPageGate('/finance', site.tenant.features.sign_in_gated))
    urls.push({ type: 'finance enquiry', path: '/finance' });
  urls.push({ type: 'dealer locator', path: '/dealer-locator' });
  urls.push({ type: 'contact us', path: '/contact-us' });
  // A large group's locator links to every location by state and brand: the heaviest of each.
  const { states, brands } = browsePages(groupLocations(site.locations));
  const largest = <T extends { groups: unknown[] }>(pages: T[]) =>
    pages.reduce<T | undefined>(
      (best, page) => (page.groups.length > (best?.groups.length ?? 0) ? page : best),
      undefined,
    );
  const statePage = largest(states);
  if (statePage) urls.push({ type: 'locator state', path: statePage.href });
  const brandPage = largest(brands);
  if (brandPage) urls.push({ type: 'locator brand', path: brandPage.href });
  const group = groupLocations(site.locations)[0];
  if (group) urls.push({ type: 'contact location', path: `/contact-us/${group.slug}` });
  if (site.locations[0])
    urls.push({ type: 'location', path: `/locations/${locationSlug(site.locations[0])}` });
  if (site.locations[0])
    urls.push({
      type: 'location details',
      path: `/our-location/${locationSlug(site.locations[0])}`,
    });
  if (site.models.length)
    urls.push({ type: 'model range', path: modelListingPath(site.tenant.template) });
  if (site.models[0] && !site.models[0].override_url)
    urls.push({ type: 'model', path: modelPath(site.models[0], site.tenant.template) });
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
  urls.push(...accountPageUrls(site, available)); // accounts
  return urls;
}

/** Account pages (sign-in, garage, reserve, ...) that open without signing in on this site; gated ones redirect to sign-in. */
function accountPageUrls(site: SiteData, car: SiteData['cars'][number] | undefined): PageTypeUrl[] {
  const gated = site.tenant.features.sign_in_gated;
  const urls: PageTypeUrl[] = [
    { type: 'sign-in', path: '/sign-in?type=watchlist&redirect=/&back=/' },
    { type: 'checkout journey', path: '/checkout-journey' },
  ];
  if (!gated.includes('my-garage')) urls.push({ type: 'my garage', path: '/my-garage' });
  if (!gated.includes('spin-to-win')) urls.push({ type: 'spin to win', path: '/spin-to-win' });
  if (!gated.includes('online-payment'))
    urls.push({ type: 'online payment', path: '/online-payment' });
  if (car && site.tenant.features.reserve && !car.reserved && !gated.includes('checkout'))
    urls.push({ type: 'reserve checkout', path: `/cars/${car.slug}/checkout` });
  return urls;
}
