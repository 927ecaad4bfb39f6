import type { Car, CarType, Location } from '../feeds/schemas';
import { bodyLabel } from '../domain/body-types';
import { hasPrice } from '../domain/price-display';
import { isAvailable } from '../domain/stock';
import { carPath } from '../site/paths';
import { canonicalUrl } from '../site/seo';
import { imageUrl, imageUrlContext } from '../domain/images/image-url';
import type { Tenant } from '../tenant/schema';
import type { Syndication } from '../tenant/schema/syndication';

/** What the feed writers need of a site: its tenant settings and its locations. */
export interface SyndicationSite {
  tenant: { name: string; url: string; syndication: Syndication } & Pick<
    Tenant,
    'images' | 'feeds' | 'media_hosts'
  >;
  locations: Location[];
}

/** Both programmes ask for photos of at least 800x600 and take JPEG, PNG or GIF (not WebP or AVIF). */
export const FEED_IMAGE_WIDTH = 1600;

/**
 * A photo's link in the feeds. Through an image CDN it is asked for as a JPEG at most 1600 px wide
 * (a dealer's 6000 px original would be fetched whole otherwise). The embedded resizer picks its
 * format from the fetcher's Accept header, which a programme's crawler may set to WebP, so its
 * tenants' feeds link the original.
 */
function feedImageUrls(car: Pick<Car, 'images'>, tenant: SyndicationSite['tenant']): string[] {
  const context = tenant.images.provider === 'embedded' ? undefined : imageUrlContext(tenant);
  return car.images.flatMap((item) => {
    const sized = context
      ? imageUrl(context, item.image.url, FEED_IMAGE_WIDTH, { format: 'jpeg' })
      : item.image.url;
    const url = sized === undefined ? undefined : absoluteUrl(tenant.url, sized);
    return url === undefined ? [] : [url];
  });
}

export interface DealerAddress {
  street?: string;
  city?: string;
  region?: string;
  postcode?: string;
  country: 'AU';
}

/** One car as both programmes see it: every value a plain, absolute, trimmed string or number. */
export interface Listing {
  /** Our stock number (the feed's stocknum, else its id). */
  id: string;
  vin?: string;
  storeCode: string;
  dealershipName: string;
  address: DealerAddress;
  phone?: string;
  price?: number;
  condition: CarType;
  certified: boolean;
  title: string;
  description: string;
  make: string;
  model: string;
  trim?: string;
  year: number;
  km?: number;
  body?: string;
  colour?: string;
  transmission?: string;
  fuel?: string;
  drivetrain?: string;
  link: string;
  images: string[];
  /** YYYY-MM-DD. */
  dateInStock?: string;
}

/** The cars a feed carries: for sale now (not sold, not coming soon without a price) and not of an excluded type. */
export function carsForSale(
  cars: readonly Car[],
  syndication: Pick<Syndication, 'exclude_car_types'>,
): Car[] {
  return cars.filter(
    (car) =>
      isAvailable(car) &&
      car.show_on_dealer_website !== false &&
      !syndication.exclude_car_types.includes(car.car_type),
  );
}

function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : undefined;
}

/** Characters a URL may carry as they are (RFC 3986); a URL of only these needs no parsing. */
const PLAIN_URL = /^[A-Za-z0-9\-._~:/?#[\]@!$&()*+,;=%]*$/;

/** A feed URL made absolute against the site; anything but http(s) is dropped. */
export function absoluteUrl(siteUrl: string, url: string): string | undefined {
  // The common cases without the URL parser (12 photos x 10,000 cars): a plain site path or https URL.
  if (PLAIN_URL.test(url)) {
    if (url.startsWith('/') && !url.startsWith('//')) return siteUrl.replace(/\/+$/, '') + url;
    if (/^https?:\/\/[A-Za-z0-9.-]+(?:[:/?#]|$)/.test(url)) return url;
  }
  try {
    const absolute = new URL(url, siteUrl.replace(/\/*$/, '/'));
    return absolute.protocol === 'https:' || absolute.protocol === 'http:'
      ? absolute.href
      : undefined;
  } catch {
    return undefined;
  }
}

function carLocation(car: Car, locations: readonly Location[]) {
  const id = car.location?.id ?? car.location_id ?? undefined;
  return {
    id,
    full: id === undefined ? undefined : locations.find((location) => location.id === id),
  };
}

export function toListing(car: Car, site: SyndicationSite): Listing {
  const { tenant } = site;
  const { id: locationId, full } = carLocation(car, site.locations);
  const embedded = car.location?.address;
  const address: DealerAddress = {
    street: text(full?.address?.street ?? embedded?.street),
    city: text(full?.address?.city ?? embedded?.city ?? car.city),
    region: text(full?.address?.state ?? embedded?.state ?? car.state),
    postcode: text(full?.address?.postcode ?? embedded?.postcode),
    country: 'AU',
  };
  const storeCode =
    locationId === undefined
      ? tenant.url
      : (tenant.syndication.store_codes[locationId] ?? locationId);
  const images = feedImageUrls(car, tenant);
  const created = car.created_at?.match(/^\d{4}-\d{2}-\d{2}/)?.[0];
  return {
    id: text(car.stocknum) ?? car.id,
    vin: text(car.vin)?.toUpperCase(),
    storeCode,
    dealershipName: text(full?.name ?? car.location?.name) ?? tenant.name,
    address,
    phone: text(
      full?.contact_detail.phone ?? full?.contact_detail.landline_phone ?? car.location?.phone,
    ),
    price: hasPrice(car.price) ? car.price : undefined,
    condition: car.car_type,
    certified: car.certified === true,
    title: text(car.name) ?? `${car.year} ${car.make} ${car.model}`,
    description:
      text(car.dealercomments)?.slice(0, 5000) ??
      text(car.name) ??
      `${car.year} ${car.make} ${car.model}`,
    make: car.make.trim(),
    model: car.model.trim(),
    trim: text(car.badge),
    year: car.year,
    km:
      typeof car.km === 'number' && Number.isFinite(car.km) && car.km >= 0
        ? Math.round(car.km)
        : undefined,
    // simple_body is the feed's normalised family (an SUV's body is often "4D Wagon"); body is the fallback.
    body: text(bodyLabel(car.simple_body) ?? bodyLabel(car.body)),
    colour: text(car.colour),
    transmission: text(car.simple_transmission ?? car.trans),
    fuel: text(car.simple_fuel ?? car.fuel),
    drivetrain: text(car.simple_drive ?? car.drive),
    link: canonicalUrl(tenant.url, carPath(car)),
    images,
    dateInStock: created,
  };
}

/** The address on one line, as Google's dealership_address wants it: street, city, state postcode, country. */
export function addressLine(address: DealerAddress): string | undefined {
  if (!address.city || !address.postcode) return undefined;
  return [
    address.street,
    address.city,
    [address.region, address.postcode].filter(Boolean).join(' '),
    address.country,
  ]
    .filter(Boolean)
    .join(', ');
}

/** A 17-character VIN (ISO 3779: no I, O or Q). */
export const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
