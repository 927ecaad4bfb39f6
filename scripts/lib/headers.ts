import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Tenant } from '../../src/tenant/schema';
import { listHtmlFiles } from './html-files';
import { embeddedOrigins, inlineScriptHashes, securityHeaders, type EmbeddedOrigins } from './security-headers';

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
    // Search results come from this file: a car sold since the build drops out within a minute.
    { pattern: '/search-index.json', headers: { 'Cache-Control': 'public, max-age=60' } },
  ];
}

export function formatHeaders(rules: HeaderRule[]): string {
  return rules.map((rule) => [rule.pattern, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n')).join('\n\n') + '\n';
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
  return Object.assign({}, ...rules.filter((rule) => matches(rule.pattern, pathname)).map((rule) => rule.headers)) as Record<string, string>;
}

export interface BuiltPagesScan {
  /** Every distinct inline-script hash (a handful: Astro's island loader and directives). */
  scriptHashes: Set<string>;
  /** Hosts outside the site the pages embed images and videos from. */
  embedded: EmbeddedOrigins;
}

export async function scanBuiltPages(outDir: string, htmlFiles = listHtmlFiles(outDir)): Promise<BuiltPagesScan> {
  const scan: BuiltPagesScan = { scriptHashes: new Set(), embedded: { image: new Set(), video: new Set() } };
  // A few reads in flight keep the disk busy while the last page is scanned.
  for (let start = 0; start < htmlFiles.length; start += 16) {
    const pages = await Promise.all(htmlFiles.slice(start, start + 16).map((file) => readFile(path.join(outDir, file), 'utf8')));
    for (const html of pages) {
      for (const hash of inlineScriptHashes(html)) scan.scriptHashes.add(hash);
      embeddedOrigins(html, scan.embedded);
    }
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
): Promise<{ blockedVideoHosts: string[]; tooLong: string[] }> {
  const { scriptHashes, embedded } = await scanBuiltPages(outDir, htmlFiles);
  const rules = headerRules(securityHeaders(tenant, scriptHashes, embedded.image));
  const text = formatHeaders(rules);
  await writeFile(path.join(outDir, HEADERS_FILE), text);
  return {
    blockedVideoHosts: [...embedded.video].filter((origin) => !tenant.media_hosts.video.includes(origin)).sort(),
    tooLong: text
      .split('\n')
      .filter((line) => line.length > MAX_LINE_LENGTH)
      .map((line) => `${line.trim().split(':')[0]} (${line.length} characters)`),
  };
}
