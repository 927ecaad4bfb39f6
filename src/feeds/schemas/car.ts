import { z } from 'zod';
import {
  FeedUrlSchema,
  IdSchema,
  ImageItemSchema,
  LooseNumberSchema,
  PostcodeSchema,
  VideoItemSchema,
} from './common';

/** Figures one finance lender quotes for a car (SPEC 3 "finance_lenders keyed by provider"). */
export const LenderFiguresSchema = z
  .object({
    interestRate: LooseNumberSchema,
    comparisonRate: LooseNumberSchema,
    paymentWeek: LooseNumberSchema,
    paymentMonth: LooseNumberSchema,
    totalPayable: LooseNumberSchema,
    termYears: LooseNumberSchema,
    termMonths: LooseNumberSchema,
    termWeeks: LooseNumberSchema,
    deposit: LooseNumberSchema,
    balloon: LooseNumberSchema,
    establishmentFees: LooseNumberSchema,
    disclaimer: z.string().nullable(),
    financeProvider: z.string().nullable(),
  })
  .partial()
  .catchall(z.unknown());

export const CarAddressSchema = z
  .object({
    id: IdSchema,
    street: z.string(),
    city: z.string(),
    state: z.string(),
    postcode: PostcodeSchema,
    place_url: FeedUrlSchema,
  })
  .partial();

/** The location a car sits at, embedded in the car record. */
export const CarLocationSchema = z.object({
  id: IdSchema,
  name: z.string(),
  slug: z.string().optional(),
  phone: z.string().nullish(),
  address: CarAddressSchema.optional(),
  distribution_locations: z.array(z.unknown()).optional(),
  manufacturers: z.array(z.string()).optional(),
  location_type: z.string().nullish(),
  location_subtype: z.string().nullish(),
});

export const VariantSchema = z
  .object({
    cylinders: LooseNumberSchema,
    enginesize: LooseNumberSchema,
    enginesize_litres: LooseNumberSchema,
    induction: z.string().nullable(),
    fuelconsumptioncombined: LooseNumberSchema,
    fuelcapacity: LooseNumberSchema,
    grossvehiclemass: LooseNumberSchema,
    vehiclelength: LooseNumberSchema,
    vehicleheight: LooseNumberSchema,
    vehiclewidth: LooseNumberSchema,
    towingcapacitybraked: LooseNumberSchema,
    torque: LooseNumberSchema,
    power: LooseNumberSchema,
    bodyconfiguration: z.string().nullable(),
    ancaprating: LooseNumberSchema,
    geartype: z.string().nullable(),
  })
  .partial();

/** Caravan and trailer specifications (SPEC 3: "in feet/kg" — lengths in feet, masses in kg). */
export const CaravanSpecificationsSchema = z
  .object({
    body_width: LooseNumberSchema,
    body_length: LooseNumberSchema,
    tare_weight: LooseNumberSchema,
    axle_type: z.string().nullable(),
    sleeps: LooseNumberSchema,
    aggregate_trailer_mass: LooseNumberSchema,
  })
  .partial();

const HotspotSchema = z.object({
  id: IdSchema,
  description: z.string().optional(),
  anchors: z.unknown().optional(),
  positions: z.record(z.string(), z.unknown()).optional(),
});

/** Feature lists arrive flat (["Cruise control", ...]) or grouped ({ Safety: [...] }); pages get groups. */
export const StandardEquipmentSchema = z
  .union([
    z.array(z.string()),
    z.record(z.string(), z.array(z.string())),
    z.array(z.object({ category: z.string(), items: z.array(z.string()) })),
  ])
  .transform((value): { category: string; items: string[] }[] => {
    if (Array.isArray(value)) {
      if (value.every((item) => typeof item === 'string'))
        return value.length ? [{ category: 'Features', items: value as string[] }] : [];
      return value as { category: string; items: string[] }[];
    }
    return Object.entries(value).map(([category, items]) => ({ category, items }));
  });

export const CarTypeSchema = z.enum(['new', 'demo', 'used']);

/**
 * One car of a stock feed. Field names are SPEC section 3's, as dealer feeds send them, so a real
 * feed maps in without renaming. Unknown fields are dropped; a record missing a required field or
 * with a wrong type is reported and left out of the build.
 */
