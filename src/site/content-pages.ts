import { getEntry } from 'astro:content';
import { warrantyCopy } from '../domain/warranty';
import { formatPhone } from '../domain/format';
import { mainPhone } from '../domain/phone';
import type { SiteData } from './types';

/** The content routes every tenant has (SPEC 2 "Other"); tenants add more with `pages.extra`. */
export const SHARED_CONTENT_PAGES = [
  'about-us',
  'service',
  'vehicle-parts-and-accessories',
  'fleet',
  'careers',
  'finance-and-insurance',
  'terms-and-conditions',
  'privacy-policy',
] as const;

export interface ContentPage {
  route: string;
  title: string;
  description?: string;
  html: string;
}

function placeholders(site: SiteData): Record<string, string> {
  const phone = mainPhone(site.tenant, site.locations);
  return {
    name: site.tenant.name,
    phone: phone ? formatPhone(phone) : 'our team',
    established: String(site.tenant.dealer.established ?? 'day one'),
    warranty: warrantyCopy(site.tenant.content.warranty_years),
  };
}

/** A content page of the tenant (its own Markdown, else the shared default), or undefined. */
export async function contentPage(site: SiteData, route: string): Promise<ContentPage | undefined> {
  // The `pages` collection (src/content.config.ts): the tenant's own Markdown, else the shared default.
  const entry = (await getEntry('pages', `${site.tenant.slug}/${route}`)) ?? (await getEntry('pages', `_default/${route}`));
  if (!entry) return undefined;
  const values = placeholders(site);
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (match, key: string) => values[key] ?? match);
  return {
    route,
    title: fill(entry.data.title),
    description: entry.data.description && fill(entry.data.description),
    html: fill(entry.rendered?.html ?? ''),
  };
}

/** Content routes of a tenant: the shared set plus its extras. */
export function contentRoutes(site: SiteData): string[] {
  return [...new Set([...SHARED_CONTENT_PAGES, ...site.tenant.pages.extra])];
}
