import { z } from 'zod';
import { LinkSchema } from './primitives';

const IsoInstantSchema = z.iso.datetime({
  offset: true,
  error: 'expected a date-time with offset, like "2025-06-15T16:00:00+10:00"',
});

/** SPEC 3 "Promo node": a card inserted among search results. */
export const PromoCardSchema = z
  .object({
    title: z.string().min(1),
    text: z.string().optional(),
    image: LinkSchema.optional().describe(
      'Card image: a site path ("/media/...") or an http(s) URL.',
    ),
    url: LinkSchema,
    start: IsoInstantSchema.optional(),
    expiry: IsoInstantSchema.optional(),
    position: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('Fixed 1-based position among results; otherwise placed by the rule.'),
    display: z.boolean().default(true),
    strictDisplay: z
      .boolean()
      .default(false)
      .describe('Only show at its exact position, never moved.'),
  })
  .strict();

export const PromosSchema = z
  .object({
    placement: z
      .discriminatedUnion('rule', [
        z.object({ rule: z.literal('every'), every: z.number().int().min(2).max(50) }).strict(),
        z
          .object({
            rule: z.literal('positions'),
            positions: z.array(z.number().int().min(1)).min(1),
          })
          .strict(),
        z
          .object({
            rule: z.literal('random'),
            min: z.number().int().min(1),
            max: z.number().int().min(1),
          })
          .strict(),
      ])
      .default({ rule: 'positions', positions: [5, 10] }),
    cards: z.array(PromoCardSchema).default([]),
    default_expiry: z
      .boolean()
      .default(false)
      .describe(
        "Give promo cards and special offers without their own expiry SPEC 9's campaign expiry, 2025-06-15 16:00 +10:00 (PROMO_EXPIRY); off, they run until they are removed.",
      ),
  })
  .strict();

export type Promos = z.output<typeof PromosSchema>;
export type PromoCard = z.output<typeof PromoCardSchema>;
