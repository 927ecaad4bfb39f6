/**
 * Checks on the project's Markdown: relative links that lead nowhere, and `npm run` scripts the
 * README's scripts table leaves out. Plain functions over file text; tests/unit/docs.test.ts runs
 * them over README.md and docs/.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface MarkdownLink {
  target: string;
  line: number;
}

/** Inline links and images `[text](target)` outside code spans and fenced code blocks. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  let fenced = false;
  for (const [index, rawLine] of markdown.split('\n').entries()) {
    if (/^\s*(```|~~~)/.test(rawLine)) fenced = !fenced;
    if (fenced) continue;
    const line = rawLine.replace(/`[^`]*`/g, '');
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      links.push({ target: match[1]!, line: index + 1 });
  }
  return links;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor the headings of a Markdown file give, with GitHub's -1, -2 for repeated ones. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const anchor = headingAnchor(heading[1]!);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count ? `${anchor}-${count}` : anchor);
  }
  return anchors;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The relative links of `file` that lead to no file, or to no heading of a Markdown file.
 * Each as "file:line target (why)", the file named from `root`.
 */
export function brokenLinks(file: string, root: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  const broken: string[] = [];
  for (const { target, line } of markdownLinks(markdown)) {
    if (EXTERNAL.test(target)) continue;
    const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
    const resolved = pathPart
      ? path.resolve(path.dirname(file), decodeURIComponent(pathPart))
      : file;
    const where = `${path.relative(root, file)}:${line} ${target}`;
    if (!existsSync(resolved)) {
      broken.push(`${where} (no such file)`);
      continue;
    }
    if (
      anchor &&
      resolved.endsWith('.md') &&
      statSync(resolved).isFile() &&
      !headingAnchors(readFileSync(resolved, 'utf8')).has(anchor)
    )
      broken.push(`${where} (no heading with that anchor)`);
  }
  return broken;
}

/** The `npm run` commands (and `npm start` / `npm test`) named in the first column of the README's tables. */
export function documentedScripts(readme: string): Set<string> {
  const names = new Set<string>();
  for (const line of readme.split('\n')) {
    const firstCell = /^\|([^|]*(?:\\\|[^|]*)*)\|/.exec(line)?.[1];
    if (!firstCell) continue;
    for (const match of firstCell.matchAll(/npm (?:run ([\w:-]+)|(start|test)\b)/g))
      names.add(match[1] ?? match[2]!);
  }
  return names;
}
