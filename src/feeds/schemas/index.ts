import { CarSchema } from './car';
import { ManufacturerSchema, ModelSchema, OfferSchema, ReviewSchema } from './content';
import { LocationSchema, SpecialHoursSchema } from './location';

export * from './car';
export * from './content';
export * from './location';

/** Every feed a tenant can supply, with the schema each of its records must pass. */
export const FEED_SCHEMAS = {
  cars: CarSchema,
  locations: LocationSchema,
  special_hours: SpecialHoursSchema,
  models: ModelSchema,
  reviews: ReviewSchema,
  manufacturers: ManufacturerSchema,
  offers: OfferSchema,
} as const;

export type FeedName = keyof typeof FEED_SCHEMAS;
export const FEED_NAMES = Object.keys(FEED_SCHEMAS) as FeedName[];
