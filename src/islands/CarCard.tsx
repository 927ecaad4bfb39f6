import { useContext, type ReactNode } from 'react';
import { bodyLabel } from '../domain/body-types';
import { formatKm, formatPrice } from '../domain/format';
import { hasPrice, PRICE_ON_APPLICATION } from '../domain/price-display';
import { isReservable } from '../domain/reservable';
import { isAvailable } from '../domain/stock';
import { imageTag } from '../domain/tags';
import type { CardContext } from '../search/card-context';
import type { Car } from '../feeds/schemas';
import type { SearchDocument } from '../search/document';
import {
  enquireUrl,
  financeUrl,
  reserveUrl,
  similarSearchUrl,
  testDriveUrl,
} from '../site/car-links';
import type { Tenant } from '../tenant/schema';
import { canCompare } from '../domain/compare-eligibility';
import { LazyCompareButton, PreloadedCompareButton } from './compare/LazyCompareButton';
import type { ImageUrlContext } from '../domain/images/image-url';
import { responsiveImage } from '../domain/images/responsive';
import { SafeImage } from './vehicle/SafeImage';

/**
 * A car in a grid. Takes a feed car (home page) or a search document (search results); with a
 * `context` it also shows the image tag, weekly estimate and the SPEC call-to-action buttons.
 * Plain markup: the search island renders it, and so does static Astro.
 */

/** The fields a result card reads; search documents and feed cars both fit. */
export type CardCar = Pick<Car, 'slug' | 'name' | 'car_type'> &
  Partial<
    Pick<
      Car,
      | 'price'
      | 'before_price'
      | 'price_type'
      | 'simple_body'
      | 'km'
      | 'simple_transmission'
      | 'stocknum'
      | 'primary_image_url'
      | 'images'
    >
  > &
  Record<string, unknown>;

const CAR_TYPE_LABEL: Record<string, string> = { new: 'New', demo: 'Demo', used: 'Used' };

/** Search documents name some fields shorter than feed cars do. */
const FIELD_ALIASES: Record<string, string> = {
  simple_transmission: 'transmission',
  simple_fuel: 'fuel',
  simple_drive: 'drive',
};

/** One attribute of a card's details line, formatted for reading ("12,345 km", "Used"). */
export function cardAttribute(car: Record<string, unknown>, field: string): string | undefined {
  let value = car[field];
  if ((value == null || value === '') && FIELD_ALIASES[field]) value = car[FIELD_ALIASES[field]];
  if (value == null || value === '') return undefined;
  if (field === 'km' && typeof value === 'number') return formatKm(value);
  if (field === 'car_type' && typeof value === 'string') return CAR_TYPE_LABEL[value] ?? value;
  if (field === 'stocknum') return `Stock #${String(value)}`;
  if ((field === 'simple_body' || field === 'body') && typeof value === 'string')
    return bodyLabel(value);
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The card's photo: the full-size one, resized to the card (a feed's thumb is too small for a 2x phone). */
function imageOf(car: CardCar): string | undefined {
  const images = car.images as Car['images'] | undefined;
  return (
    (car.image as string | undefined) ??
    car.primary_image_url ??
    images?.[0]?.image.url ??
    images?.[0]?.image.thumb?.url
  );
}

function createdIso(car: CardCar): string | null {
  if (typeof car.created_at === 'number') return new Date(car.created_at * 1000).toISOString();
  return typeof car.created_at === 'string' ? car.created_at : null;
}

/** The car's id for links: feed cars have `id`, search documents `objectID`. */
function carId(car: CardCar): string {
  return String(car.id ?? car.objectID ?? car.slug);
}

interface Props {
  car: CardCar;
  attributes: string[];
  /** Heading level of the card title within the page outline. */
  headingLevel?: 2 | 3;
  context?: CardContext;
  /** The favourite heart (an island), when the site has favourites. */
  favourite?: ReactNode;
  /** How photos are resized, for cards without a `context` (the home page). */
  images?: ImageUrlContext;
  /** The card is in the first row of results, one of which is the page's largest paint: fetched first, never lazily. */
  priority?: boolean;
}

