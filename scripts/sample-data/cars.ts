/**
 * Stock records. Each car draws from its own PRNG stream (<seed>/<tenant>/cars/car:<index>), so a car is
 * the same whatever the count, generation is linear in the count, and ids and slugs (which embed
 * the id) are unique. Timestamps are relative to `now`, so sold-within-cut-off cars exist on the
 * day the data is generated.
 */
import type { CarInput } from '../../src/feeds/schemas';
import { BODIES } from './catalogue/bodies';
import { PAINT_POPULARITY, TRIMS, paintsFor } from './catalogue/colours';
import { pickEquipment } from './catalogue/equipment';
import { CURRENT_SERIES } from './catalogue/series';
import { POWERTRAINS, isTowed } from './catalogue/powertrains';
import type { ItemType, ModelSpec, SimpleDrive, SimpleFuel } from './catalogue/types';
import { dealerComments } from './comments';
import { lenderFigures, marketData } from './finance';
import { nvic, plate, stockNumber, vin } from './identifiers';
import { carImageUrls, maxPhotos } from './images';
import { addViewerMedia } from './viewer-media';
import { addHistoryReports } from './history-reports';
import { buildNetwork, carLocation, type Network } from './locations';
import { Rng } from './random';
import { stockChooser, type StockChoice } from './stock';
import { profileForTemplate, type CarType, type TemplateKind, type TenantProfile } from './tenants';
import { retailPrice, slugify } from './text';
import { DAY_MS, HOUR_MS, isoAest, monthYear, unixSeconds } from './time';

export interface GenerateCarsOptions {
  count: number;
  seed: number | string;
  /** ISO instant, epoch milliseconds or Date. */
  now: string | number | Date;
  tenant: TemplateKind;
  /** The tenant's include_sold_cars_days; defaults to the demo tenant's value. */
  soldDays?: number;
}

/** Everything a tenant's cars depend on besides their index. */
export interface CarContext {
  profile: TenantProfile;
  network: Network;
  nowMs: number;
  soldDays: number;
  rng: Rng;
  choose: (rng: Rng, carType: CarType) => StockChoice;
}

/** The PRNG of a tenant: shared by its locations, cars and other feeds. */
export function tenantRng(seed: number | string, slug: string): Rng {
  return new Rng(`${seed}/${slug}`);
}

export function carContext(
  profile: TenantProfile,
  seed: number | string,
  nowMs: number,
  soldDays = profile.soldDays,
  network?: Network,
): CarContext {
  const rng = tenantRng(seed, profile.slug);
  const net = network ?? buildNetwork(profile, rng.fork('locations'));
  return {
    profile,
    network: net,
    nowMs,
    soldDays,
    rng: rng.fork('cars'),
    choose: stockChooser(profile.template, net),
  };
}

/** `count` cars of the demo tenant for `tenant`, in memory (benchmarks use 1,000 and 10,000). */
export function generateCars(options: GenerateCarsOptions): CarInput[] {
  const profile = profileForTemplate(options.tenant);
  return buildCars(
    carContext(profile, options.seed, new Date(options.now).getTime(), options.soldDays),
    options.count,
  );
}

export function buildCars(ctx: CarContext, count: number): CarInput[] {
  const cars: CarInput[] = [];
  for (let index = 0; index < count; index++) cars.push(buildCar(ctx, index));
  return addHistoryReports(addViewerMedia(cars));
}

