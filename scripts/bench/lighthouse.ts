/**
 * npm run bench:lighthouse [-- <slug> ...] [--pages=<regex>]
 * Lighthouse (mobile, default simulated throttling) on the built sites in dist/: each site is served
 * as `npm run serve` does (with the API), and each chosen page type of
 * tests/e2e/support/page-types.ts (default: the available-car vehicle page) is audited for
 * performance, accessibility, best practices and SEO in Debian's Chromium, one page at a time.
 * Printed per page: the four scores, FCP, LCP, TBT, CLS and Speed Index, and for every score under
 * 100 the audits that cost points (for performance: the metrics that lost points, the LCP element,
 * and the insights and diagnostics Lighthouse flags). The full reports are written to
 * .build/lighthouse/<slug>/<page type>.json (open them in https://googlechrome.github.io/lighthouse/viewer/).
 * A report, not a gate: exits 0 whatever the scores; non-zero only when it cannot run.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { pageTypeUrls } from '../../tests/e2e/support/page-types';
import type { SiteData } from '../../src/site/types';
import { listTenantSlugs } from '../../src/tenant/load';
import { BUILD_CACHE, ROOT, siteDir, snapshotFile } from '../lib/paths';
import { startLocalServer, tenantPort } from '../lib/local-server';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CATEGORY_LABEL: Record<(typeof CATEGORIES)[number], string> = {
  performance: 'Perf',
  accessibility: 'A11y',
  'best-practices': 'Best practices',
  seo: 'SEO',
};
/** The metrics shown for every page, with the unit Lighthouse measures them in. */
const METRICS: { id: string; label: string; format: (value: number) => string }[] = [
  { id: 'first-contentful-paint', label: 'FCP', format: (ms) => `${(ms / 1000).toFixed(1)} s` },
  { id: 'largest-contentful-paint', label: 'LCP', format: (ms) => `${(ms / 1000).toFixed(1)} s` },
  { id: 'total-blocking-time', label: 'TBT', format: (ms) => `${Math.round(ms)} ms` },
  { id: 'cumulative-layout-shift', label: 'CLS', format: (value) => value.toFixed(3) },
  { id: 'speed-index', label: 'SI', format: (ms) => `${(ms / 1000).toFixed(1)} s` },
];
/** Chromium flags verified on these machines (TOOLCHAIN.md); chrome-launcher adds its own quiet defaults. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const DEFAULT_PAGES = /^vehicle \(available\)$/;

type Audit = Result['audits'][string];

/** An audit that lost points or that Lighthouse flags (insights and diagnostics carry no weight but say why). */
function isFailing(audit: Audit | undefined): audit is Audit {
  if (!audit || audit.score === null) return false;
  if (['notApplicable', 'manual', 'informative', 'error'].includes(audit.scoreDisplayMode)) return false;
  return audit.score < (audit.scoreDisplayMode === 'metricSavings' ? 0.9 : 1);
}

/** The failing audits of one category, as printable lines. */
function failingAudits(lhr: Result, category: (typeof CATEGORIES)[number]): string[] {
  const lines: string[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    if (ref.group === 'hidden') continue;
    const audit = lhr.audits[ref.id];
    if (!isFailing(audit)) continue;
    const weight = ref.weight > 0 ? ` (weight ${ref.weight})` : '';
    const value = audit.displayValue ? `: ${audit.displayValue}` : '';
    lines.push(`${audit.title}${value}${weight}${offenders(audit)}`);
  }
  return lines;
}

/** The first few elements or URLs an audit blames, so the fix can be found without the JSON. */
function offenders(audit: Audit): string {
  const details = audit.details as { type?: string; items?: Record<string, unknown>[] } | undefined;
  if (!details?.items?.length || !['table', 'opportunity'].includes(details.type ?? '')) return '';
  const names = details.items.slice(0, 3).map((item) => {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    if (node?.selector) return node.selector;
    if (typeof item.url === 'string') return item.url.replace(/^https?:\/\/[^/]+/, '');
    if (typeof item.source === 'object' && item.source && 'url' in item.source) return String(item.source.url);
    return undefined;
  });
  const shown = names.filter(Boolean);
  if (!shown.length) return '';
  return `\n          ${shown.join('\n          ')}${details.items.length > 3 ? `\n          (+${details.items.length - 3} more)` : ''}`;
}