export function CarCard({
  car,
  attributes,
  headingLevel = 3,
  context,
  favourite,
  images,
  priority = false,
}: Props) {
  const Heading = `h${headingLevel}` as const;
  const href = `/cars/${car.slug}`;
  const details = attributes.map((field) => cardAttribute(car, field)).filter(Boolean);
  const available = isAvailable({
    status: String(car.status ?? 'in_stock'),
    sold: car.sold === true,
  });
  const doc = car as unknown as SearchDocument;
  const tag = context
    ? imageTag(
        {
          status: String(car.status ?? 'in_stock'),
          sold: car.sold === true,
          simple_fuel:
            (car.simple_fuel as string | undefined) ?? (car.fuel as string | undefined) ?? null,
          fuel: null,
          reserved: car.reserved === true,
          certified: car.certified === true || car.certified === 'Certified',
          car_type: car.car_type,
          make: String(car.make ?? ''),
          tag: (car.tag as string | undefined) ?? null,
          created_at: createdIso(car),
        },
        context.tags,
        context.nowMs,
      )
    : undefined;
  const weekly = context && available && typeof doc.weekly === 'number' ? doc : undefined;
  const linkCar = { id: carId(car), slug: car.slug };
  const financeCar = {
    id: carId(car),
    price: car.price ?? null,
    car_type: car.car_type,
    vin: (car.vin as string | undefined) ?? null,
    nvic: null,
    has_nvic: car.has_nvic === true,
    dealership_slug: (car.dealership_slug as string | undefined) ?? null,
    location: null,
  };
  const reservable = Boolean(
    context?.features.reserve &&
    isReservable({
      status: String(car.status ?? 'in_stock'),
      sold: car.sold === true,
      reserved: car.reserved === true,
      price: car.price,
    }),
  );

  // In the browser, or in HTML the search app hydrates (it has the toggle preloaded); a plain
  // pre-rendered grid has no script to act on it.
  const hydratable = useContext(PreloadedCompareButton) !== undefined;
  const compare =
    context?.features.compare &&
    (typeof document !== 'undefined' || hydratable) &&
    canCompare({
      price: car.price,
      image: (car.image as string | undefined) ?? car.primary_image_url,
    });

  return (
    <article
      className={`card car-card${available ? '' : ' car-card--sold'}`}
      data-car-id={carId(car)}
      data-sold={available ? undefined : 'true'}
    >
      {/* data-image-fallback: on pages where the card is plain HTML, image-fallback.ts shows the placeholder for a failed photo. */}
      <div className="car-card__media" data-image-fallback>
        <SafeImage
          {...responsiveImage(images ?? context?.images, imageOf(car), 'card')}
          alt={car.name}
          width={600}
          height={400}
          {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
          decoding="async"
        />
        {tag && <span className={`tag car-card__tag car-card__tag--${tag.kind}`}>{tag.label}</span>}
        {favourite}
      </div>
      <div className="card__body">
        <Heading className="card__title">
          <a href={href}>{car.name}</a>
        </Heading>
        {hasPrice(car.price) ? (
          <p className="card__price">
            {typeof car.before_price === 'number' && car.before_price > car.price && (
              <>
                <span className="visually-hidden">Was </span>
                <s className="was-price">{formatPrice(car.before_price)}</s>{' '}
                <span className="visually-hidden">now </span>
              </>
            )}
            {/* A search page corrects this text from the live index before the app hydrates (islands/search/live-cards.ts). */}
            <span className="price" suppressHydrationWarning>
              {formatPrice(car.price)}
            </span>
            {car.price_type && <span className="price-type">{car.price_type}</span>}
          </p>
        ) : (
          <p className="card__price">{PRICE_ON_APPLICATION}</p>
        )}
        {weekly && (
          <details className="weekly">
            <summary>
              {formatPrice(weekly.weekly!)}/wk*
              <span className="visually-hidden">
                {' '}
                estimated weekly repayment, show the rate and terms
              </span>
            </summary>
            <p>
              Based on an interest rate of {weekly.rate}% p.a. (comparison rate{' '}
              {weekly.comparison_rate}% p.a.).
            </p>
            <p className="weekly__terms">
              T&amp;Cs: indicative only and not a binding quote; approved applicants only. Terms,
              fees and lending criteria apply.
            </p>
          </details>
        )}
        {details.length > 0 && (
          <ul className="facts">
            {details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        )}
        {context && (
          <div className="car-card__actions">
            <a className="btn btn-primary" href={href}>
              View Details<span className="visually-hidden">: {car.name}</span>
            </a>
            {available ? (
              <>
                <a className="btn btn-outline" href={enquireUrl(car)}>
                  Enquire<span className="visually-hidden">: {car.name}</span>
                </a>
                <a
                  className="btn btn-outline"
                  href={testDriveUrl(linkCar, { links: context.links as Tenant['links'] })}
                >
                  Book a Test Drive<span className="visually-hidden">: {car.name}</span>
                </a>
                <a
                  className="btn btn-outline"
                  href={financeUrl(financeCar as unknown as Parameters<typeof financeUrl>[0], {
                    links: context.links as Tenant['links'],
                    features: context.features as Tenant['features'],
                  })}
                >
                  {context.labels.finance_button}
                  <span className="visually-hidden">: {car.name}</span>
                </a>
                {reservable && (
                  <a className="btn btn-secondary" href={reserveUrl(car)}>
                    {context.labels.reserve_button}
                    <span className="visually-hidden">: {car.name}</span>
                  </a>
                )}
              </>
            ) : (
              <a
                className="btn btn-outline"
                href={similarSearchUrl({
                  make: String(car.make ?? ''),
                  model: String(car.model ?? ''),
                  price: typeof car.price === 'number' ? car.price : undefined,
                  simple_body: typeof car.simple_body === 'string' ? car.simple_body : undefined,
                })}
              >
                Find Me Something Similar<span className="visually-hidden"> to {car.name}</span>
              </a>
            )}
            {compare && (
              <LazyCompareButton car={{ id: carId(car), name: car.name, slug: car.slug }} />
            )}
          </div>
        )}
      </div>
    </article>
  );
}
