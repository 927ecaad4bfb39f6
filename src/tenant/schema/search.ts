import { z } from 'zod';

export const MeilisearchSchema = z
  .object({
    host: z.url({
      protocol: /^https?$/,
      error: 'expected the Meilisearch URL, like "https://search.example.com"',
    }),
    search_key: z.string().min(8, 'expected a search-only API key'),
    index: z.string().default('Car_production'),
  })
  .strict();

export const SearchSchema = z
  .object({
    backend: z
      .enum(['embedded', 'meilisearch'])
      .default('embedded')
      .describe(
        'embedded: the build ships the index and the browser searches it; meilisearch: a Meilisearch server.',
      ),
    meilisearch: MeilisearchSchema.optional(),
    hits_per_page: z.number().int().min(6).max(60).default(21),
    cache_size: z
      .number()
      .int()
      .min(1)
      .max(500)
      .default(50)
      .describe(
        'Search answers kept in the browser, by request; the oldest is evicted when full (SPEC 7, 9).',
      ),
    cards_per_row: z.union([z.literal(3), z.literal(4)]).default(3),
    price_quick_picks: z
      .enum(['standard', 'premium'])
      .default('standard')
      .describe(
        'Suggestions under the price fields: standard $5,000 to $70,000; premium $300,000 to $800,000 (SPEC 5).',
      ),
    card_attributes: z
      .array(z.string())
      .default(['car_type', 'simple_body', 'km', 'simple_transmission', 'stocknum'])
      .describe('Car fields listed on search result cards.'),
  })
  .strict()
  .refine((search) => search.backend !== 'meilisearch' || search.meilisearch, {
    message: 'expected meilisearch.host and meilisearch.search_key when backend is meilisearch',
    path: ['meilisearch'],
  });

export type Search = z.output<typeof SearchSchema>;