/** The element Lighthouse took as the largest contentful paint and how its time splits up. */
function lcpElement(lhr: Result): string | undefined {
  const details = lhr.audits['lcp-breakdown-insight']?.details as { type?: string; items?: { type?: string; items?: unknown[] }[] } | undefined;
  let element: string | undefined;
  const phases: string[] = [];
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const item = value as Record<string, unknown>;
    if (item.type === 'node' && typeof item.selector === 'string') element ??= `${item.selector}  ${String(item.snippet ?? '')}`;
    if (typeof item.label === 'string' && typeof item.duration === 'number') phases.push(`${item.label} ${Math.round(item.duration)} ms`);
    for (const child of Object.values(item)) if (child && typeof child === 'object') visit(child);
  };
  visit(details);
  if (!element) return undefined;
  return phases.length ? `${element}\n          ${phases.join(', ')}` : element;
}

async function audit(url: string, port: number): Promise<Result> {
  const flags: Flags = { port, logLevel: 'error', output: 'json', onlyCategories: [...CATEGORIES] };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

function printReport(type: string, url: string, lhr: Result): void {
  const scores = CATEGORIES.map((id) => `${CATEGORY_LABEL[id]} ${Math.round((lhr.categories[id]?.score ?? 0) * 100)}`);
  const metrics = METRICS.map(({ id, label, format }) => {
    const value = lhr.audits[id]?.numericValue;
    return `${label} ${value === undefined ? '-' : format(value)}`;
  });
  console.log(`\n  ${type}  ${url}`);
  console.log(`    ${scores.join('  ')}`);
  console.log(`    ${metrics.join('  ')}`);
  for (const warning of lhr.runWarnings) console.log(`    ! ${warning}`);
  for (const id of CATEGORIES) {
    if ((lhr.categories[id]?.score ?? 0) >= 1) continue;
    console.log(`    ${CATEGORY_LABEL[id]} under 100:`);
    if (id === 'performance') {
      const lcp = lcpElement(lhr);
      if (lcp) console.log(`      - LCP element: ${lcp}`);
    }
    for (const line of failingAudits(lhr, id)) console.log(`      - ${line}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const wanted = args.filter((arg) => !arg.startsWith('-'));
  const pagesArg = args.find((arg) => arg.startsWith('--pages='))?.slice('--pages='.length);
  const pages = pagesArg ? new RegExp(pagesArg) : DEFAULT_PAGES;
  const allSlugs = await listTenantSlugs(ROOT);
  const unknown = wanted.filter((slug) => !allSlugs.includes(slug));
  if (unknown.length) {
    console.error(`Unknown tenant ${unknown.join(', ')}: the tenants are ${allSlugs.join(', ')}.`);
    process.exit(1);
  }
  const slugs = (wanted.length ? wanted : allSlugs).filter((slug) => existsSync(siteDir(slug)) && existsSync(snapshotFile(slug)));
  if (!slugs.length) {
    console.error('Nothing built yet: run `npm run build` first.');
    process.exit(1);
  }
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) {
    console.error(`No Chromium at ${chromePath}: install Debian's chromium or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  // Its own ports (PORT, else 4395 + tenant position), so it can run next to `npm start`.
  const basePort = Number(process.env.PORT ?? 4395);
  const server = await startLocalServer({ slugs, allSlugs, basePort });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  let audited = 0;
  try {
    console.log('Lighthouse mobile (simulated throttling: slow 4G, CPU 4x slower), one page at a time.');
    for (const slug of slugs) {
      const site = JSON.parse(readFileSync(snapshotFile(slug), 'utf8')) as SiteData;
      const baseUrl = `http://localhost:${tenantPort(allSlugs, slug, basePort)}`;
      const chosen = pageTypeUrls(site).filter(({ type }) => pages.test(type));
      console.log(`\n${slug}`);
      if (!chosen.length) console.log(`  no page type matches ${pages}`);
      for (const { type, path: urlPath } of chosen) {
        const url = new URL(urlPath, baseUrl).href;
        const lhr = await audit(url, chrome.port);
        const reportDir = path.join(BUILD_CACHE, 'lighthouse', slug);
        mkdirSync(reportDir, { recursive: true });
        writeFileSync(path.join(reportDir, `${type.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}.json`), JSON.stringify(lhr));
        printReport(type, url, lhr);
        audited++;
      }
    }
  } finally {
    chrome.kill();
    await server.close();
  }
  console.log(`\n${audited} page(s) audited; full reports in ${path.relative(ROOT, path.join(BUILD_CACHE, 'lighthouse'))}/.`);
}
