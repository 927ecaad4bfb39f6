import type { Car, Location } from '../feeds/schemas';
import { bodyLabel } from '../domain/body-types';
import { canFavourite } from '../domain/favourite-eligibility';
import type { WeeklyEstimate } from '../domain/finance/estimate';
import { showsFuelCalculator } from '../domain/fuel';
import { formatPrice } from '../domain/format';
import { phoneForCar, phoneForLocation } from '../domain/phone';
import { imageUrlContext, type ImageUrlContext } from '../domain/images/image-url';
import { imageAtWidth, OG_IMAGE_WIDTH } from '../domain/images/responsive';
import { tagSettings, type ImageTag } from '../domain/tags';
import { locationAnnouncement } from '../domain/vehicle/announcement';
import { carJsonLd } from '../domain/vehicle/json-ld';
import {
  availableViews,
  defaultView,
  gallerySlides,
  NOT_FOUND_IMAGE,
  videoUrls,
  type MediaView,
  type Slide,
} from '../domain/vehicle/media';
import {
  vehicleShown,
  type ShownCar,
  type ShownSettings,
  type VehicleShown,
} from '../domain/vehicle/shown';
import { enquireLabel, type VehicleActions } from '../domain/vehicle/status';
import { breadcrumbTitle } from '../domain/vehicle/title';
import {
  enquireUrl,
  financeUrl,
  printUrl,
  reserveUrl,
  similarSearchUrl,
  tradeInUrl,
} from './car-links';
import { carPath, makeSearchPath, modelSearchPath } from './paths';
import { canonicalUrl } from './seo';
import type { SiteData } from './types';

/** What a phone button needs: the number and who the reveal is counted for. */
export interface CarPhone {
  phone: string;
  carId: Car['id'];
  dealershipId?: Car['dealership_id'] & {};
  websiteId: string;
  revealed: boolean;
}

/** Everything the vehicle page shows that is worked out from the car and the site (SPEC 4). */
export interface VehiclePage {
  path: string;
  pageUrl: string;
  /** Meta description: the name, the price when it has one, and the dealer. */
  description: string;
  breadcrumbs: { label: string; href?: string }[];
  jsonLd: ReturnType<typeof carJsonLd>;
  available: boolean;
  /** What the car's status and price show (the rule the live correction applies too). */
  shown: VehicleShown;
  /** The rule's inputs, carried in the page for the live correction (live-status.ts). */
  live: { car: ShownCar; settings: ShownSettings };
  actions: VehicleActions;
  /** The first photo (or the placeholder): sticky header and favourite. */
  photo: string;
  /** The share (Open Graph) image: the first photo at 1200 px through the tenant's resizer. */
  ogImage: string;
  /** How the page's photos are resized (the gallery's srcset). */
  images: ImageUrlContext;
  slides: Slide[];
  views: MediaView[];
  initialView: MediaView;
  tag?: ImageTag;
  certified: boolean;
  /** Price shown as a figure (available and priced); otherwise POA for an available car, or SOLD. */
  priced: boolean;
  priceOnApplication: boolean;
  wasPrice?: number;
  /** Dollars below the market price, for the market badge. */
  belowMarket?: number;
  weekly?: WeeklyEstimate;
  body?: string;
  gearboxAndBody: string;
  location?: Location;
  /** The "Vehicle location: name, city" link, when the car has a location. */
  locationLabel?: string;
  announcement: ReturnType<typeof locationAnnouncement>;
  websiteId: string;
  /** The sidebar and phone bar's call button (available cars with a number). */
  phone?: CarPhone;
  /** The location block's phone. */
  locationPhone?: CarPhone;
  /** The favourite button's car, when the site has favourites and the car qualifies. */
  favourite?: {
    id: string;
    name: string;
    slug: string;
    make: string;
    model: string;
    primary_image_url: string;
  };
  extraVideos: string[];
  links: {
    reserve: string;
    enquire?: string;
    similar: string;
    tradeIn?: string;
    finance?: string;
    print: string;
  };
}

