import type { MarkdownInstance } from 'astro';
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

interface Frontmatter {
  title: string;
  description?: string;
}

// Markdown under tenants/content/<slug>/<route>.md, with tenants/content/_default/ as the fallback.
const files = import.meta.glob<MarkdownInstance<Frontmatter>>('/tenants/content/**/*.md', { eager: true });

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
  const file = files[`/tenants/content/${site.tenant.slug}/${route}.md`] ?? files[`/tenants/content/_default/${route}.md`];
  if (!file) return undefined;
  const values = placeholders(site);
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (match, key: string) => values[key] ?? match);
  return {
    route,
    title: fill(file.frontmatter.title),
    description: file.frontmatter.description && fill(file.frontmatter.description),
    html: fill(await file.compiledContent()),
  };
}

/** Content routes of a tenant: the shared set plus its extras. */
export function contentRoutes(site: SiteData): string[] {
  return [...new Set([...SHARED_CONTENT_PAGES, ...site.tenant.pages.extra])];
}
