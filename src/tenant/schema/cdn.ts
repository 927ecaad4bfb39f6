import { z } from 'zod';

/**
 * Which CDN zone serves this site, for purging what a publish changed (platform/cdn). Which CDNs
 * are purged, and the API token, come from the environment (CDN_PURGE, CLOUDFLARE_API_TOKEN):
 * a tenant file says where the site is, never a secret.
 */
export const CdnSchema = z
  .object({
    cloudflare_zone_id: z
      .string()
      .regex(
        /^[0-9a-f]{32}$/,
        'expected a Cloudflare zone id: 32 lowercase hex digits (the zone\'s Overview page, "Zone ID")',
      )
      .optional()
      .describe(
        "The Cloudflare zone of this site's domain; with CDN_PURGE=cloudflare, each publish purges the URLs it changed there. Default: CLOUDFLARE_ZONE_ID.",
      ),
  })
  .strict();

export type Cdn = z.output<typeof CdnSchema>;
