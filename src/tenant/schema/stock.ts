import { z } from 'zod';

/** Which cars of the feeds this site lists (SPEC 7 stock filter and the dealer's selection). */
export const StockSchema = z
  .object({
    dealership_ids: z
      .array(z.string())
      .default([])
      .describe('Only cars of these dealerships; empty means all in the feed.'),
    makes: z.array(z.string().min(1)).default([]).describe('Only these makes; empty means all.'),
    car_types: z
      .array(z.enum(['new', 'demo', 'used']))
      .min(1, 'expected at least one of new, demo, used')
      .default(['new', 'demo', 'used']),
    item_type: z
      .enum(['car', 'caravan', 'motorcycle', 'truck'])
      .optional()
      .describe('Only this item type; empty means all.'),
    include_sold_cars_days: z
      .number()
      .int('expected a whole number of days')
      .min(0)
      .max(14)
      .default(3)
      .describe('Sold cars stay listed this many days after their sold date (0 to 14).'),
    just_arrived_days: z
      .number()
      .int()
      .min(0)
      .max(60)
      .default(8)
      .describe('Cars created within this many days get the just-arrived tag.'),
    video_position: z
      .enum(['start', 'second', 'middle', 'end'])
      .default('second')
      .describe('Where the stock video sits among the photos.'),
  })
  .strict();

export type Stock = z.output<typeof StockSchema>;
