import { VIN, type Listing } from './listing';
import { element, xmlText } from '../domain/xml-text';

/**
 * Meta automotive inventory catalog (vehicles), XML form: <listings><listing>, field names from
 * developers.facebook.com/docs/marketing-api/auto-ads/reference.
 */
export const META_FEED_PATH = '/feeds/meta-vehicles.xml';

/** Why Meta would refuse this listing (its required fields); empty when it is valid. */
export function metaProblems(listing: Listing): string[] {
  const problems: string[] = [];
  if (!listing.vin) problems.push('no VIN');
  else if (!VIN.test(listing.vin)) problems.push('VIN is not exactly 17 letters and digits');
  if (listing.price === undefined) problems.push('no price (price on application)');
  if (!listing.images.length) problems.push('no image');
  if (!listing.address.city || !listing.address.region || !listing.address.postcode)
    problems.push('no dealership address');
  return problems;
}

/** Meta's state_of_vehicle takes NEW, USED or CPO: a demo is sold as used. */
export function metaState(listing: Listing): 'NEW' | 'USED' | 'CPO' {
  if (listing.condition === 'new') return 'NEW';
  return listing.certified ? 'CPO' : 'USED';
}

const BODY_STYLES: [RegExp, string][] = [
  [/convertible|cabrio|roadster|soft ?top/i, 'CONVERTIBLE'],
  [/coupe/i, 'COUPE'],
  [/hatch/i, 'HATCHBACK'],
  [/people ?mover|minivan/i, 'MINIVAN'],
  [/ute|utility|cab ?chassis|pick ?up|truck/i, 'TRUCK'],
  [/suv|4x4/i, 'SUV'],
  [/sedan/i, 'SEDAN'],
  [/van/i, 'VAN'],
  [/wagon/i, 'WAGON'],
];

/** Meta's body_style enum: CONVERTIBLE, COUPE, HATCHBACK, MINIVAN, TRUCK, SUV, SEDAN, VAN, WAGON, CROSSOVER or OTHER. */
export function metaBodyStyle(body: string | undefined): string {
  return BODY_STYLES.find(([pattern]) => body && pattern.test(body))?.[1] ?? 'OTHER';
}

export function metaTransmission(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return /manual/i.test(value) ? 'MANUAL' : 'AUTOMATIC';
}

export function metaFuel(value: string | undefined): string {
  if (!value) return 'OTHER';
  if (/plug/i.test(value)) return 'PLUGIN_HYBRID';
  if (/hybrid/i.test(value)) return 'HYBRID';
  if (/electric|\bev\b/i.test(value)) return 'ELECTRIC';
  if (/diesel/i.test(value)) return 'DIESEL';
  if (/petrol|unleaded|gasoline/i.test(value)) return 'PETROL';
  return 'OTHER';
}

export function metaDrivetrain(value: string | undefined): string {
  if (!value) return 'OTHER';
  if (/awd|all/i.test(value)) return 'AWD';
  if (/4x4|4wd|four/i.test(value)) return '4X4';
  if (/fwd|front/i.test(value)) return 'FWD';
  if (/rwd|rear/i.test(value)) return 'RWD';
  if (/4x2|2wd/i.test(value)) return '4X2';
  return 'OTHER';
}

export function metaListing(listing: Listing): string {
  const { address } = listing;
  return [
    '<listing>',
    element('vehicle_id', listing.id),
    element('vin', listing.vin),
    element('title', listing.title),
    element('description', listing.description),
    element('url', listing.link),
    element('make', listing.make),
    element('model', listing.model),
    element('trim', listing.trim),
    element('year', listing.year),
    `<mileage>${element('value', listing.km ?? 0)}<unit>KM</unit></mileage>`,
    ...listing.images.slice(0, 20).map((url) => `<image>${element('url', url)}</image>`),
    element('body_style', metaBodyStyle(listing.body)),
    element('exterior_color', listing.colour ?? 'Other'),
    element('transmission', metaTransmission(listing.transmission)),
    element('fuel_type', metaFuel(listing.fuel)),
    element('drivetrain', metaDrivetrain(listing.drivetrain)),
    element('price', listing.price === undefined ? undefined : `${listing.price.toFixed(2)} AUD`),
    element('state_of_vehicle', metaState(listing)),
    element('availability', 'AVAILABLE'),
    element('date_first_on_lot', listing.dateInStock),
    element('dealer_id', listing.storeCode),
    element('dealer_name', listing.dealershipName),
    element('dealer_phone', listing.phone),
    '<address format="simple">',
    address.street ? `<component name="addr1">${xmlText(address.street)}</component>` : '',
    `<component name="city">${xmlText(address.city ?? '')}</component>`,
    `<component name="region">${xmlText(address.region ?? '')}</component>`,
    `<component name="postal_code">${xmlText(address.postcode ?? '')}</component>`,
    '<component name="country">AU</component>',
    '</address>',
    '</listing>',
  ].join('');
}

export function metaFeed(listings: readonly Listing[], site: { name: string }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<listings><title>${xmlText(site.name)}</title>\n${listings.map(metaListing).join('\n')}\n</listings>\n`;
}
