import { statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Tenant } from '../../src/tenant/schema';
import { listHtmlFiles } from '../build/html-files';
import {
  embeddedOrigins,
  inlineScriptHashes,
  securityHeaders,
  type EmbeddedOrigins,
} from './security-headers';

/**
 * Response headers per path, in the `_headers` format Netlify and Cloudflare Pages read: a path
 * pattern (`*` matches anything), then indented `Name: value` lines. Every rule whose pattern
 * matches a path applies. The build writes the file; the local server applies the same file.
 */
export interface HeaderRule {
  pattern: string;
  headers: Record<string, string>;
}

/** Cloudflare Pages ignores a `_headers` line longer than this. */
export const MAX_LINE_LENGTH = 2000;

/** The file's name in a built site; the local server never serves it. */
export const HEADERS_FILE = '_headers';

/**
 * Hashed build assets are immutable; pages revalidate so stock changes show at once. Security
 * headers go on every path (a header in two matching rules would be joined by the CDN).
 */
export function headerRules(security: Record<string, string>): HeaderRule[] {
  return [
    { pattern: '/*', headers: security },
    { pattern: '/_astro/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
    { pattern: '/media/*', headers: { 'Cache-Control': 'public, max-age=86400' } },
    { pattern: '/*.html', headers: { 'Cache-Control': 'public, max-age=0, must-revalidate' } },
    // Search results come from this file: revalidated on every load (a 304 when unchanged), so a
    // car sold since the last visit is gone from the next search, not a minute later.
    {
      pattern: '/search-index.json',
      headers: { 'Cache-Control': 'public, max-age=0, must-revalidate' },
    },
  ];
}

export function formatHeaders(rules: HeaderRule[]): string {
  return (
    rules
      .map((rule) =>
        [
          rule.pattern,
          ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`),
        ].join('\n'),
      )
      .join('\n\n') + '\n'
  );
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || colon < 0) throw new Error(`Bad ${HEADERS_FILE} line: ${line.trim()}`);
    rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

function matches(pattern: string, pathname: string): boolean {
  const regex = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return regex.test(pathname);
}

/** The headers a path gets: those of every matching rule, a later rule's value winning. */
export function headersForPath(rules: HeaderRule[], pathname: string): Record<string, string> {
  return Object.assign(
    {},
    ...rules.filter((rule) => matches(rule.pattern, pathname)).map((rule) => rule.headers),
  ) as Record<string, string>;
}

export interface BuiltPagesScan {
  /** Every distinct inline-script hash (a handful: Astro's island loader and directives). */
  scriptHashes: Set<string>;
  /** Hosts outside the site the pages embed images and videos from. */
  embedded: EmbeddedOrigins;
  /** Pages read for this scan (the others came from the cache). */
  pagesRead: number;
}

/** What one page contributes to the scan, kept by the file's identity (inode, size, times). */
interface PageScan {
  id: string;
  hashes: string[];
  images: string[];
  videos: string[];
}

async function readScanCache(file: string | undefined): Promise<Record<string, PageScan>> {
  if (!file) return {};
  try {
    return (JSON.parse(await readFile(file, 'utf8')) as { pages: Record<string, PageScan> }).pages;
  } catch {
    return {};
  }
}

/**
 * Scan the built pages for their inline scripts and embedded hosts. With `cacheFile`, a page whose
 * file is the same file as at the last scan (a partial render keeps unchanged pages as hard links
 * to the live site's) is not read again: at 10,000 cars the whole scan is most of a partial
 * render's "sitemap and extras" time.
 */
export async function scanBuiltPages(
  outDir: string,
  htmlFiles = listHtmlFiles(outDir),
  cacheFile?: string,
): Promise<BuiltPagesScan> {
  const scan: BuiltPagesScan = {
    scriptHashes: new Set(),
    embedded: { image: new Set(), video: new Set() },
    pagesRead: 0,
  };
  const cached = await readScanCache(cacheFile);
  const pages: Record<string, PageScan> = {};
  const identity = (file: string) => {
    const stats = statSync(path.join(outDir, file), { bigint: true });
    // Not the ctime: hard-linking a kept page into the next copy changes it.
    return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}`;
  };
  const toRead: { file: string; id: string }[] = [];
  for (const file of htmlFiles) {
    const id = identity(file);
    if (cached[file]?.id === id) pages[file] = cached[file];
    else toRead.push({ file, id });
  }
  scan.pagesRead = toRead.length;
  // A few reads in flight keep the disk busy while the last page is scanned.
  for (let start = 0; start < toRead.length; start += 16) {
    const batch = toRead.slice(start, start + 16);
    const texts = await Promise.all(
      batch.map(({ file }) => readFile(path.join(outDir, file), 'utf8')),
    );
    batch.forEach(({ file, id }, index) => {
      const found: EmbeddedOrigins = { image: new Set(), video: new Set() };
      embeddedOrigins(texts[index]!, found);
      pages[file] = {
        id,
        hashes: [...new Set(inlineScriptHashes(texts[index]!))],
        images: [...found.image],
        videos: [...found.video],
      };
    });
  }
  for (const page of Object.values(pages)) {
    for (const hash of page.hashes) scan.scriptHashes.add(hash);
    for (const origin of page.images) scan.embedded.image.add(origin);
    for (const origin of page.videos) scan.embedded.video.add(origin);
  }
  if (cacheFile) {
    await mkdir(path.dirname(cacheFile), { recursive: true });
    await writeFile(`${cacheFile}.tmp`, JSON.stringify({ pages }));
    await rename(`${cacheFile}.tmp`, cacheFile);
  }
  return scan;
}

/**
 * Write the site's `_headers`. Returns what the build reports: the video hosts its pages embed
 * that the tenant doesn't allow (media_hosts.video), which the policy blocks, and the headers
 * too long for Cloudflare Pages (many inline scripts or image hosts make a long CSP).
 */
export async function writeHeadersFile(
  outDir: string,
  tenant: Pick<Tenant, 'map' | 'analytics' | 'search' | 'media_hosts' | 'images'>,
  htmlFiles?: string[],
  scanCacheFile?: string,
): Promise<{ blockedVideoHosts: string[]; tooLong: string[] }> {
  const { scriptHashes, embedded } = await scanBuiltPages(outDir, htmlFiles, scanCacheFile);
  const rules = headerRules(securityHeaders(tenant, scriptHashes, embedded.image));
  const text = formatHeaders(rules);
  await writeFile(path.join(outDir, HEADERS_FILE), text);
  return {
    blockedVideoHosts: [...embedded.video]
      .filter((origin) => !tenant.media_hosts.video.includes(origin))
      .sort(),
    tooLong: text
      .split('\n')
      .filter((line) => line.length > MAX_LINE_LENGTH)
      .map((line) => `${line.trim().split(':')[0]} (${line.length} characters)`),
  };
}
