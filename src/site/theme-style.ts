import { contrastRatio } from '../domain/contrast';
import type { Theme } from '../tenant/schema/theme';
import { perObject } from './memo';

/**
 * The tenant's theme as CSS custom properties on :root (values come from the validated YAML).
 * Every page's <head> has it: worked out once per theme, not per page.
 */
export const themeStyle = perObject((theme: Theme): string => {
  const c = theme.colours;
  // Muted text must keep 4.5:1 on both page backgrounds; darken it for light themes only.
  const mutedText =
    contrastRatio('#5a6472', c.muted_background) >= 4.5 &&
    contrastRatio('#5a6472', c.background) >= 4.5
      ? '#5a6472'
      : c.text;
  const vars: Record<string, string> = {
    '--c-primary': c.primary,
    '--c-on-primary': c.on_primary,
    '--c-accent': c.accent,
    '--c-on-accent': c.on_accent,
    '--c-text': c.text,
    '--c-bg': c.background,
    '--c-muted-bg': c.muted_background,
    '--c-footer-bg': c.footer_background,
    '--c-on-footer': c.on_footer,
    '--c-link': c.primary,
    '--c-focus': c.text,
    '--c-muted-text': mutedText,
    '--c-border': '#d5dbe3',
    '--radius': `${theme.radius}px`,
    '--font-body': theme.fonts.body,
    '--font-heading': theme.fonts.heading,
  };
  return `:root{${Object.entries(vars)
    .map(([name, value]) => `${name}:${value.replace(/[<>{};]/g, '')}`)
    .join(';')}}`;
});