const DRIVE_TEXT: Record<SimpleDrive, string> = {
  FWD: 'Front Wheel Drive',
  RWD: 'Rear Wheel Drive',
  AWD: 'All Wheel Drive',
  '4X4': 'Four Wheel Drive',
};
const USED_AGES: [number, number][] = [
  [1, 8],
  [2, 12],
  [3, 14],
  [4, 13],
  [5, 11],
  [6, 9],
  [7, 8],
  [8, 7],
  [9, 5],
  [10, 4],
  [12, 4],
  [14, 3],
  [16, 2],
];
/** Kilometres a year by kind of vehicle. */
const YEARLY_KM = { car: 14_500, truck: 45_000, motorcycle: 5_000, caravan: 8_000 } as const;
/** Value kept each year after the first, by kind of vehicle. */
const RETENTION = { car: 0.88, truck: 0.88, motorcycle: 0.87, caravan: 0.93 } as const;
const PRESTIGE = new Set([
  'Alfa Romeo',
  'Audi',
  'BMW',
  'Genesis',
  'Jaguar',
  'Land Rover',
  'Mercedes-Benz',
  'Peugeot',
  'Renault',
  'Volvo',
]);
const TOYOTA_4X4 = /^(LandCruiser|Prado|HiLux|Fortuner)/;

/** [value kept in the first year, then each year]: Toyota 4x4s hold value, EVs and European prestige cars do not. */
function retention(
  model: ModelSpec,
  fuel: SimpleFuel,
  drive: SimpleDrive,
  itemType: ItemType,
): [number, number] {
  if (itemType !== 'car') return [0.85, RETENTION[itemType]];
  if (model.make === 'Toyota' && TOYOTA_4X4.test(model.model)) return [0.9, 0.95];
  if (fuel === 'Electric') return [0.75, 0.83];
  if (PRESTIGE.has(model.make)) return [0.78, 0.85];
  if (drive === '4X4') return [0.84, 0.91];
  return [0.82, RETENTION.car];
}

/** Electrified variants only reached Australian showrooms from about 2019. */
const ELECTRIFIED_SINCE = 2019;

/** Stable per-model dimensions: small deviations from the body's typical size. */
function modelDimensions(model: ModelSpec, size: readonly number[]): number[] {
  const rng = new Rng(`${model.make}/${model.model}`);
  return size.map((value) => Math.round((value * rng.float(0.97, 1.03)) / 5) * 5);
}

function photoCount(rng: Rng, status: string, max: number): number {
  if (status === 'coming_soon') return rng.int(1, 3);
  const roll = rng.next();
  const count =
    roll < 0.03
      ? 1
      : roll < 0.06
        ? 2
        : roll < 0.1
          ? 3
          : roll < 0.25
            ? rng.int(4, 7)
            : rng.int(8, 14);
  return Math.min(count, max);
}

function pickTag(
  rng: Rng,
  facts: { carType: CarType; runout: boolean; lowKm: boolean; wasPrice: boolean },
): string | null {
  if (!rng.chance(0.08)) return null;
  const options: [string, number][] = [];
  if (facts.carType === 'demo') options.push(['Test Drive Only', 3], ['Ex-Demo Special', 2]);
  if (facts.carType === 'new') options.push(['Special Offer', 2], ['Factory Bonus', 1]);
  if (facts.runout) options.push(['Runout Sale', 3]);
  if (facts.carType === 'used') options.push(['One Owner', 2], ['Just Serviced', 1]);
  if (facts.lowKm) options.push(['Low Kms', 4]);
  if (facts.wasPrice) options.push(['Price Drop', 3]);
  return rng.weighted(options);
}

