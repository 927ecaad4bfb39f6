/**
 * npm run size [-- <slug> ...] [--pages=<regex>] [--scripts]
 * Page weight of each built site in dist/, measured in Chromium: the page types of
 * scripts/measure/page-types.ts that have a byte budget (every vehicle page and the search page;
 * --pages=<regex> picks others, --pages=. all) are served from dist/<slug> (with the API), opened
 * on a phone (390x844) and a desktop (1280x900) screen, and left alone (no scroll, no interaction)
 * until load + network idle + a short settle. Printed per page type: the
 * JavaScript transferred (gzip of every script response, React included) and HTML + CSS (gzip).
 * The "static" column is an upper bound
 * read from the files alone: every island on the page with its static imports, visible or not;
 * page types not opened in the browser show only it.
 * Fails when a vehicle page is over its byte budget (JS 80 KB, HTML + CSS 60 KB, on either
 * screen) or the search page is (JS 40 KB before interaction, HTML + CSS 60 KB).
 * Blocking time is not measured here: the budget on Lighthouse's simulated TBT is judged by
 * `npm run bench:lighthouse` (three Lighthouse runs per site, and the blocking time observed with
 * the CPU slowed 4x, kept this check past 15 minutes on a busy machine).
 * --scripts lists each vehicle page's scripts (of the screen that loaded more).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageTypeUrls } from './measure/page-types';
import type { SiteData } from '../src/site/types';
import { listTenantSlugs } from '../src/tenant/load';
import { ROOT, siteDir, snapshotFile } from '../platform/paths';
import {
  launchChromium,
  measureInBrowser,
  VIEWPORTS,
  type BrowserWeight,
  type ViewportName,
} from './measure/browser-weight';
import { startLocalServer, tenantPort } from '../platform/serve/local-server';
import { optionValue } from './lib/cli-options';
import { scriptEnv } from '../platform/script-env';

const KB = 1024;
/**
 * JavaScript transferred before the shopper interacts, and HTML + CSS. The search page's HTML is
 * its app with the first answer; React and InstantSearch load on the first interaction.
 */
const BUDGETS: { match: RegExp; js: number; htmlCss: number }[] = [
  { match: /^vehicle/, js: 80 * KB, htmlCss: 60 * KB },
  { match: /^search$/, js: 40 * KB, htmlCss: 60 * KB },
];

const gz = (text: string | Buffer) => gzipSync(text).length;

/** Static imports of a built module (not `import()`, which loads on demand). */
function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const match of code.matchAll(
    /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g,
  ))
    out.push(match[1]!);
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
    for (const spec of staticImports(code))
      queue.push(path.posix.join(path.posix.dirname(url), spec));
  }
  return sizes;
}

function htmlFile(dir: string, urlPath: string): string {
  const pathname = urlPath.split('?')[0]!;
  const page = path.join(dir, pathname, 'index.html');
  return existsSync(page) ? page : path.join(dir, '404.html');
}

/** Static upper bound: every island's code on the page, whether it would hydrate or not. */
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
      ...[
        ...html.matchAll(/<astro-island[^>]*?component-url="([^"]+)"[^>]*?renderer-url="([^"]+)"/g),
      ].flatMap((m) => [m[1]!, m[2]!]),
    ].filter((url) => url.startsWith('/'));
    const inlineJs = [
      ...html.matchAll(/<script(?![^>]*(?:src=|application\/ld\+json))[^>]*>([\s\S]*?)<\/script>/g),
    ].reduce((sum, m) => sum + gz(m[1]!), 0);
    const js =
      [...jsClosure(dir, entries).values()].reduce((sum, size) => sum + size, 0) + inlineJs;
    const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)]
      .map((m) => path.join(dir, m[1]!))
      .filter(existsSync)
      .reduce((sum, file) => sum + gz(readFileSync(file)), 0);
    const htmlCss = gz(html) + css;
    const budget = BUDGETS.find((item) => item.match.test(type));
    const overBudget: string[] = [];
    if (budget && js > budget.js)
      overBudget.push(`JS ${(js / KB).toFixed(1)} KB > ${budget.js / KB} KB`);
    if (budget && htmlCss > budget.htmlCss)
      overBudget.push(`HTML+CSS ${(htmlCss / KB).toFixed(1)} KB > ${budget.htmlCss / KB} KB`);
    return { type, path: urlPath, jsGzip: js, htmlCssGzip: htmlCss, overBudget };
  });
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

interface MeasuredPage {
  type: string;
  path: string;
  staticJs: number;
  staticHtmlCss: number;
  /** Undefined for a page type not opened in the browser (not picked by --pages). */
  browser?: Record<ViewportName, BrowserWeight>;
  overBudget: string[];
}

/** The page types with a byte budget: what `npm run size` opens in the browser unless --pages says otherwise. */
export const BUDGETED_PAGES = new RegExp(BUDGETS.map((budget) => budget.match.source).join('|'));

const PAGES_AT_ONCE = 3;

/** `work` on every item, at most `limit` at a time; results in the items' order. */
async function mapInTurns<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * Opens each picked page type of every site in Chromium on both screens, a few pages at a time
 * across all sites: most of each measurement is waiting for network idle and the settle, and the
 * bytes do not depend on how busy the machine is (ten pages at once timed out loading at load 13).
 * The other page types are read from the files only. Returns each site's rows, in `slugs` order.
 */
