/**
 * npm run check:html [-- <slug> ...]
 * Checks that every built page keeps to Latin-1 (no character above U+00FF: src/site/latin1.ts says
 * why), validates the pages with the Nu HTML Checker (vnu-jar, needs Java), and checks that every
 * same-site link in them leads to a built page or file. Zero errors allowed.
 * `--sample` (what `npm test` uses) checks every page except that of the thousands of per-car
 * pages (/cars/{slug}/...) it takes every 10th car: they share one template, and the full check
 * takes minutes on a 2-core machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { listTenantSlugs } from '../src/tenant/load';
import { ROOT, siteDir } from '../platform/paths';
import { listHtmlFiles } from '../platform/build/html-files';
import { brokenInternalLinks } from './checks/internal-links';
import { describeNonLatin1, nonLatin1InFiles } from './checks/latin1-check';

// Astro puts `<style>astro-island,...{display:contents}</style>` in <body> before the first island;
// browsers handle it and it is not ours to move (TOOLCHAIN.md), so that one message is filtered.
const FILTER =
  '.*“style” element in “body” must be the first child.*|.*Element “style” not allowed as child of element “body”.*';

const slugs = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const sample = process.argv.includes('--sample');
const CAR_SAMPLE_EVERY = 10;
const wanted = slugs.length ? slugs : await listTenantSlugs(ROOT);
const dirs = wanted.map(siteDir).filter((dir) => existsSync(dir));
if (!dirs.length) {
  console.error('No built sites to check: run `npm run build` first.');
  process.exit(1);
}
/** The pages to check in `dir`, as paths: all of them, or with `--sample` every 10th car's pages. */
async function pagesOf(dir: string): Promise<string[]> {
  const files = listHtmlFiles(dir);
  if (!sample) return files.map((file) => path.join(dir, file));
  const carSlugs = [
    ...new Set(
      files
        .map((file) => /^cars\/([^/]+)\/.+/.exec(file)?.[1])
        .filter((slug) => slug !== undefined),
    ),
  ];
  const kept = new Set(carSlugs.filter((_, index) => index % CAR_SAMPLE_EVERY === 0));
  return files
    .filter((file) => {
      const slug = /^cars\/([^/]+)\/.+/.exec(file)?.[1];
      return slug === undefined || kept.has(slug);
    })
    .map((file) => path.join(dir, file));
}
// Every page, even with --sample: a byte scan takes about a second for a 10,000-car site.
const latin1Started = performance.now();
const allPages = dirs.flatMap((dir) => listHtmlFiles(dir).map((file) => path.join(dir, file)));
const pastLatin1 = nonLatin1InFiles(allPages);
const latin1Seconds = ((performance.now() - latin1Started) / 1000).toFixed(1);
if (pastLatin1.length) {
  for (const hit of pastLatin1.slice(0, 50))
    console.error(describeNonLatin1({ ...hit, file: path.relative(ROOT, hit.file) }));
  if (pastLatin1.length > 50) console.error(`... and ${pastLatin1.length - 50} more`);
  console.error(
    `Latin-1 check: ${pastLatin1.length} character(s) above U+00FF in ${new Set(pastLatin1.map((hit) => hit.file)).size} of ${allPages.length} pages (${latin1Seconds} s).`,
  );
  process.exit(1);
}
console.log(
  `Latin-1 check: ${allPages.length} pages hold no character above U+00FF (${latin1Seconds} s).`,
);

const files = (await Promise.all(dirs.map(pagesOf))).flat();
const pages = files.length;
const jar = path.join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar');
const started = performance.now();
const result = spawnSync(
  'java',
  [
    '-Xss4m',
    '-jar',
    jar,
    '--skip-non-html',
    '--errors-only',
    '--format',
    'gnu',
    '--filterpattern',
    FILTER,
    ...files,
  ],
  {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  },
);
if (result.error) {
  console.error(
    `Could not run the Nu HTML Checker (java -jar vnu.jar): ${result.error.message}. Install Java 11+ (Debian: default-jre-headless).`,
  );
  process.exit(1);
}
const errors = `${result.stdout}${result.stderr}`
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => line.replace(`${ROOT}/`, '').replace(/^"?file:/, ''));
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (errors.length) {
  for (const line of errors.slice(0, 100)) console.error(line);
  if (errors.length > 100) console.error(`... and ${errors.length - 100} more`);
  console.error(`HTML check: ${errors.length} error(s) in ${pages} pages (${seconds} s).`);
  process.exit(1);
}
console.log(`HTML check: ${pages} pages of ${dirs.length} site(s) valid (${seconds} s).`);

const broken = dirs.flatMap((dir) =>
  brokenInternalLinks(
    dir,
    files.filter((file) => file.startsWith(`${dir}${path.sep}`)),
  ).map((link) => `${path.basename(dir)}/${link}`),
);
if (broken.length) {
  for (const line of broken.slice(0, 50)) console.error(`broken link: ${line}`);
  console.error(`Link check: ${broken.length} same-site link(s) lead to no built page.`);
  process.exit(1);
}
console.log(`Link check: every same-site link in those pages leads to a built page or file.`);
