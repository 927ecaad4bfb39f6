/**
 * Special offers with start and expiry relative to now: most running, some expired and one not
 * started yet, so the site's date filtering is exercised every day the data is regenerated.
 */
import type { z } from 'zod';
import type { OfferSchema } from '../../src/feeds/schemas';
import { BODIES, type BodyKey } from './catalogue/bodies';
import { PAINT_HEX, type PaintKey } from './catalogue/colours';
import type { Shape } from './catalogue/types';
import type { TemplateKind, TenantProfile } from './tenants';
import { dollars, slugify } from './text';
import { DAY_MS, aestDay } from './time';

export type OfferInput = z.input<typeof OfferSchema>;

export interface OfferImage {
  url: string;
  title: string;
  line: string;
  colour: string;
  shape: Shape;
  paint: string;
}

type Timing = 'running' | 'expired' | 'upcoming';
type Plan = [
  title: string,
  make: string,
  model: string,
  price: number | null,
  priceType: string | null,
  body: BodyKey,
  paint: PaintKey,
  timing: Timing,
  description: string,
];

const PLANS: Partial<Record<TemplateKind, Plan[]>> = {
  dealer: [
    [
      'RAV4 GXL Hybrid from $51,990 drive away',
      'Toyota',
      'RAV4',
      51990,
      'Drive Away',
      'suv',
      'white',
      'running',
      'Australia\u2019s favourite hybrid SUV with electric AWD, wireless CarPlay and Toyota Safety Sense, at a sharp drive-away price.',
    ],
    [
      'HiLux SR5 4x4 with bonus tub liner and tow pack',
      'Toyota',
      'HiLux',
      70990,
      'Drive Away',
      'dualCab',
      'grey',
      'running',
      'Drive away in a HiLux SR5 4x4 double cab with a genuine tub liner, towbar and brake controller included.',
    ],
    [
      'Corolla Hybrid at 2.99% p.a. finance',
      'Toyota',
      'Corolla',
      null,
      null,
      'hatch',
      'red',
      'running',
      'Low-rate finance on every new Corolla Hybrid hatch and sedan through Toyota Finance.',
    ],
    [
      'LandCruiser 300 GXL runout',
      'Toyota',
      'LandCruiser 300',
      112990,
      'Drive Away',
      'largeSuv',
      'green',
      'expired',
      'Our last LandCruiser 300 GXLs from last year\u2019s build, priced to clear.',
    ],
    [
      'Kluger demo clearance',
      'Toyota',
      'Kluger',
      66990,
      'Drive Away',
      'largeSuv',
      'black',
      'expired',
      'Low-kilometre Kluger demonstrators with full new-car warranty.',
    ],
    [
      'bZ4X: home charger installed free',
      'Toyota',
      'bZ4X',
      58990,
      'Drive Away',
      'suv',
      'blue',
      'upcoming',
      'Buy a new bZ4X and we will supply and install a 7 kW home wallbox charger at no extra cost.',
    ],
  ],
  group: [
    [
      'Mazda CX-5 Maxx Sport from $45,990 drive away',
      'Mazda',
      'CX-5',
      45990,
      'Drive Away',
      'suv',
      'red',
      'running',
      'The CX-5 Maxx Sport AWD with a 2.5-litre engine at a sharp drive-away price at every Southern Cross Mazda.',
    ],
    [
      'Ford Ranger XLT: 5 years free scheduled servicing',
      'Ford',
      'Ranger',
      66990,
      'Drive Away',
      'dualCabUte',
      'blue',
      'running',
      'Every new Ranger XLT bi-turbo comes with five years of scheduled servicing included.',
    ],
    [
      'Kia Sportage GT-Line Hybrid demo sale',
      'Kia',
      'Sportage',
      54990,
      'Drive Away',
      'suv',
      'grey',
      'running',
      'Save on low-kilometre Sportage GT-Line Hybrid demonstrators with the balance of Kia\u2019s 7-year warranty.',
    ],
    [
      'Hyundai Tucson Elite: $2,000 factory bonus',
      'Hyundai',
      'Tucson',
      42990,
      'Drive Away',
      'suv',
      'white',
      'running',
      'A $2,000 factory bonus on Tucson Elite 2.0 petrol, this month only.',
    ],
    [
      'Isuzu D-Max X-Terrain with bonus accessories',
      'Isuzu',
      'D-Max',
      69990,
      'Drive Away',
      'dualCabUte',
      'orange',
      'running',
      'Bonus Isuzu genuine towbar, tub liner and floor mats on every D-Max X-Terrain.',
    ],
    [
      'BYD Atto 3 from $44,990 drive away',
      'BYD',
      'Atto 3',
      44990,
      'Drive Away',
      'smallSuv',
      'blue',
      'running',
      'The electric Atto 3 Essential with 345 km of range and vehicle-to-load.',
    ],
    [
      'Yamaha MT-07 ride away $12,999',
      'Yamaha',
      'MT-07',
      12999,
      'Ride Away',
      'naked',
      'blue',
      'running',
      'The learner-approved MT-07 LAMS at a ride-away price, with a free first service.',
    ],
    [
      'Isuzu N Series: 0% finance for ABN holders',
      'Isuzu',
      'N Series',
      null,
      null,
      'lightTruck',
      'white',
      'running',
      'Zero per cent finance for approved ABN holders on new Isuzu NLR and NPR trucks.',
    ],
    [
      'Subaru Outback end-of-year clearance',
      'Subaru',
      'Outback',
      47990,
      'Drive Away',
      'wagon',
      'green',
      'expired',
      'Outback AWD runout stock at reduced drive-away prices.',
    ],
    [
      'MG ZS Hybrid+: 10-year warranty',
      'MG',
      'ZS',
      31990,
      'Drive Away',
      'smallSuv',
      'red',
      'upcoming',
      'MG\u2019s 10-year, 250,000 km warranty on every new ZS Hybrid+.',
    ],
  ],
  manufacturer: [
    [
      'Vela Luxe Hybrid from $47,990 drive away',
      'Aurora',
      'Vela',
      47990,
      'Drive Away',
      'suv',
      'blue',
      'running',
      'Our best-selling SUV with hybrid AWD at a national drive-away price.',
    ],
    [
      'Terra Trail X: free tow pack and canopy',
      'Aurora',
      'Terra',
      61990,
      'Drive Away',
      'dualCabUte',
      'white',
      'running',
      'A genuine towbar, brake controller and colour-coded canopy with every Terra Trail X.',
    ],
    [
      'Solace EV: 3 years free public charging',
      'Aurora',
      'Solace',
      49990,
      'Drive Away',
      'suv',
      'grey',
      'running',
      'Three years of free charging on the Aurora Charge network with every new Solace.',
    ],
    [
      'Atlas 7-seat 4x4 runout',
      'Aurora',
      'Atlas',
      55990,
      'Drive Away',
      'largeSuv',
      'green',
      'expired',
      'Last year\u2019s Atlas Core and Luxe at runout prices.',
    ],
    [
      'Nova GT: 1.9% p.a. finance',
      'Aurora',
      'Nova',
      38990,
      'Drive Away',
      'hatch',
      'orange',
      'upcoming',
      'Low-rate finance on Nova GT through Aurora Financial Services.',
    ],
  ],
};

