import { z } from 'zod';
import { LinkSchema } from './primitives';

/** SPEC 3 "Slide": a home page hero slide. */
export const SlideSchema = z
  .object({
    name: z.string().min(1),
    description: z.string().optional(),
    url: LinkSchema.optional(),
    image: LinkSchema.optional().describe(
      'Slide image: a site path ("/media/...") or an http(s) URL.',
    ),
    hide_overlay: z.boolean().default(false),
  })
  .strict();

export const StatSchema = z.object({ value: z.string().min(1), label: z.string().min(1) }).strict();

export const ContentSchema = z
  .object({
    tagline: z
      .string()
      .optional()
      .describe('Short line under the welcome heading on the home page.'),
    slides: z.array(SlideSchema).default([]),
    stats: z
      .array(StatSchema)
      .default([])
      .describe('Group sites: the stats banner, e.g. 50+ Locations, 40+ Brands, 30+ Years Est.'),
    warranty_years: z.union([z.literal(3), z.literal(5), z.literal(7)]).default(3),
    payment_logos: z
      .array(z.enum(['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay']))
      .default(['Mastercard', 'Visa', 'Maestro', 'Google Pay', 'Apple Pay'])
      .describe('SPEC 9 accepted payment logos shown in the footer.'),
  })
  .strict();

export type Content = z.output<typeof ContentSchema>;
