/**
 * npm run bench:lighthouse-ab [-- <slug>] [--rounds=<n>] [--variants=<name>,<name>...] [--pages=<regex>]
 * Does a change to a page move its Lighthouse TBT more than this machine's noise does? One page
 * (default: the available car of bayside-toyota) is audited for performance in rounds; each round
 * audits every variant once, one after another, so slow and quick minutes fall on all of them
 * alike. The variants are edited copies of the built page (page-variants.ts), served next to the
 * site at /__variant/<name>/ with its stylesheets, scripts, images and API.
 * Printed per variant: every run's TBT in order, the median, how many runs were 0 ms, and the
 * performance scores; then the benchmark index range. A report, not a gate: exits 0 whatever the
 * figures, non-zero only when it cannot run.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import * as chromeLauncher from 'chrome-launcher';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { Result } from 'lighthouse';
import { openStore } from '../../api/storage/store';
import { pageTypeUrls } from '../measure/page-types';
import type { SiteData } from '../../src/site/types';
import { createSiteApp } from '../../platform/serve/local-server';
import { optionValue } from '../lib/cli-options';
import { siteDir, snapshotFile } from '../../platform/paths';
import { audit, CHROME_FLAGS } from './lighthouse';
import { PAGE_VARIANTS } from './page-variants';

const args = process.argv.slice(2);
const slug = args.find((arg) => !arg.startsWith('-')) ?? 'bayside-toyota';
const rounds = Number(optionValue(args, 'rounds') ?? 5);
const variantNames = optionValue(args, 'variants')?.split(',') ?? Object.keys(PAGE_VARIANTS);
const pages = new RegExp(optionValue(args, 'pages') ?? '^vehicle \\(available\\)$');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
if (!Number.isInteger(rounds) || rounds < 1)
  fail('--rounds= takes a whole number, 1 or more (e.g. --rounds=8).');
const unknown = variantNames.filter((name) => !PAGE_VARIANTS[name]);
if (unknown.length)
  fail(
    `Unknown variant ${unknown.join(', ')}: the variants are ${Object.keys(PAGE_VARIANTS).join(', ')}.`,
  );
if (!existsSync(snapshotFile(slug)))
  fail(`${slug} is not built: run \`npm run build -- ${slug}\` first.`);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath))
  fail(`No Chromium at ${chromePath}: install Debian's chromium or set CHROMIUM_PATH.`);

const site = JSON.parse(readFileSync(snapshotFile(slug), 'utf8')) as SiteData;
const page =
  pageTypeUrls(site).find(({ type }) => pages.test(type)) ??
  fail(`${slug} has no page type matching ${pages}.`);
const builtHtml = readFileSync(path.join(siteDir(slug), page.path, 'index.html'), 'utf8');
const variantHtml = new Map(
  variantNames.map((name) => [name, PAGE_VARIANTS[name]!.transform(builtHtml)]),
);

const store = await openStore();
const siteApp = createSiteApp(slug, site, store);
const app = new Hono();
app.get('/__variant/:name/', compress(), (c) => {
  const html = variantHtml.get(c.req.param('name'));
  return html === undefined ? c.notFound() : c.html(html);
});
// The site's own app behind it, with the socket (the API reads the visitor's address from it).
app.all('*', (c) => siteApp.fetch(c.req.raw, c.env as Parameters<typeof siteApp.fetch>[1]));
const port = Number(process.env.PORT ?? 4390);
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });

const runs = new Map<string, Result[]>(variantNames.map((name) => [name, []]));
try {
  console.log(
    `${slug} ${page.type} ${page.path}: ${rounds} round(s) of ${variantNames.length} variant(s), interleaved.`,
  );
  for (let round = 1; round <= rounds; round++) {
    for (const name of variantNames) {
      const lhr = await audit(`http://localhost:${port}/__variant/${name}/`, chrome.port, [
        'performance',
      ]);
      if (typeof lhr === 'string') fail(`Lighthouse could not audit the ${name} variant: ${lhr}`);
      runs.get(name)!.push(lhr);
    }
    process.stdout.write(`  round ${round} done\n`);
  }
} finally {
  chrome.kill();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await store.close();
}

const tbtOf = (lhr: Result) => Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
console.log('');
for (const name of variantNames) {
  const results = runs.get(name)!;
  const tbt = results.map(tbtOf);
  const perf = results.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100));
  console.log(
    `${name.padEnd(20)} TBT median ${median(tbt)} ms, 0 ms in ${tbt.filter((ms) => ms === 0).length}/${tbt.length} runs`,
  );
  console.log(
    `${''.padEnd(20)} runs in order: ${tbt.map((ms) => `${ms}`).join(', ')} ms; performance ${perf.join(', ')}`,
  );
  console.log(`${''.padEnd(20)} (${PAGE_VARIANTS[name]!.about})`);
}
const indexes = [...runs.values()].flat().map((lhr) => Math.round(lhr.environment.benchmarkIndex));
console.log(
  `\nLighthouse CPU benchmark index ${Math.min(...indexes)}-${Math.max(...indexes)} over the runs (higher is quicker).`,
);
