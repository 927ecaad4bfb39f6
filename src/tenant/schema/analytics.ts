import { z } from 'zod';

export const AnalyticsSchema = z
  .object({
    sink: z
      .enum(['none', 'console', 'beacon'])
      .default('none')
      .describe(
        'none: events are dropped; console: logged in the browser; beacon: POSTed to endpoint.',
      ),
    endpoint: z.string().optional(),
  })
  .strict()
  .refine((analytics) => analytics.sink !== 'beacon' || analytics.endpoint, {
    message: 'expected endpoint when sink is beacon',
    path: ['endpoint'],
  });
