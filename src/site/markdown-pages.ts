import type { MarkdownInstance } from 'astro';
import { z } from 'zod';
import { describeIssue, formatPath } from '../config/format-issues';

/** What a content page's front matter holds; other keys are left alone. */
const FrontMatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().optional(),
});

export interface MarkdownPage {
  title: string;
  description?: string;
  html(): Promise<string>;
}

export type MarkdownModule = Pick<MarkdownInstance<Record<string, unknown>>, 'frontmatter' | 'compiledContent'>;

/**
 * The content pages from Markdown modules keyed by file path, as "<folder>/<route>"
 * ("bayside-toyota/eofy", "_default/about-us"). Every file's front matter is checked; the error
 * names each bad file and field.
 */
export function markdownPagesFrom(modules: Record<string, MarkdownModule>): Map<string, MarkdownPage> {
  const found = new Map<string, MarkdownPage>();
  const problems: string[] = [];
  for (const [file, module] of Object.entries(modules)) {
    const id = file.replace(/^.*\/tenants\/content\//, '').replace(/\.md$/, '');
    const result = FrontMatterSchema.safeParse(module.frontmatter, { reportInput: true });
    if (!result.success) {
      for (const issue of result.error.issues) problems.push(`tenants/content/${id}.md: front matter ${formatPath(issue.path)}: ${describeIssue(issue)}`);
      continue;
    }
    found.set(id, { ...result.data, html: () => module.compiledContent() });
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return found;
}