/** `21 June 2025` in AEST. */
function longDate(ms: number): string {
  return new Date(`${aestDay(ms)}T00:00:00Z`).toLocaleDateString('en-AU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Offers for a tenant and the banner images they use. */
export function buildOffers(
  profile: TenantProfile,
  nowMs: number,
): { offers: OfferInput[]; images: OfferImage[] } {
  const plans = PLANS[profile.template] ?? [];
  const offers: OfferInput[] = [];
  const images: OfferImage[] = [];
  const chosen = plans.slice(0, profile.offerCount);
  // SPEC 3 promo node fields on running offers: the second is switched off (display false), the
  // last (when there are three or more) asks for first place (position 1).
  const running = chosen.flatMap((plan, index) => (plan[7] === 'running' ? [index] : []));
  const hidden = running[1];
  const first = running.length >= 3 ? running.at(-1) : undefined;
  chosen.forEach(
    ([title, make, model, price, priceType, body, paint, timing, description], index) => {
      const slug = slugify(title);
      const startMs =
        nowMs +
        (timing === 'upcoming' ? 9 : timing === 'expired' ? -75 : -(10 + index * 3)) * DAY_MS;
      const expiryMs =
        nowMs +
        (timing === 'expired' ? -(5 + index) : timing === 'upcoming' ? 60 : 20 + index * 7) *
          DAY_MS;
      const start = `${aestDay(startMs)}T00:00:00+10:00`;
      const expiry = `${aestDay(expiryMs)}T23:59:59+10:00`;
      const url = `/media/offers/${profile.slug}/${slug}.svg`;
      const priceLine = price ? `${dollars(price)} ${priceType ?? ''}`.trim() : '';
      const line =
        priceLine && !title.includes(dollars(price ?? 0))
          ? priceLine
          : `${timing === 'upcoming' ? 'Starts' : 'Ends'} ${longDate(timing === 'upcoming' ? startMs : expiryMs)}`;
      offers.push({
        id: profile.idBase + 88_000 + index,
        title,
        slug,
        description,
        image: { url },
        url: `/search/${slugify(make)}/${slugify(model)}`,
        make,
        model,
        price,
        price_type: priceType,
        disclaimer:
          `Offer valid on new ${make} ${model} vehicles ordered and delivered between ${aestDay(startMs)} and ${aestDay(expiryMs)}, or while stocks last. ` +
          `${price ? `${dollars(price)} ${priceType ?? ''} includes registration, CTP and dealer delivery; metallic paint extra. ` : ''}Not available to fleet, government or rental buyers. See dealer for details.`,
        start,
        expiry,
        ...(index === hidden ? { display: false } : {}),
        ...(index === first ? { position: 1 } : {}),
      });
      images.push({
        url,
        title,
        line,
        colour: profile.colour,
        shape: BODIES[body].shape,
        paint: PAINT_HEX[paint],
      });
    },
  );
  return { offers, images };
}