export const CarSchema = z.object({
  id: IdSchema,
  slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'expected a URL slug of lower-case letters, digits and dashes'),
  path: z.string().optional(),
  name: z.string().min(1),
  year: z.number().int().min(1900).max(2100),
  make: z.string().min(1),
  model: z.string().min(1),
  badge: z.string().nullish(),
  series: z.string().nullish(),
  body: z.string().nullish(),
  simple_body: z.string().nullish(),
  bodyconfiguration: z.string().nullish(),
  colour: z.string().nullish(),
  interior_colour: z.string().nullish(),
  gearnum: LooseNumberSchema.optional(),
  trans: z.string().nullish(),
  simple_transmission: z.string().nullish(),
  fuel: z.string().nullish(),
  simple_fuel: z.string().nullish(),
  drive: z.string().nullish(),
  simple_drive: z.string().nullish(),
  km: LooseNumberSchema.optional(),
  seats: LooseNumberSchema.optional(),
  doors: LooseNumberSchema.optional(),
  engine_size: LooseNumberSchema.optional(),
  engine_size_litres: LooseNumberSchema.optional(),
  stocknum: z.string().nullish(),
  vin: z.string().nullish(),
  nvic: z.string().nullish(),
  has_nvic: z.boolean().optional(),
  regplate: z.string().nullish(),
  rego_expiry: z.string().nullish(),
  compliance_date: z.string().nullish(),
  build_date: z.string().nullish(),
  price: LooseNumberSchema.optional(),
  before_price: LooseNumberSchema.optional(),
  offer_price: LooseNumberSchema.optional(),
  subscription_price: LooseNumberSchema.optional(),
  price_type: z.string().nullish(),
  preorder: z.boolean().optional(),
  car_type: CarTypeSchema,
  item_type: z.string().nullish(),
  status: z.string().min(1),
  sold: z.boolean().optional(),
  sold_date_timestamp: LooseNumberSchema.optional(),
  reserved: z.boolean().optional(),
  certified: z.boolean().optional(),
  tag: z.string().nullish(),
  views: LooseNumberSchema.optional(),
  updated_at: z.string().nullish(),
  created_at: z.string().nullish(),
  photos_count: LooseNumberSchema.optional(),
  images: z.array(ImageItemSchema).default([]),
  thumbnails: z.array(FeedUrlSchema).optional(),
  primary_image_url: FeedUrlSchema.nullish(),
  video_url: FeedUrlSchema.nullish(),
  external_video_url: FeedUrlSchema.nullish(),
  videos: z.array(VideoItemSchema).optional(),
  walkaround_videos: z.array(VideoItemSchema).optional(),
  spin_images: z.array(FeedUrlSchema).optional(),
  spin_code: z.string().nullish(),
  spin_interior_image: FeedUrlSchema.nullish(),
  hotspots: z
    .object({
      exterior: z.array(HotspotSchema).optional(),
      interior: z.array(HotspotSchema).optional(),
    })
    .optional(),
  standardEquipment: StandardEquipmentSchema.optional(),
  dealercomments: z.string().nullish(),
  file: FeedUrlSchema.nullish(),
  dealership_id: IdSchema.nullish(),
  dealership_slug: z.string().nullish(),
  dealership_ids: z.array(IdSchema).optional(),
  location_id: IdSchema.nullish(),
  show_on_dealer_website: z.boolean().default(true),
  city: z.string().nullish(),
  state: z.string().nullish(),
  private_suburb: z.string().nullish(),
  private_postcode: z.string().nullish(),
  carsales_title: z.string().nullish(),
  location: CarLocationSchema.nullish(),
  variant: VariantSchema.nullish(),
  specifications: CaravanSpecificationsSchema.nullish(),
  autograb_data: z
    .object({
      state_average_market_price: LooseNumberSchema,
      average_market_price: LooseNumberSchema,
    })
    .partial()
    .nullish(),
  youxQuote: z
    .object({
      weeklyRepaymentAmount: LooseNumberSchema,
      advertisedRate: LooseNumberSchema,
      comparisonRate: LooseNumberSchema,
    })
    .partial()
    .nullish(),
  finance_lenders: z.record(z.string(), LenderFiguresSchema).nullish(),
  /** Price comparison figures (SPEC 3 "Autogauge response"), when the feed carries them. */
  autogauge: z
    .object({
      fill: LooseNumberSchema,
      listing_price: LooseNumberSchema,
      market_range_min: LooseNumberSchema,
      market_range_max: LooseNumberSchema,
      confidence: LooseNumberSchema,
      description: z.string().nullable(),
    })
    .partial()
    .nullish(),
  custom_rank: LooseNumberSchema.optional(),
});

export type Car = z.output<typeof CarSchema>;
export type CarInput = z.input<typeof CarSchema>;
export type LenderFigures = z.output<typeof LenderFiguresSchema>;
export type CarType = z.output<typeof CarTypeSchema>;
