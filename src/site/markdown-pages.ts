import type { MarkdownInstance } from 'astro';
import { z } from 'zod';
import { describeIssue, formatPath } from '../config/format-issues';

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

/**
 * What a content page's front matter holds. Other keys are left alone, but for `layout` and
 * `setup`: Astro's Markdown compiler would act on those, and every content page has the site's
 * own layout.
 */
const FrontMatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().optional(),
});
const UNSUPPORTED_KEYS = ['layout', 'setup'];

export interface MarkdownPage {
  title: string;
  description?: string;
  html(): Promise<string>;
}

export type MarkdownModule = Pick<
  MarkdownInstance<Record<string, unknown>>,
  'frontmatter' | 'compiledContent'
>;

/**
 * The content pages from Markdown modules keyed by file path, as "<folder>/<route>"
 * ("bayside-toyota/eofy", "_default/about-us"). Every file's front matter is checked, and each
 * `required` route must have its shared default; the error names each bad or missing file.
 */
export function markdownPagesFrom(
  modules: Record<string, MarkdownModule>,
  required: readonly string[] = [],
): Map<string, MarkdownPage> {
  const found = new Map<string, MarkdownPage>();
  const files = new Set<string>();
  const problems: string[] = [];
  for (const [file, module] of Object.entries(modules)) {
    const id = file.replace(/^.*\/tenants\/content\//, '').replace(/\.md$/, '');
    files.add(id);
    const unsupported = UNSUPPORTED_KEYS.filter((key) => key in module.frontmatter);
    for (const key of unsupported)
      problems.push(
        `tenants/content/${id}.md: front matter ${key}: not supported in content pages (they all use the site layout)`,
      );
    const result = FrontMatterSchema.safeParse(module.frontmatter, { reportInput: true });
    if (!result.success)
      for (const issue of result.error.issues)
        problems.push(
          `tenants/content/${id}.md: front matter ${formatPath(issue.path)}: ${describeIssue(issue)}`,
        );
    if (unsupported.length || !result.success) continue;
    found.set(id, {
      title: result.data.title,
      description: result.data.description,
      html: () => module.compiledContent(),
    });
  }
  for (const route of required) {
    // Without it, every site would quietly lose that page. (One that is there but bad is reported above.)
    if (!files.has(`_default/${route}`))
      problems.push(
        `tenants/content/_default/${route}.md: missing; every site has /${route}, so it needs this shared default`,
      );
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return found;
}
