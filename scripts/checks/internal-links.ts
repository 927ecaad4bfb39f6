import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Paths the local server answers without a file in dist (the API) or that are build assets. */
const NOT_PAGES = /^\/(api|_astro)\//;

/** Whether `dir` (a built site) serves `urlPath`: a file, a folder with index.html, or name.html. */
function serves(dir: string, urlPath: string): boolean {
  const target = path.join(dir, decodeURIComponent(urlPath));
  if (existsSync(target))
    return statSync(target).isFile() || existsSync(path.join(target, 'index.html'));
  return existsSync(`${target.replace(/\/$/, '')}.html`);
}

/**
 * The same-site links (href="/...") in the given pages of one built site that lead nowhere, as
 * "page -> /path". The query and fragment are not part of what must exist.
 */
export function brokenInternalLinks(dir: string, pages: string[]): string[] {
  const broken: string[] = [];
  const known = new Map<string, boolean>();
  for (const page of pages) {
    const html = readFileSync(page, 'utf8');
    for (const [, href] of html.matchAll(/\shref="(\/(?!\/)[^"#?]*)/g)) {
      if (!href || NOT_PAGES.test(href)) continue;
      if (!known.has(href)) known.set(href, serves(dir, href));
      if (!known.get(href)) broken.push(`${path.relative(dir, page)} -> ${href}`);
    }
  }
  return broken;
}
