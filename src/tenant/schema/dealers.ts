import { z } from 'zod';
import { SlugSchema } from './primitives';

/** Leaflet shows the attribution as HTML: only text, entities and plain http(s) links may go in. */
function isPlainAttribution(html: string): boolean {
  const withoutLinks = html.replace(/<a href="https?:\/\/[^"<>\s]+">/g, '').replace(/<\/a>/g, '');
  return !/[<>]/.test(withoutLinks);
}

const HoursTypeSchema = z.enum(['sales', 'service', 'parts']);

/** Maps on the locator and location pages (Leaflet). */
export const MapSchema = z
  .object({
    tile_url: z
      .string()
      .regex(
        /^https:\/\/.*\{z\}.*\{x\}.*\{y\}/,
        'expected an https tile URL template with {z}, {x} and {y}',
      )
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
      .describe('Map tile URL template ({s}, {z}, {x}, {y}).'),
    attribution: z
      .string()
      .min(1)
      .refine(
        isPlainAttribution,
        'expected text with at most plain links like <a href="https://...">name</a>',
      )
      .default(
        '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      )
      .describe(
        'Attribution the tile provider requires: text and entities, with <a href="https://..."> links.',
      ),
    max_zoom: z.number().int().min(1).max(20).default(15).describe('SPEC 9: map max zoom 15.'),
  })
  .strict();

/** Locations, opening hours and the dealer locator. */
export const LocatorSchema = z
  .object({
    saturday_by_appointment: z
      .array(HoursTypeSchema)
      .default([])
      .describe(
        "Departments whose closed Saturday reads 'By appointment only' (SPEC 2: service or sales on some sites).",
      ),
    default_hours_type: HoursTypeSchema.default('sales').describe(
      'Hours shown first in the sales / service / parts selector.',
    ),
    contact_block: z
      .union([
        z.enum(['primary', 'sales', 'service', 'parts', 'service-and-parts', 'all']),
        z.object({ id: z.string() }).strict(),
      ])
      .default('all')
      .describe(
        'Which locations /contact-us and /contact show: a SPEC block name or { id } of one location.',
      ),
  })
  .strict();

/** The model range page (/models or /new-vehicles). */
export const ModelRangeSchema = z
  .object({
    body_filter_start: z
      .enum(['all', 'first'])
      .default('all')
      .describe(
        "Which body-type filter button the model range starts on when the URL has no ?body=: 'all' (the 'All' button) or 'first' (the range's first body type; 'All' stays a button). SPEC 4.",
      ),
  })
  .strict();

/** SPEC 5 reviews shown. */
export const ReviewsSettingsSchema = z
  .object({
    excluded_ids: z
      .array(z.union([z.string(), z.number()]).transform(String))
      .default([])
      .describe('Review ids never shown.'),
    blocked_names: z
      .array(z.string())
      .default([])
      .describe('Customer names whose reviews are never shown.'),
    min_rating: z
      .number()
      .min(0)
      .max(5)
      .default(4)
      .describe('Reviews below this rating are not shown (SPEC: 4 in one place).'),
  })
  .strict();

/** Per-dealer content pages beyond the shared set (SPEC 2 "Other" routes), each a Markdown file. */
export const PagesSchema = z
  .object({
    extra: z
      .array(SlugSchema)
      .default([])
      .describe(
        'Extra content routes this dealer has (eofy, twg-cars, ...), each from tenants/content/<slug>/<route>.md or the shared default.',
      ),
  })
  .strict();

export type MapSettings = z.output<typeof MapSchema>;
export type LocatorSettings = z.output<typeof LocatorSchema>;
export type ModelRangeSettings = z.output<typeof ModelRangeSchema>;
export type ReviewsSettings = z.output<typeof ReviewsSettingsSchema>;
