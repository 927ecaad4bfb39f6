import { warrantyCopy } from '../domain/warranty';
import { formatPhone } from '../domain/format';
import { mainPhone } from '../domain/phone';
import { latin1Html, latin1Markup } from './latin1';
import type { MarkdownPage } from './markdown-pages';
import type { SiteData } from './types';

export interface ContentPage {
  route: string;
  title: string;
  description?: string;
  html: string;
}

/** What `{{name}}`, `{{phone}}`, `{{established}}` and `{{warranty}}` stand for on a site's content pages. */
export function placeholders(site: Pick<SiteData, 'tenant' | 'locations'>): Record<string, string> {
  const phone = mainPhone(site.tenant, site.locations);
  return {
    name: site.tenant.name,
    phone: phone ? formatPhone(phone) : 'our team',
    established: String(site.tenant.dealer.established ?? 'day one'),
    warranty: warrantyCopy(site.tenant.content.warranty_years),
  };
}

/**
 * `{{key}}` filled in from `values`; unknown keys stay as written. The values are the tenant's
 * text, so HTML gets them escaped (`escape`), while titles stay plain text that the page escapes
 * where it prints them.
 */
export function fillPlaceholders(
  text: string,
  values: Record<string, string>,
  escape: (value: string) => string = (value) => value,
): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? escape(values[key]!) : match,
  );
}

/** A Markdown page with the site's values filled in. */
export async function fillContentPage(
  site: Pick<SiteData, 'tenant' | 'locations'>,
  route: string,
  page: MarkdownPage,
): Promise<ContentPage> {
  const values = placeholders(site);
  return {
    route,
    title: fillPlaceholders(page.title, values),
    description: page.description && fillPlaceholders(page.description, values),
    html: latin1Markup(fillPlaceholders(await page.html(), values, latin1Html)),
  };
}
