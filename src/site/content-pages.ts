import { warrantyCopy } from '../domain/warranty';
import { formatPhone } from '../domain/format';
import { mainPhone } from '../domain/phone';
import { markdownPagesFrom, SHARED_CONTENT_PAGES, type MarkdownModule, type MarkdownPage } from './markdown-pages';
import type { SiteData } from './types';

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

/**
 * Every Markdown file under tenants/content/, compiled into the build by Vite with Astro's
 * Markdown pipeline. (They were an Astro content collection; its sync cost every site's build
 * about two seconds before Vite started, for ten small files.)
 */
let pages: Map<string, MarkdownPage> | undefined;
function markdownPages(): Map<string, MarkdownPage> {
  return (pages ??= markdownPagesFrom(import.meta.glob<MarkdownModule>('../../tenants/content/**/*.md', { eager: true }), SHARED_CONTENT_PAGES));
}

/** A content page of the tenant (its own Markdown, else the shared default), or undefined. */
export async function contentPage(site: SiteData, route: string): Promise<ContentPage | undefined> {
  const page = markdownPages().get(`${site.tenant.slug}/${route}`) ?? markdownPages().get(`_default/${route}`);
  if (!page) return undefined;
  const values = placeholders(site);
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (match, key: string) => values[key] ?? match);
  return {
    route,
    title: fill(page.title),
    description: page.description && fill(page.description),
    html: fill(await page.html()),
  };
}

/** Content routes of a tenant: the shared set plus its extras. */
export function contentRoutes(site: SiteData): string[] {
  return [...new Set([...SHARED_CONTENT_PAGES, ...site.tenant.pages.extra])];
}
