import { z } from 'zod';
import { PhoneSchema } from './primitives';

/** Phone numbers per car type, with per-location overrides (SPEC: "phone numbers per car type", "per-site phone overrides"). */
export const PhonesSchema = z
  .object({
    default: PhoneSchema.optional().describe(
      'Used when no car-type number applies; falls back to the location phone.',
    ),
    new: PhoneSchema.optional(),
    demo: PhoneSchema.optional(),
    used: PhoneSchema.optional(),
    by_location: z
      .record(z.string(), PhoneSchema)
      .default({})
      .describe(
        'Location id -> phone number shown for cars at that location, overriding everything else.',
      ),
  })
  .strict();

export type Phones = z.output<typeof PhonesSchema>;
