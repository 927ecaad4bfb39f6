import { z } from 'zod';
import { FeedSourceSchema } from './primitives';

/** Where each feed comes from: a path relative to the project root, or a URL read at build time. */
export const FeedsSchema = z
  .object({
    cars: FeedSourceSchema.describe('Stock feed: a JSON array of cars (SPEC 3 Car fields).'),
    locations: FeedSourceSchema.describe(
      'Locations feed: a JSON array of SPEC 3 Manufacturer locations.',
    ),
    special_hours: FeedSourceSchema.optional(),
    models: FeedSourceSchema.optional(),
    reviews: FeedSourceSchema.optional(),
    manufacturers: FeedSourceSchema.optional(),
    offers: FeedSourceSchema.optional(),
  })
  .strict();

export type Feeds = z.output<typeof FeedsSchema>;