/** The vehicle page's view of one car on one site; the page is markup over this. */
export function vehiclePage(car: Car, site: SiteData): VehiclePage {
  const { tenant } = site;
  const live = { car: shownCar(car), settings: shownSettings(site) };
  const shown = vehicleShown(live.car, live.settings);
  const { available, actions, priced, tag } = shown;
  const path = carPath(car);
  const pageUrl = canonicalUrl(tenant.url, path);
  const slides = gallerySlides(car, tenant.stock.video_position);
  const images = slides.filter((slide) => slide.kind === 'image');
  const photo = images[0]?.url ?? car.primary_image_url ?? NOT_FOUND_IMAGE;
  const resizer = imageUrlContext(tenant);
  const views = availableViews(car);
  const location = site.locations.find((item) => item.id === (car.location_id ?? car.location?.id));
  const websiteId = String(location?.website?.id ?? tenant.slug);
  const phoneOf = (phone: string | undefined): CarPhone | undefined =>
    phone
      ? {
          phone,
          carId: car.id,
          dealershipId: car.dealership_id ?? undefined,
          websiteId,
          revealed: tenant.features.phone_revealed,
        }
      : undefined;
  const body = bodyLabel(car.simple_body) ?? bodyLabel(car.body);
  const hasLocation = Boolean(car.location?.name || location);
  const favourite =
    tenant.features.favourites &&
    canFavourite(
      car.price,
      car.primary_image_url ?? car.images[0]?.image.url ?? car.thumbnails?.[0],
    )
      ? {
          id: String(car.id),
          name: car.name,
          slug: car.slug,
          make: car.make,
          model: car.model,
          primary_image_url: photo,
        }
      : undefined;
  return {
    path,
    pageUrl,
    description: `${car.name}${priced ? ` for ${formatPrice(car.price!)}` : ''} at ${tenant.name}.`,
    breadcrumbs: [
      { label: 'Home', href: '/' },
      { label: car.make, href: makeSearchPath(car.make) },
      { label: car.model, href: modelSearchPath(car.make, car.model) },
      { label: breadcrumbTitle(car) },
    ],
    jsonLd: carJsonLd(car, {
      pageUrl,
      images: images.map((slide) => new URL(slide.url, tenant.url).href),
      sellerName: tenant.name,
    }),
    available,
    shown,
    live,
    actions,
    photo,
    ogImage: imageAtWidth(resizer, photo, OG_IMAGE_WIDTH),
    images: resizer,
    slides,
    views,
    initialView: defaultView(views, tenant.features.default_media_view),
    tag,
    certified: tag?.kind === 'certified',
    priced,
    priceOnApplication: shown.priceOnApplication,
    wasPrice: shown.wasPrice,
    belowMarket: shown.belowMarket,
    weekly: shown.weekly,
    body,
    gearboxAndBody: [car.simple_transmission ?? car.trans, body].filter(Boolean).join(' · '),
    location,
    locationLabel: hasLocation
      ? `Vehicle location: ${[location?.name ?? car.location?.name, location?.address.city ?? car.location?.address?.city].filter(Boolean).join(', ')}`
      : undefined,
    announcement: locationAnnouncement(car, site.locations),
    websiteId,
    phone: actions.call ? phoneOf(phoneForCar(car, tenant)) : undefined,
    locationPhone: phoneOf(phoneForLocation(car, location, tenant)),
    favourite,
    extraVideos: videoUrls(car),
    links: {
      reserve: reserveUrl(car),
      enquire: actions.enquireLabel ? enquireUrl(car) : undefined,
      similar: similarSearchUrl(car),
      tradeIn: shown.tradeIn ? tradeInUrl(car) : undefined,
      finance: available ? financeUrl(car, tenant) : undefined,
      print: printUrl(car),
    },
  };
}

/** The car fields vehicleShown reads (and the page carries for the live correction). */
function shownCar(car: Car): ShownCar {
  return {
    status: car.status,
    sold: car.sold,
    reserved: car.reserved,
    price: car.price,
    price_type: car.price_type,
    before_price: car.before_price,
    autograb_data: car.autograb_data,
    finance_lenders: car.finance_lenders,
    make: car.make,
    year: car.year,
    dealership_slug: car.dealership_slug,
    simple_fuel: car.simple_fuel,
    fuel: car.fuel,
    certified: car.certified,
    car_type: car.car_type,
    tag: car.tag,
    created_at: car.created_at,
    fuelCalculator: car.item_type !== 'caravan' && showsFuelCalculator(car),
    gauge: Boolean(car.autogauge),
  };
}

/** The site's settings vehicleShown reads. */
export function shownSettings(site: SiteData): ShownSettings {
  const { tenant } = site;
  return {
    actions: { reserve: tenant.features.reserve, enquireLabel: enquireLabel(tenant) },
    tradeInValuation: tenant.features.trade_in_valuation,
    finance: tenant.finance,
    autogauge: tenant.features.autogauge,
    delivery: tenant.delivery.enabled,
    tags: tagSettings(tenant),
    builtAt: site.builtAt,
  };
}

/** The live rule's inputs as JSON for a <script type="application/json"> (no "</script>" can end it early). */
export function liveRuleJson(live: VehiclePage['live']): string {
  return JSON.stringify(live).replace(/</g, '\\u003c');
}