async function measureSitesInBrowser(
  slugs: string[],
  baseUrl: (slug: string) => string,
  pages: RegExp,
): Promise<MeasuredPage[][]> {
  const browser = await launchChromium();
  const viewports = Object.keys(VIEWPORTS) as ViewportName[];
  const work = slugs.flatMap((slug) => measureSite(slug).map((staticRow) => ({ slug, staticRow })));
  try {
    const rows = await mapInTurns(
      work,
      PAGES_AT_ONCE,
      async ({ slug, staticRow }): Promise<MeasuredPage> => {
        const row: MeasuredPage = {
          type: staticRow.type,
          path: staticRow.path,
          staticJs: staticRow.jsGzip,
          staticHtmlCss: staticRow.htmlCssGzip,
          overBudget: [],
        };
        if (!pages.test(staticRow.type)) return row;
        const url = new URL(staticRow.path, baseUrl(slug)).href;
        const weights = await Promise.all(
          viewports.map((viewport) => measureInBrowser(browser, url, viewport)),
        );
        row.browser = Object.fromEntries(
          viewports.map((viewport, index) => [viewport, weights[index]!]),
        ) as Record<ViewportName, BrowserWeight>;
        const budget = BUDGETS.find((item) => item.match.test(staticRow.type));
        for (const [viewport, weight] of Object.entries(row.browser)) {
          if (!budget) break;
          if (weight.jsGzip > budget.js)
            row.overBudget.push(`${viewport} JS ${kb(weight.jsGzip)} > ${budget.js / KB} KB`);
          if (weight.htmlCssGzip > budget.htmlCss)
            row.overBudget.push(
              `${viewport} HTML+CSS ${kb(weight.htmlCssGzip)} > ${budget.htmlCss / KB} KB`,
            );
        }
        return row;
      },
    );
    return slugs.map((slug) => rows.filter((_, index) => work[index]!.slug === slug));
  } finally {
    await browser.close();
  }
}

const column = (text: string, width: number) => text.padStart(width);

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const wanted = args.filter((arg) => !arg.startsWith('-'));
  const pagesArg = optionValue(args, 'pages');
  const pages = pagesArg ? new RegExp(pagesArg) : BUDGETED_PAGES;
  const listScripts = args.includes('--scripts');
  const allSlugs = await listTenantSlugs(ROOT);
  const slugs = (wanted.length ? wanted : allSlugs).filter(
    (slug) => existsSync(siteDir(slug)) && existsSync(snapshotFile(slug)),
  );
  if (!slugs.length) {
    console.error('Nothing built yet: run `npm run build` first.');
    process.exit(1);
  }
  // Its own ports (PORT, else 4390 + tenant position), so it can run next to `npm start`.
  const basePort = scriptEnv().PORT ?? 4390;
  const server = await startLocalServer({ slugs, allSlugs, basePort });
  const started = performance.now();
  let failed = false;
  try {
    const baseUrl = (slug: string) => `http://localhost:${tenantPort(allSlugs, slug, basePort)}`;
    const sites = await measureSitesInBrowser(slugs, baseUrl, pages);
    for (const [index, slug] of slugs.entries()) {
      console.log(
        `\n${slug}  (gzip; JS and HTML+CSS transferred before any scroll or interaction)`,
      );
      console.log(
        `  ${'page type'.padEnd(24)} ${column('JS phone', 10)} ${column('JS desktop', 10)} ${column('JS static', 10)} ${column('HTML+CSS', 10)}`,
      );
      for (const row of sites[index]!) {
        const flag = row.overBudget.length ? `  OVER BUDGET: ${row.overBudget.join(', ')}` : '';
        failed ||= row.overBudget.length > 0;
        if (!row.browser) {
          // Read from the files only: the HTML + CSS figure is the same file set the browser would load.
          console.log(
            `  ${row.type.padEnd(24)} ${column('-', 10)} ${column('-', 10)} ${column(kb(row.staticJs), 10)} ${column(kb(row.staticHtmlCss), 10)}`,
          );
          continue;
        }
        const { phone, desktop } = row.browser;
        console.log(
          `  ${row.type.padEnd(24)} ${column(kb(phone.jsGzip), 10)} ${column(kb(desktop.jsGzip), 10)} ${column(kb(row.staticJs), 10)} ${column(kb(Math.max(phone.htmlCssGzip, desktop.htmlCssGzip)), 10)}${flag}`,
        );
        // The scripts of the screen that loaded more (desktop shows more of the page at once).
        if (listScripts && /^vehicle/.test(row.type))
          for (const script of (desktop.jsGzip > phone.jsGzip ? desktop : phone).scripts)
            console.log(`      ${kb(script.gzip).padStart(9)}  ${script.url}`);
      }
    }
  } finally {
    await server.close();
  }
  console.log(
    '\nBudgets: vehicle pages JS < 80 KB, HTML+CSS < 60 KB (gzip) on phone and desktop; search page JS before interaction <= 40 KB, HTML+CSS < 60 KB.',
  );
  console.log(
    'Page types shown with "-" were read from the files only (--pages=. opens every page type in the browser).',
  );
  console.log(
    'The blocking-time budget (Lighthouse, simulated) is judged by `npm run bench:lighthouse -- --runs=3`.',
  );
  console.log(
    '"JS static" is an upper bound: every island on the page with its static imports, as if all hydrated at once.',
  );
  console.log(`Measured in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  if (failed) process.exit(1);
}
