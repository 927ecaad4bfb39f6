import { z } from 'zod';
import { contrastRatio } from '../../domain/contrast';
import { HexColourSchema } from './primitives';

export const ThemeSchema = z
  .object({
    colours: z
      .object({
        primary: HexColourSchema.describe('Brand colour: header bar, primary buttons, links.'),
        on_primary: HexColourSchema.default('#ffffff').describe('Text on the primary colour; must contrast 4.5:1 with it.'),
        accent: HexColourSchema.default('#1f7a3a').describe('Second brand colour: secondary buttons, highlights.'),
        on_accent: HexColourSchema.default('#ffffff'),
        text: HexColourSchema.default('#1d2430'),
        background: HexColourSchema.default('#ffffff'),
        muted_background: HexColourSchema.default('#f3f5f8'),
        footer_background: HexColourSchema.default('#1d2430'),
        on_footer: HexColourSchema.default('#ffffff'),
      })
      .strict()
      .superRefine((colours, ctx) => {
        // Text must stay readable whatever colours an editor picks (WCAG 2.2 AA, 4.5:1).
        const pairs = [
          ['on_primary', 'primary'],
          ['on_accent', 'accent'],
          ['text', 'background'],
          ['text', 'muted_background'],
          ['on_footer', 'footer_background'],
          ['primary', 'background'],
        ] as const;
        for (const [fg, bg] of pairs) {
          const ratio = contrastRatio(colours[fg], colours[bg]);
          if (ratio < 4.5) {
            ctx.addIssue({
              code: 'custom',
              path: [fg],
              message: `${fg} ${colours[fg]} on ${bg} ${colours[bg]} has contrast ${ratio.toFixed(2)}:1; expected at least 4.5:1 so text stays readable`,
            });
          }
        }
      }),
    logo: z
      .string()
      .regex(/\.(svg|png|webp|jpe?g)$/i, 'expected an image file (.svg, .png, .webp or .jpg)')
      // The build copies this file into the site: it must be one of the tenant files, not any file on the machine.
      .regex(/^(?![/\\])(?!.*(?:^|[/\\])\.\.(?:[/\\]|$))/, 'expected a path inside tenants/, like "assets/<slug>/logo.svg"')
      .optional()
      .describe('Logo file, relative to tenants/ (for example "assets/bayside-toyota/logo.svg"); the name is shown as text when absent.'),
    fonts: z
      .object({
        body: z.string().default('system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'),
        heading: z.string().default('system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'),
      })
      .strict()
      .prefault({}),
    radius: z.number().min(0).max(24).default(6).describe('Corner radius of buttons and cards, in px.'),
  })
  .strict();

export type Theme = z.output<typeof ThemeSchema>;
