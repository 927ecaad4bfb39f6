import { z } from 'zod';
import { HexColourSchema } from './primitives';

/** The colours an editor may leave out; src/tenant/colour-contrast.ts checks them with the ones set. */
export const COLOUR_DEFAULTS = {
  on_primary: '#ffffff',
  accent: '#1f7a3a',
  on_accent: '#ffffff',
  text: '#1d2430',
  background: '#ffffff',
  muted_background: '#f3f5f8',
  footer_background: '#1d2430',
  on_footer: '#ffffff',
} as const;

export const ThemeSchema = z
  .object({
    colours: z
      .object({
        primary: HexColourSchema.describe('Brand colour: header bar, primary buttons, links.'),
        on_primary: HexColourSchema.default(COLOUR_DEFAULTS.on_primary).describe(
          'Text on the primary colour; must contrast 4.5:1 with it.',
        ),
        accent: HexColourSchema.default(COLOUR_DEFAULTS.accent).describe(
          'Second brand colour: secondary buttons, highlights.',
        ),
        on_accent: HexColourSchema.default(COLOUR_DEFAULTS.on_accent),
        text: HexColourSchema.default(COLOUR_DEFAULTS.text),
        background: HexColourSchema.default(COLOUR_DEFAULTS.background),
        muted_background: HexColourSchema.default(COLOUR_DEFAULTS.muted_background),
        footer_background: HexColourSchema.default(COLOUR_DEFAULTS.footer_background),
        on_footer: HexColourSchema.default(COLOUR_DEFAULTS.on_footer),
      })
      .strict(),
    logo: z
      .string()
      .regex(/\.(svg|png|webp|jpe?g)$/i, 'expected an image file (.svg, .png, .webp or .jpg)')
      // The build copies this file into the site: it must be one of the tenant files, not any file on the machine.
      .regex(
        /^(?![/\\])(?!.*(?:^|[/\\])\.\.(?:[/\\]|$))/,
        'expected a path inside tenants/, like "assets/<slug>/logo.svg"',
      )
      .optional()
      .describe(
        'Logo file, relative to tenants/ (for example "assets/bayside-toyota/logo.svg"); the name is shown as text when absent.',
      ),
    fonts: z
      .object({
        body: z.string().default('system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'),
        heading: z.string().default('system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'),
      })
      .strict()
      .prefault({}),
    radius: z
      .number()
      .min(0)
      .max(24)
      .default(6)
      .describe('Corner radius of buttons and cards, in px.'),
  })
  .strict();

export type Theme = z.output<typeof ThemeSchema>;
