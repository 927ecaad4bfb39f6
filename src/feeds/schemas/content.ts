import { z } from 'zod';
import { FeedUrlSchema, IdSchema, LooseNumberSchema } from './common';

/** SPEC 3 "Review". */
export const ReviewSchema = z.object({
  id: IdSchema,
  customer_name: z.string().min(1),
  rating: z.number().min(0).max(5),
  text: z.string().nullish(),
  review_date: z.string().nullish(),
  review_date_in_words: z.string().nullish(),
  created_at_time_ago_in_words: z.string().nullish(),
  image: z.object({ url: FeedUrlSchema }).nullish(),
  reply_text: z.string().nullish(),
  reply_date: z.string().nullish(),
  location_id: IdSchema.nullish(),
  dealership_id: IdSchema.nullish(),
});

/** SPEC 3 "Model": an entry of a manufacturer's or dealer's model range. */
export const ModelSchema = z.object({
  id: IdSchema,
  name: z.string().min(1),
  slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'expected a URL slug of lower-case letters, digits and dashes'),
  new_slug: z.string().nullish(),
  status: z.enum(['all_new', 'new', 'coming_soon']).nullish(),
  short_description: z.string().nullish(),
  description: z.string().nullish(),
  image: z.object({ url: FeedUrlSchema }).nullish(),
  cloudfront_new_image_url: FeedUrlSchema.nullish(),
  override_url: FeedUrlSchema.nullish(),
  manufacturer_name: z.string().nullish(),
  manufacturer_body: z.string().nullish(),
  manufacturer_body1: z.string().nullish(),
  manufacturer_body2: z.string().nullish(),
  manufacturer_body3: z.string().nullish(),
  body: z.array(z.string()).default([]),
  from_price: LooseNumberSchema.optional(),
  model_variants: z
    .array(
      z.object({
        name: z.string().nullish(),
        // SPEC 5: minimum prices ignore zero or non-numeric values ("POA"), so those become null, not errors.
        dap_min_price: LooseNumberSchema.catch(null).optional(),
        dap_max_price: LooseNumberSchema.catch(null).optional(),
        fuel: z.string().nullish(),
        transmission: z.string().nullish(),
      }),
    )
    .default([]),
});

/** SPEC 3 "Manufacturer": a brand the site sells, with the group it is shown under on group sites. */
export const ManufacturerSchema = z.object({
  id: IdSchema,
  name: z.string().min(1),
  slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'expected a URL slug of lower-case letters, digits and dashes'),
  logo: FeedUrlSchema.nullish(),
  category: z.enum(['Car', 'Motorcycle', 'Truck']).default('Car'),
  dealership_websites: z
    .array(z.object({ name: z.string(), url: FeedUrlSchema, make: z.string().optional() }))
    .default([]),
});

/** A special offer (the /special-offers page and the home banner), honouring start and expiry. */
export const OfferSchema = z.object({
  id: IdSchema,
  title: z.string().min(1),
  slug: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'expected a URL slug of lower-case letters, digits and dashes'),
  description: z.string().nullish(),
  image: z.object({ url: FeedUrlSchema }).nullish(),
  url: FeedUrlSchema.nullish(),
  make: z.string().nullish(),
  model: z.string().nullish(),
  price: LooseNumberSchema.optional(),
  price_type: z.string().nullish(),
  disclaimer: z.string().nullish(),
  start: z.string().nullish(),
  expiry: z.string().nullish(),
  // SPEC 3 promo node fields: an offer is shown, and placed in the list, by src/domain/promos.ts.
  position: z.number().int().min(1).nullish(),
  display: z.boolean().nullish(),
  strictDisplay: z.boolean().nullish(),
});

export type Review = z.output<typeof ReviewSchema>;
export type Model = z.output<typeof ModelSchema>;
export type Manufacturer = z.output<typeof ManufacturerSchema>;
export type Offer = z.output<typeof OfferSchema>;
