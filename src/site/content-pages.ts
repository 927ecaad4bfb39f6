import { fillContentPage, type ContentPage } from './content-placeholders';
import {
  markdownPagesFrom,
  SHARED_CONTENT_PAGES,
  type MarkdownModule,
  type MarkdownPage,
} from './markdown-pages';
import type { SiteData } from './types';

export type { ContentPage } from './content-placeholders';

/**
 * Every Markdown file under tenants/content/, compiled into the build by Vite with Astro's
 * Markdown pipeline. (They were an Astro content collection; its sync cost every site's build
 * about two seconds before Vite started, for ten small files.)
 */
let pages: Map<string, MarkdownPage> | undefined;
function markdownPages(): Map<string, MarkdownPage> {
  return (pages ??= markdownPagesFrom(
    import.meta.glob<MarkdownModule>('../../tenants/content/**/*.md', { eager: true }),
    SHARED_CONTENT_PAGES,
  ));
}

/** A content page of the tenant (its own Markdown, else the shared default), or undefined. */
export async function contentPage(site: SiteData, route: string): Promise<ContentPage | undefined> {
  const page =
    markdownPages().get(`${site.tenant.slug}/${route}`) ?? markdownPages().get(`_default/${route}`);
  return page && fillContentPage(site, route, page);
}

/** Content routes of a tenant: the shared set plus its extras. */
export function contentRoutes(site: SiteData): string[] {
  return [...new Set([...SHARED_CONTENT_PAGES, ...site.tenant.pages.extra])];
}
