import { z } from 'zod';

/** How `npm run sync -- --watch` follows this dealer's feeds. */
export const SyncSchema = z
  .object({
    interval_seconds: z
      .number()
      .int()
      .min(5)
      .max(86_400)
      .optional()
      .describe("Seconds between two reads of this tenant's feeds under `npm run sync -- --watch` (default: --interval, else 60)."),
  })
  .strict();

export type Sync = z.output<typeof SyncSchema>;
