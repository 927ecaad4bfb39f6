import { z } from 'zod';
import { LinkSchema } from './primitives';

const EnvNameSchema = z
  .string()
  .regex(
    /^[A-Z][A-Z0-9_]*$/,
    'expected the NAME of an environment variable, like "BAYSIDE_WEBHOOK_SECRET"',
  );

/** Where a site's leads are delivered, and the form rules that differ between dealers (SPEC 5). */
export const LeadsSchema = z
  .object({
    message_required: z
      .boolean()
      .default(true)
      .describe(
        'Comments must be filled in on enquiry forms (SPEC 5: required unless the dealer turns it off).',
      ),
    terms_required: z
      .boolean()
      .default(false)
      .describe(
        "Forms show a terms checkbox that must be ticked: 'You must agree to the terms of use before submitting the form.'",
      ),
    terms_url: LinkSchema.default('/terms-and-conditions').describe(
      'Where the terms checkbox links to.',
    ),
    webhook: z
      .object({
        url: z.url({ protocol: /^https?$/, error: 'expected the http(s) URL of the CRM webhook' }),
        secret_env: EnvNameSchema.describe(
          'Environment variable holding the HMAC-SHA256 signing secret (never the secret itself).',
        ),
      })
      .strict()
      .optional()
      .describe('POST each lead as JSON, signed in the X-Lead-Signature header.'),
    email: z
      .object({
        to: z.array(z.email('expected an e-mail address')).min(1),
        from: z.email('expected an e-mail address').default('leads@dealer-sites.example'),
      })
      .strict()
      .optional()
      .describe(
        'E-mail each lead as ADF/XML plus a readable text part, through the SMTP server in SMTP_URL.',
      ),
    fallback_email: z
      .email('expected an e-mail address')
      .optional()
      .describe(
        "Told by e-mail when leads have not reached the webhook or lead e-mail for an hour (once per outage); the first 'email.to' address when not set.",
      ),
    allowed_origins: z
      .array(z.url({ protocol: /^https?$/ }))
      .default([])
      .describe(
        "Other origins allowed to call this site's API from a browser (the site's own url is always allowed).",
      ),
    min_fill_ms: z
      .number()
      .int()
      .min(0)
      .max(60_000)
      .default(2000)
      .describe('A form sent faster than this after it was shown is treated as a bot.'),
    rate_limit: z
      .object({
        per_ip_per_minute: z.number().int().min(1).default(30),
        per_site_per_minute: z.number().int().min(1).default(1200),
      })
      .strict()
      .prefault({})
      .describe(
        'State-changing API calls allowed per visitor IP and per site each minute (429 with Retry-After beyond).',
      ),
  })
  .strict();

export type LeadsSettings = z.output<typeof LeadsSchema>;
