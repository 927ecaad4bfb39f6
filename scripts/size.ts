/**
 * npm run size [-- <slug> ...]
 * Page weight per page type of each built site in dist/: JavaScript a visitor downloads before
 * any scroll or interaction (gzip; every island's component and renderer with their static
 * imports, module scripts; lazily imported chunks like the spin viewer are not counted), and
 * HTML + CSS (gzip). Fails when a vehicle page is over its budget (JS 80 KB, HTML + CSS 60 KB).
 * Islands hydrated on visibility are all counted, so the JS figure is an upper bound.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageTypeUrls } from '../tests/e2e/support/page-types';
import type { SiteData } from '../src/site/types';
import { listTenantSlugs } from '../src/tenant/load';
import { ROOT, siteDir, snapshotFile } from './lib/paths';

const KB = 1024;
const BUDGETS: { match: RegExp; js: number; htmlCss: number }[] = [{ match: /^vehicle/, js: 80 * KB, htmlCss: 60 * KB }];

const gz = (text: string | Buffer) => gzipSync(text).length;

/** Static imports of a built module (not `import()`, which loads on demand). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const match of code.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) out.push(match[1]!);
  return out;
}

function jsClosure(dir: string, entries: string[]): Map<string, number> {
  const sizes = new Map<string, number>();
  const queue = [...entries];
  while (queue.length) {
    const url = queue.shift()!;
    if (sizes.has(url)) continue;
    const file = path.join(dir, url);
    if (!existsSync(file)) continue;
    const code = readFileSync(file, 'utf8');
    sizes.set(url, gz(code));
    for (const spec of staticImports(code)) queue.push(path.posix.join(path.posix.dirname(url), spec));
  }
  return sizes;
}

function htmlFile(dir: string, urlPath: string): string {
  const pathname = urlPath.split('?')[0]!;
  const page = path.join(dir, pathname, 'index.html');
  return existsSync(page) ? page : path.join(dir, '404.html');
}

export interface PageWeight {
  type: string;
  path: string;
  jsGzip: number;
  htmlCssGzip: number;
  overBudget: string[];
}

export function measureSite(slug: string): PageWeight[] {
  const dir = siteDir(slug);
  const site = JSON.parse(readFileSync(snapshotFile(slug), 'utf8')) as SiteData;
  return pageTypeUrls(site).map(({ type, path: urlPath }) => {
    const html = readFileSync(htmlFile(dir, urlPath), 'utf8');
    const entries = [
      ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!),
      ...[...html.matchAll(/<astro-island[^>]*?component-url="([^"]+)"[^>]*?renderer-url="([^"]+)"/g)].flatMap((m) => [m[1]!, m[2]!]),
    ].filter((url) => url.startsWith('/'));
    const inlineJs = [...html.matchAll(/<script(?![^>]*(?:src=|application\/ld\+json))[^>]*>([\s\S]*?)<\/script>/g)].reduce((sum, m) => sum + gz(m[1]!), 0);
    const js = [...jsClosure(dir, entries).values()].reduce((sum, size) => sum + size, 0) + inlineJs;
    const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)]
      .map((m) => path.join(dir, m[1]!))
      .filter(existsSync)
      .reduce((sum, file) => sum + gz(readFileSync(file)), 0);
    const htmlCss = gz(html) + css;
    const budget = BUDGETS.find((item) => item.match.test(type));
    const overBudget: string[] = [];
    if (budget && js > budget.js) overBudget.push(`JS ${(js / KB).toFixed(1)} KB > ${budget.js / KB} KB`);
    if (budget && htmlCss > budget.htmlCss) overBudget.push(`HTML+CSS ${(htmlCss / KB).toFixed(1)} KB > ${budget.htmlCss / KB} KB`);
    return { type, path: urlPath, jsGzip: js, htmlCssGzip: htmlCss, overBudget };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const slugs = (wanted.length ? wanted : await listTenantSlugs(ROOT)).filter((slug) => existsSync(siteDir(slug)) && existsSync(snapshotFile(slug)));
  if (!slugs.length) {
    console.error('Nothing built yet: run `npm run build` first.');
    process.exit(1);
  }
  let failed = false;
  for (const slug of slugs) {
    console.log(`\n${slug}`);
    console.log(`  ${'page type'.padEnd(24)} ${'JS before interaction'.padStart(22)} ${'HTML+CSS'.padStart(10)}  (gzip)`);
    for (const row of measureSite(slug)) {
      const flag = row.overBudget.length ? `  OVER BUDGET: ${row.overBudget.join(', ')}` : '';
      failed ||= row.overBudget.length > 0;
      console.log(
        `  ${row.type.padEnd(24)} ${`${(row.jsGzip / KB).toFixed(1)} KB`.padStart(22)} ${`${(row.htmlCssGzip / KB).toFixed(1)} KB`.padStart(10)}${flag}`,
      );
    }
  }
  console.log('\nBudgets: vehicle pages JS < 80 KB, HTML+CSS < 60 KB (gzip).');
  if (failed) process.exit(1);
}
