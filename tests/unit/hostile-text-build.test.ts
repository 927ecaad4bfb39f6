import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listHtmlFiles } from '../../platform/build/html-files';
import { isolateBuild } from '../support/isolated-build';

const root = path.resolve(import.meta.dirname, '../..');
const work = isolateBuild('hostile-text-build-');
const site = path.join(work, 'dist', 'hostile-text');
/** What the boundary removes: bidi embeddings, overrides and isolates, line/paragraph separators, NEL. */
const UNWANTED = /[\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** The same as JSON escapes, or a lone surrogate's (a page's JSON data carries text escaped). */
const UNWANTED_ESCAPE = /\\u(?:d[89a-f]|0085|202[89a-e]|206[6-9])/i;
let log = '';

function page(file: string) {
  const window = new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableCSSFileLoading: true,
      disableJavaScriptFileLoading: true,
    },
  });
  window.document.write(readFileSync(path.join(site, file), 'utf8'));
  return window.document;
}

/**
 * tests/fixtures/feeds/hostile-text/ has a car with lone surrogates ("\ud800", "\udc00"), U+202E
 * and the other bidi controls, U+2028/2029 and U+0085 in every text field (title, make, model,
 * badge, colours, comments, feature groups and items, location, variant, ...), and a plain car.
 * Such a car once stopped every build of its tenant (`URIError: URI malformed`, naming no record).
 */
beforeAll(() => {
  mkdirSync(process.env.TENANTS_DIR!, { recursive: true });
  writeFileSync(
    path.join(process.env.TENANTS_DIR!, 'hostile-text.yaml'),
    [
      'template: dealer',
      'slug: hostile-text',
      // The tenant file's text is normalised too: YAML's escapes make the same characters.
      'name: "Hostile \\u202eText\\ud800 Motors"',
      'url: https://www.hostile-text.example.com.au',
      'description: A dealer whose feed text carries lone surrogates and bidi controls.',
      'theme:',
      '  colours:',
      "    primary: '#0b5cad'",
      'feeds:',
      '  cars: tests/fixtures/feeds/hostile-text/cars.json',
      '  locations: tests/fixtures/feeds/hostile-text/locations.json',
      '',
    ].join('\n'),
  );
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['scripts/build.ts', 'hostile-text'],
    {
      cwd: root,
      env: process.env,
      encoding: 'utf8',
      timeout: 180_000,
    },
  );
  log = result.stdout;
  expect(result.status, result.stderr).toBe(0);
}, 200_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a site built from feeds with lone surrogates and bidi controls in every text field', () => {
  it('builds, listing both cars and leaving nothing out', () => {
    expect(log).toMatch(/✔ hostile-text: \d+ pages, 2 cars listed in/);
    expect(log).not.toContain('left out');
  });

  it('shows the car in order, a U+FFFD where each lone surrogate was', () => {
    const document = page('cars/2022-mazda-cx-5-touring-31/index.html');
    expect(document.querySelector('h1')!.textContent.trim()).toBe(
      '2\ufffd\ufffd022 Mazda CX-5 Touring',
    );
    const text = document.body.textContent;
    for (const shown of [
      'S\ufffd\ufffdoul Red',
      'O\ufffd\ufffdne owner.',
      'R\ufffd\ufffdeversing camera',
      'H\ufffd\ufffdeated seats',
      'M\ufffd\ufffdini Motors Sales',
    ])
      expect(text).toContain(shown);
    expect(document.title).toContain('Hostile Text\ufffd Motors');
  });

  it('has no bidi control, odd line break or lone surrogate on any page or data file', () => {
    const problems: string[] = [];
    for (const file of listHtmlFiles(site)) {
      const html = readFileSync(path.join(site, file), 'utf8');
      if (UNWANTED.test(html)) problems.push(`${file}: ${JSON.stringify(UNWANTED.exec(html)![0])}`);
      if (UNWANTED_ESCAPE.test(html)) problems.push(`${file}: ${UNWANTED_ESCAPE.exec(html)![0]}`);
      if (!html.isWellFormed()) problems.push(`${file}: a lone surrogate`);
    }
    for (const file of ['search-index.json', 'places.json', 'compare.json']) {
      const data = readFileSync(path.join(site, file), 'utf8');
      if (UNWANTED.test(data) || UNWANTED_ESCAPE.test(data))
        problems.push(`${file}: ${(UNWANTED.exec(data) ?? UNWANTED_ESCAPE.exec(data))![0]}`);
    }
    expect(problems).toEqual([]);
  });
});
