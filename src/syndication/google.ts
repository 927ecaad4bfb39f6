import { addressLine, VIN, type Listing } from './listing';
import { metaBodyStyle, metaFuel } from './meta';
import { element, xmlText } from '../domain/xml-text';

/**
 * Google vehicle listings / vehicle ads: RSS 2.0 with the g: namespace (Merchant Center's XML
 * feed form), attribute names from developers.google.com/vehicle-listings/reference/feed-specification.
 */
export const GOOGLE_FEED_PATH = '/feeds/google-vehicle-listings.xml';

/** Vehicle ads are for passenger cars and utes: not buses, motorhomes, caravans or trailers. */
const NOT_PASSENGER = /\b(?:bus|motorhome|caravan|camper|trailer)\b/i;

/** Why Google would refuse this listing (its required attributes); empty when it is valid. */
export function googleProblems(listing: Listing): string[] {
  const problems: string[] = [];
  // Google checks VINs; only vehicles from before 1981 may carry a shorter chassis number.
  if (!listing.vin) problems.push('no VIN');
  else if (!VIN.test(listing.vin) && !(listing.year < 1981 && /^[A-Z0-9]{5,17}$/.test(listing.vin)))
    problems.push('VIN is not 17 letters and digits');
  if (listing.price === undefined) problems.push('no price (price on application)');
  if (!addressLine(listing.address)) problems.push('no dealership address');
  if (listing.condition !== 'new' && listing.km === undefined)
    problems.push('no kilometres (required for used vehicles)');
  if (listing.body && NOT_PASSENGER.test(listing.body))
    problems.push('not a passenger vehicle (Google takes cars and utes only)');
  return problems;
}

/** new stays new; demo and used are "used": Google takes only new and used, and a demo is registered and driven. */
export function googleCondition(listing: Listing): 'new' | 'used' {
  return listing.condition === 'new' ? 'new' : 'used';
}

const price = (amount: number) => `${amount.toFixed(2)} AUD`;

/** Google's supported body_style values, from the same body families Meta uses; anything else is left out (optional). */
const GOOGLE_BODY: Record<string, string> = {
  CONVERTIBLE: 'convertible',
  COUPE: 'coupe',
  HATCHBACK: 'hatchback',
  MINIVAN: 'minivan',
  TRUCK: 'truck',
  SUV: 'suv',
  SEDAN: 'sedan',
  VAN: 'full size van',
  WAGON: 'station wagon',
};

/** Google's engine values: gasoline, diesel, electric, hybrid (a plug-in hybrid is a hybrid). */
const GOOGLE_ENGINE: Record<string, string> = {
  PETROL: 'gasoline',
  DIESEL: 'diesel',
  ELECTRIC: 'electric',
  HYBRID: 'hybrid',
  PLUGIN_HYBRID: 'hybrid',
};

export const googleBodyStyle = (body: string | undefined) => GOOGLE_BODY[metaBodyStyle(body)];
export const googleEngine = (fuel: string | undefined) => GOOGLE_ENGINE[metaFuel(fuel)];

export function googleItem(listing: Listing): string {
  const [image, ...more] = listing.images;
  return [
    '<item>',
    element('g:id', listing.id),
    element('g:vin', listing.vin),
    element('g:store_code', listing.storeCode),
    element('g:dealership_name', listing.dealershipName),
    element('g:dealership_address', addressLine(listing.address)),
    element('g:tracking_phone_number', listing.phone),
    element('title', listing.title),
    element('g:link', listing.link),
    element('g:image_link', image),
    ...more.slice(0, 10).map((url) => element('g:additional_image_link', url)),
    element('g:date_in_stock', listing.dateInStock),
    element('g:price', listing.price === undefined ? undefined : price(listing.price)),
    element('g:condition', googleCondition(listing)),
    listing.condition === 'new'
      ? ''
      : element('g:certified_pre_owned', listing.certified ? 'yes' : 'no'),
    element('g:make', listing.make),
    element('g:model', listing.model),
    element('g:trim', listing.trim),
    element('g:year', listing.year),
    element('g:mileage', listing.km === undefined ? undefined : `${listing.km} km`),
    element('g:exterior_color', listing.colour),
    element('g:body_style', googleBodyStyle(listing.body)),
    element('g:transmission', listing.transmission),
    element('g:engine', googleEngine(listing.fuel)),
    element('g:drivetrain', listing.drivetrain),
    '</item>',
  ].join('');
}

export function googleFeed(
  listings: readonly Listing[],
  site: { name: string; url: string },
): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>' +
    `<title>${xmlText(site.name)}</title><link>${xmlText(site.url)}</link><description>${xmlText(`Vehicles for sale at ${site.name}`)}</description>\n` +
    listings.map(googleItem).join('\n') +
    '\n</channel></rss>\n'
  );
}