export function buildCar(ctx: CarContext, index: number): CarInput {
  const { profile, nowMs } = ctx;
  const rng = ctx.rng.fork(`car:${index}`);
  const id = profile.idBase + index * 3 + rng.int(0, 2);
  const carType = rng.weighted(profile.carTypes);
  const { model, variant, site, itemType } = ctx.choose(rng, carType);
  const body = BODIES[variant.body ?? model.body];
  const pt = POWERTRAINS[variant.pt];
  const towed = isTowed(variant.pt);
  const nowDate = new Date(nowMs);
  const nowYear = nowDate.getUTCFullYear();

  // Year: new stock is this year's (some runout), used stock spans the model's years on sale.
  let year: number;
  if (carType === 'new') year = rng.chance(0.85) ? nowYear : nowYear - 1;
  else if (carType === 'demo') year = rng.chance(0.6) ? nowYear : nowYear - 1;
  else {
    const since =
      pt.simpleFuel === 'Petrol' || pt.simpleFuel === 'Diesel' || model.make === 'Toyota'
        ? model.since
        : Math.max(model.since, ELECTRIFIED_SINCE);
    year = Math.min(
      nowYear - 1,
      model.until ?? nowYear,
      Math.max(since, nowYear - rng.weighted(USED_AGES)),
    );
  }
  year = Math.max(year, Math.min(model.since, nowYear));
  const age = nowYear - year;
  const runout = carType === 'new' && year < nowYear;

  let km: number | null = null;
  if (!towed) {
    if (carType === 'new') km = rng.int(0, 50);
    else if (carType === 'demo') km = rng.int(500, 9000);
    else
      km = Math.max(
        1500,
        Math.round(Math.max(age, 0.6) * YEARLY_KM[itemType] * rng.float(0.45, 1.5)),
      );
  }

  const status = rng.weighted([
    ['in_stock', 85],
    ['coming_soon', 5],
    ['sold', 8],
    ['others', 2],
  ] as const);
  let price: number | null;
  if (carType === 'new')
    price = retailPrice(variant.price * rng.float(0.985, 1.02) * (runout ? 0.96 : 1));
  else if (carType === 'demo') price = retailPrice(variant.price * rng.float(0.86, 0.94));
  else {
    const expectedKm = age * YEARLY_KM[itemType];
    const kmFactor =
      km === null
        ? 1
        : 1 - Math.min(0.25, Math.max(-0.1, (km - expectedKm) / (expectedKm * 4 + 50_000)));
    const [firstYear, later] = retention(model, pt.simpleFuel, variant.drive, itemType);
    price = retailPrice(
      Math.max(4990, variant.price * firstYear * later ** Math.max(0, age - 1) * kmFactor),
    );
  }
  // Some incoming stock is not priced yet.
  if (status === 'coming_soon' && rng.chance(0.3)) price = null;
  const beforePrice =
    price && rng.chance(0.15) ? price + rng.pick([500, 1000, 1500, 2000, 2500, 3000, 5000]) : null;

  // Timeline relative to now: sold cars are split between inside and outside the listing cut-off.
  let soldMs: number | null = null;
  if (status === 'sold') {
    soldMs =
      ctx.soldDays > 0 && rng.chance(0.5)
        ? nowMs - rng.float(HOUR_MS, ctx.soldDays * DAY_MS - 6 * HOUR_MS)
        : nowMs - rng.float(20, 60) * DAY_MS;
  }
  let createdMs: number;
  if (soldMs !== null) createdMs = soldMs - rng.float(4, 90) * DAY_MS;
  else if (status === 'coming_soon') createdMs = nowMs - rng.float(0.1, 14) * DAY_MS;
  else
    createdMs = rng.chance(0.1)
      ? nowMs - rng.float(0.05, 7.5) * DAY_MS
      : nowMs - rng.float(9, 160) * DAY_MS;
  const updatedMs =
    soldMs !== null
      ? Math.min(nowMs, soldMs + rng.float(0, 2 * HOUR_MS))
      : createdMs + rng.float(0, nowMs - createdMs);

  const paints = paintsFor(model.make, itemType);
  const paint = rng.weighted(
    paints.map((candidate) => [candidate, PAINT_POPULARITY[candidate.base]] as const),
  );
  const premium =
    variant.price > 60_000 ||
    /Leather|Sahara|VX|Kakadu|Akera|Platinum|Summit|Luxe|Ultimate|Calligraphy/.test(variant.badge);
  const trim = rng.pick(TRIMS.filter((candidate) => candidate.premium === premium));
  const photos = photoCount(rng, status, maxPhotos(body.shape));
  const urls = carImageUrls(
    body.shape,
    paint.base,
    itemType === 'motorcycle' ? 'black' : trim.base,
    photos,
  );

  const manual = Boolean(variant.manual) || pt.gearType === 'Manual';
  const gears = variant.manual && pt.gearType !== 'Manual' ? 6 : pt.gears;
  const trans = manual
    ? `${gears} Speed Manual`
    : pt.gearType === 'CVT'
      ? 'Constantly Variable Transmission'
      : pt.gearType === 'Dual Clutch'
        ? `${gears} Speed Auto Dual Clutch`
        : pt.gearType === 'Reduction Gear'
          ? '1 Speed Reduction Gear'
          : `${gears} Speed Automatic`;
  const [length, width, height, gvm] = modelDimensions(model, body.size);
  const van = variant.van;

  const certified =
    profile.template === 'dealer' &&
    model.make === 'Toyota' &&
    carType === 'used' &&
    age <= 6 &&
    (km ?? 0) <= 140_000 &&
    rng.chance(0.6);
  const lowKm = carType === 'used' && age >= 2 && (km ?? Infinity) < age * 6000;
  const tag =
    status === 'sold'
      ? null
      : pickTag(rng, { carType, runout, lowKm, wasPrice: beforePrice !== null });
  const hasNvic = carType !== 'new' && itemType !== 'caravan' && rng.chance(0.5);
  const registered = carType !== 'new' && status !== 'coming_soon' && !rng.chance(0.07);
  const complianceMonth = year === nowYear ? rng.int(1, nowDate.getUTCMonth() + 1) : rng.int(1, 12);
  const buildMonth = complianceMonth > 2 ? complianceMonth - rng.int(1, 2) : complianceMonth;
  const drive4x4 = variant.drive === '4X4' && !/4x4/i.test(variant.badge);
  const title = [year, model.make, model.model, variant.badge].filter(Boolean).join(' ');
  const slug = slugify(`${title}${drive4x4 ? ' 4x4' : ''} ${id}`);
  const location = site.location;
  const onRoad = itemType === 'motorcycle' ? 'Ride Away' : 'Drive Away';
  const priceType =
    itemType === 'truck' || !registered
      ? 'Excl. Gov. Charges'
      : rng.chance(carType === 'used' ? 0.8 : 0.88)
        ? onRoad
        : 'Excl. Gov. Charges';
  const equipment = pickEquipment(rng, {
    itemType,
    shape: body.shape,
    fuel: pt.simpleFuel,
    drive: variant.drive,
    priceTier: Math.min(1, Math.max(0, (variant.price - 20_000) / 80_000)),
    age,
  });
  const financed =
    price !== null && price > 500 && rng.chance(0.4)
      ? lenderFigures(rng, profile.financeProvider, price, age)
      : null;

  const car: CarInput = {
    id,
    slug,
    path: `/cars/${slug}`,
    name: title,
    year,
    make: model.make,
    model: model.model,
    badge: variant.badge || null,
    series: age <= 3 ? (CURRENT_SERIES[`${model.make} ${model.model}`] ?? null) : null,
    body: body.body,
    simple_body: body.simpleBody,
    bodyconfiguration: body.bodyconfiguration,
    item_type: itemType,
    colour: paint.name,
    interior_colour: itemType === 'motorcycle' ? null : trim.name,
    ...(towed
      ? {}
      : {
          trans,
          simple_transmission: manual ? 'Manual' : 'Automatic',
          gearnum: gears,
          fuel: pt.fuel,
          simple_fuel: pt.simpleFuel,
          ...(itemType === 'motorcycle'
            ? {}
            : { drive: DRIVE_TEXT[variant.drive], simple_drive: variant.drive }),
          km,
          engine_size: pt.cc,
          engine_size_litres: pt.cc ? Math.round(pt.cc / 100) / 10 : null,
        }),
    seats: variant.seats ?? body.seats,
    doors: body.doors,
    stocknum: stockNumber(carType, id),
    vin: vin(rng, model.make, itemType, year),
    nvic: hasNvic ? nvic(rng, year) : null,
    has_nvic: hasNvic,
    regplate: registered ? plate(rng, site.place.state) : null,
    rego_expiry: registered
      ? new Date(nowMs + rng.int(10, 360) * DAY_MS).toISOString().slice(0, 10)
      : null,
    compliance_date: monthYear(year, complianceMonth),
    build_date: monthYear(year, buildMonth),
    price,
    before_price: beforePrice,
    price_type: priceType,
    car_type: carType,
    status,
    sold: status === 'sold',
    ...(soldMs !== null ? { sold_date_timestamp: unixSeconds(soldMs) } : {}),
    reserved: status === 'in_stock' && rng.chance(0.03),
    certified,
    tag,
    views: carType === 'new' ? rng.int(0, 250) : Math.round(rng.next() ** 2 * 1200) + 20,
    created_at: isoAest(createdMs),
    updated_at: isoAest(updatedMs),
    photos_count: urls.length,
    images: urls.map((url) => ({ image: { url, thumb: { url } } })),
    primary_image_url: urls[0] ?? null,
    standardEquipment: equipment,
    dealercomments: dealerComments(rng, {
      carType,
      itemType,
      title,
      model: `${model.model} ${variant.badge}`.trim(),
      colour: paint.name,
      km,
      fuel: pt.simpleFuel,
      drive: variant.drive,
      towing: model.towing ?? null,
      l100: pt.l100,
      sleeps: van?.sleeps ?? null,
      certified,
      features: Object.values(equipment).flat(),
      dealer: profile.name,
      location: location.name,
      phone: location.contact_detail?.phone ?? '',
      state: site.place.state,
    }),
    dealership_id: site.dealership.id,
    dealership_slug: site.dealership.slug,
    location_id: location.id,
    show_on_dealer_website: !rng.chance(0.01),
    city: site.place.city,
    state: site.place.state,
    location: carLocation(location),
    variant: {
      cylinders: pt.cylinders,
      enginesize: pt.cc,
      enginesize_litres: pt.cc ? Math.round(pt.cc / 100) / 10 : null,
      induction: towed ? null : pt.induction,
      fuelconsumptioncombined: towed ? null : pt.l100,
      fuelcapacity: pt.tank,
      grossvehiclemass: van ? van.atm : gvm,
      vehiclelength: van ? Math.round(van.lengthFt * 304.8) : length,
      vehiclewidth: van ? Math.round(van.widthFt * 304.8) : width,
      vehicleheight: height,
      towingcapacitybraked: model.towing ?? null,
      torque: towed ? null : pt.nm,
      power: towed ? null : pt.kw,
      bodyconfiguration: body.bodyconfiguration,
      ancaprating: model.ancap ?? null,
      geartype: towed ? null : manual ? 'Manual' : pt.gearType,
    },
    ...(van
      ? {
          specifications: {
            body_width: van.widthFt,
            body_length: van.lengthFt,
            tare_weight: van.tare,
            axle_type: van.axle,
            sleeps: van.sleeps,
            aggregate_trailer_mass: van.atm,
          },
        }
      : {}),
    ...(financed ? { finance_lenders: { [profile.financeProvider]: financed } } : {}),
    ...(financed && profile.financeProvider === 'youx'
      ? {
          youxQuote: {
            weeklyRepaymentAmount: financed.paymentWeek,
            advertisedRate: financed.interestRate,
            comparisonRate: financed.comparisonRate,
          },
        }
      : {}),
    ...(carType === 'used' && itemType === 'car' && price && rng.chance(0.3)
      ? marketData(rng, price)
      : {}),
    custom_rank: Math.round(
      rng.float(0, 400) +
        urls.length * 30 +
        (carType === 'new' ? 200 : 0) +
        (status === 'in_stock' ? 300 : 0),
    ),
  };
  return car;
}
