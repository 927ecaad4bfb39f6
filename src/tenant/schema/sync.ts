import { z } from 'zod';

/** How this dealer's feeds are read (builds and `npm run sync`), and how often `npm run sync -- --watch` reads them. */
export const SyncSchema = z
  .object({
    interval_seconds: z
      .number()
      .int()
      .min(5)
      .max(86_400)
      .optional()
      .describe(
        "Seconds between two reads of this tenant's feeds under `npm run sync -- --watch` (default: --interval, else 60).",
      ),
    max_feed_megabytes: z
      .number()
      .int()
      .min(1)
      .max(1_000)
      .default(50)
      .describe(
        'Largest feed read from a URL, in MB, both as sent and once decompressed; a larger answer is refused and the live site kept.',
      ),
    feed_timeout_seconds: z
      .number()
      .int()
      .min(1)
      .max(3_600)
      .default(60)
      .describe('Longest a feed URL may take to answer in full, redirects included.'),
    feed_idle_seconds: z
      .number()
      .int()
      .min(1)
      .max(600)
      .default(20)
      .describe('Longest a feed URL may go without sending a byte.'),
  })
  .strict();

export type Sync = z.output<typeof SyncSchema>;
