import type { Car } from '../feeds/schemas';
import { BODY_TYPES, bodyLabel, bodyTypesOf } from '../domain/body-types';
import { weeklyEstimate } from '../domain/finance/estimate';
import type { Finance } from '../tenant/schema/finance';

/**
 * The flattened car both engines hold (DESIGN contract 3): only what result cards, facets, sorts
 * and the query-time stock filter read. Empty fields are left out to keep the index file small.
 */
export interface SearchDocument {
  objectID: string;
  slug: string;
  name: string;
  year: number;
  make: string;
  model: string;
  badge?: string;
  /** SPEC 9 body type labels ("SUV", "4x4"): what /search/{body-type}-cars filters on. */
  body?: string[];
  simple_body?: string;
  car_type: 'new' | 'demo' | 'used';
  fuel?: string;
  transmission?: string;
  drive?: string;
  colour?: string;
  seats?: number;
  location_name?: string;
  location_slug?: string;
  dealership_name?: string;
  dealership_slug?: string;
  state?: string;
  tag?: string;
  certified?: 'Certified';
  km?: number;
  price?: number;
  before_price?: number;
  price_type?: string;
  image?: string;
  stocknum?: string;
  has_nvic?: boolean;
  status: string;
  sold?: true;
  reserved?: true;
  sold_date_timestamp?: number;
  /** Only written when false: the query-time stock filter reads it. */
  show_on_dealer_website?: false;
  /** Unix seconds, to the hour. */
  created_at?: number;
  custom_rank?: number;
  /** Weekly finance estimate and its rates, where the lender's figures allow (SPEC 5). */
  weekly?: number;
  rate?: number;
  comparison_rate?: number;
  weekly_price_range?: string;
}

const WEEKLY_BUCKET = 50;

/** "$150 - $199 per week": weekly estimates in $50 buckets, for the weekly price range facet. */
export function weeklyPriceRange(weekly: number): string {
  const low = Math.floor(weekly / WEEKLY_BUCKET) * WEEKLY_BUCKET;
  return `$${low} - $${low + WEEKLY_BUCKET - 1} per week`;
}

/** The lower bound of a weekly price range label, for sorting ranges ascending (SPEC 9). */
export function rangeLowerBound(label: string): number {
  const match = /\$([\d,]+)/.exec(label);
  return match ? Number(match[1]!.replace(/,/g, '')) : Number.POSITIVE_INFINITY;
}

export interface DocumentContext {
  finance: Finance;
  /** dealership slug -> display name. */
  dealershipNames: Map<string, string>;
  locationSlug: (location: NonNullable<Car['location']>) => string;
}

function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function num(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Flatten one feed car into its search document. */
export function toSearchDocument(car: Car, context: DocumentContext): SearchDocument {
  const estimate = weeklyEstimate(car, context.finance);
  const bodies = bodyTypesOf(car).map((id) => BODY_TYPES[id]);
  const created = car.created_at ? Date.parse(car.created_at) : Number.NaN;
  const doc: SearchDocument = {
    objectID: String(car.id),
    slug: car.slug,
    name: car.name,
    year: car.year,
    make: car.make,
    model: car.model,
    car_type: car.car_type,
    status: car.status,
  };
  const optional: Partial<SearchDocument> = {
    badge: text(car.badge),
    body: bodies.length ? bodies : undefined,
    simple_body: bodyLabel(car.simple_body),
    fuel: text(car.simple_fuel ?? car.fuel),
    transmission: text(car.simple_transmission ?? car.trans),
    drive: text(car.simple_drive ?? car.drive),
    colour: text(car.colour),
    seats: num(car.seats),
    location_name: text(car.location?.name),
    location_slug: car.location ? context.locationSlug(car.location) : undefined,
    dealership_slug: text(car.dealership_slug),
    dealership_name: car.dealership_slug
      ? context.dealershipNames.get(car.dealership_slug)
      : undefined,
    state: text(car.state ?? car.location?.address?.state),
    tag: text(car.tag),
    certified: car.certified ? 'Certified' : undefined,
    km: num(car.km),
    price: num(car.price),
    before_price: num(car.before_price),
    price_type: text(car.price_type),
    image: text(
      car.primary_image_url ?? car.images[0]?.image.thumb?.url ?? car.images[0]?.image.url,
    ),
    stocknum: text(car.stocknum),
    has_nvic: car.has_nvic ?? (car.nvic ? true : undefined),
    sold: car.sold ? true : undefined,
    reserved: car.reserved ? true : undefined,
    sold_date_timestamp: num(car.sold_date_timestamp),
    show_on_dealer_website: car.show_on_dealer_website === false ? false : undefined,
    // To the hour: enough for "just arrived" and "recently added", and it compresses far better.
    created_at: Number.isFinite(created) ? Math.floor(created / 3_600_000) * 3600 : undefined,
    custom_rank: num(car.custom_rank),
    weekly: estimate?.weekly,
    rate: estimate?.interestRate,
    comparison_rate: estimate?.comparisonRate,
    weekly_price_range: estimate ? weeklyPriceRange(estimate.weekly) : undefined,
  };
  for (const [key, value] of Object.entries(optional))
    if (value !== undefined) (doc as unknown as Record<string, unknown>)[key] = value;
  return doc;
}
