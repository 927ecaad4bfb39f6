import { z } from 'zod';

/** An https origin only ("https://player.vimeo.com"): no path, no wildcard. */
const HttpsOrigin = z
  .url({
    protocol: /^https$/,
    error: 'expected an https origin, like "https://images.example.com"',
  })
  .refine(
    (url) => URL.canParse(url) && new URL(url).origin === url.replace(/\/$/, ''),
    'expected an origin only (scheme and host), without a path',
  )
  .transform((url) => new URL(url).origin);

/**
 * Hosts outside the site that pages may load feed media from. The Content-Security-Policy names
 * exactly these (platform/edge/security-headers.ts); media from any other host is blocked.
 */
export const MediaHostsSchema = z
  .object({
    video: z
      .array(HttpsOrigin)
      .default([
        'https://www.youtube-nocookie.com',
        'https://www.youtube.com',
        'https://player.vimeo.com',
      ])
      .describe(
        'Origins whose players or video files the vehicle pages may embed (frame-src and media-src).',
      ),
    image: z
      .array(HttpsOrigin)
      .default([])
      .describe(
        'Origins feed images (car photos, models, offers, locations) may come from (img-src).',
      ),
  })
  .strict();

export type MediaHosts = z.output<typeof MediaHostsSchema>;
