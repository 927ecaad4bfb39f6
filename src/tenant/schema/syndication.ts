import { z } from 'zod';
import { CarTypeSchema } from '../../feeds/schemas/car';

/**
 * Vehicle-listing feeds for Google and Meta, and IndexNow. All off by default: a dealer turns on
 * only the programmes it has an account with.
 */
export const SyndicationSchema = z
  .object({
    google: z
      .boolean()
      .default(false)
      .describe(
        'Write /feeds/google-vehicle-listings.xml (Google vehicle listings / vehicle ads).',
      ),
    meta: z
      .boolean()
      .default(false)
      .describe('Write /feeds/meta-vehicles.xml (Meta automotive inventory catalog).'),
    exclude_car_types: z
      .array(CarTypeSchema)
      .default([])
      .describe(
        'Car types left out of both feeds, e.g. ["used", "demo"] for a manufacturer that syndicates new cars only.',
      ),
    store_codes: z
      .record(
        z.string().min(1),
        z
          .string()
          .regex(
            /^[A-Za-z0-9_.-]{1,64}$/,
            'expected letters, digits, "_", "." or "-" (at most 64)',
          ),
      )
      .default({})
      .describe(
        'Store code per location id, where the code the programme knows differs from the feed\'s location id, e.g. { "12": "BAYSIDE-CAP" }.',
      ),
    indexnow_key: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,128}$/, 'expected an IndexNow key: 8 to 128 letters, digits or "-"')
      .optional()
      .describe(
        'IndexNow key: the build serves it at /<key>.txt so search engines accept change notifications. Off when absent.',
      ),
  })
  .strict();

export type Syndication = z.output<typeof SyndicationSchema>;
