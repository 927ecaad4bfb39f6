import { z } from 'zod';
import { PhoneSchema, SlugSchema } from './primitives';

export const TemplateSchema = z
  .enum(['dealer', 'group', 'manufacturer', 'caravan'])
  .describe(
    'Which kind of site: a single dealer, a multi-brand dealer group, a manufacturer with its dealer network, or a caravan dealer.',
  );

/** SPEC 3 "Dealer config": who the site belongs to. */
export const DealerSchema = z
  .object({
    manufacturer_id: z
      .string()
      .optional()
      .describe('Manufacturer id this dealer is franchised to (single-franchise dealers).'),
    phone: PhoneSchema.optional().describe(
      "Main phone number; falls back to the primary location's phone.",
    ),
    email: z
      .email('expected an e-mail address')
      .optional()
      .describe('Where leads go when no per-location address is set.'),
    override_city: z
      .string()
      .optional()
      .describe("City shown in titles instead of the primary location's city."),
    abn: z
      .string()
      .regex(/^\d{2} ?\d{3} ?\d{3} ?\d{3}$/, 'expected an 11-digit ABN like "12 345 678 901"')
      .optional(),
    licence: z.string().optional().describe('Motor dealer licence number shown in the footer.'),
    established: z
      .number()
      .int()
      .min(1850)
      .max(2100)
      .optional()
      .describe('Year the business was established.'),
  })
  .strict();

export const SiteFields = {
  template: TemplateSchema,
  slug: SlugSchema.describe(
    'URL-safe id of the site; must match the file name (tenants/<slug>.yaml).',
  ),
  name: z
    .string()
    .min(2, "expected the dealer's name")
    .describe('Dealer or brand name, as shown in titles and the header.'),
  url: z
    .url({
      protocol: /^https?$/,
      error: 'expected the site\'s public URL, like "https://www.example.com.au"',
    })
    .describe('Public URL of the site; canonical URLs and the sitemap use it.'),
  hostnames: z
    .array(
      z
        .string()
        .regex(
          /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
          'expected a host name in lower case, like "staging.example.com.au"',
        ),
    )
    .default([])
    .describe(
      "Other host names the production API answers for this site on (a staging domain); the url's host always counts.",
    ),
  description: z
    .string()
    .min(10, 'expected a sentence describing the dealer')
    .max(300)
    .describe('Default meta description.'),
  locale: z.literal('en-AU').default('en-AU'),
  local_port: z
    .number()
    .int()
    .min(1024)
    .max(65535)
    .optional()
    .describe(
      'Port `npm start` serves this site on locally, like 4322 (PORT moves every site by the same amount). Default: one in 4321-4370 worked out from the slug, so adding a tenant moves no other site.',
    ),
  dealer: DealerSchema.default({}),
};
