import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Which way imports may point (DESIGN.md's layers): domain rules below everything, the API and
 * the platform runtime beside the site, never reaching into browser code. Each rule lists the
 * files that break it, so a new upward import fails here with its file and target named.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const CODE = /\.(ts|tsx|mts|astro)$/;
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function codeFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : codeFiles(rel);
    return CODE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** Every relative import of the files under `dir`, as repository paths. */
function importsUnder(dir: string): Array<{ file: string; target: string }> {
  return codeFiles(dir).flatMap((file) =>
    [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(SPECIFIER)].map((match) => ({
      file,
      target: path.normalize(path.join(path.dirname(file), match[1]!)),
    })),
  );
}

const breaking = (dir: string, allowed: (target: string) => boolean) =>
  importsUnder(dir)
    .filter(({ target }) => !allowed(target))
    .map(({ file, target }) => `${file} -> ${target}`);

const under =
  (...dirs: string[]) =>
  (target: string) =>
    dirs.some((dir) => target === dir || target.startsWith(`${dir}/`));
const BROWSER_SIDE = [
  'src/islands',
  'src/components',
  'src/pages',
  'src/layouts',
  'src/browser',
  'src/stores',
  'src/directives',
];

describe('import directions', () => {
  it('domain rules import only other domain rules, feed schemas, tenant config and analytics names', () => {
    expect(
      breaking(
        'src/domain',
        under('src/domain', 'src/feeds', 'src/tenant', 'src/config', 'src/analytics'),
      ),
    ).toEqual([]);
  });

  it('the API and the platform runtime never import browser-side code', () => {
    const notBrowser = (target: string) => !under(...BROWSER_SIDE)(target);
    expect([...breaking('api', notBrowser), ...breaking('platform', notBrowser)]).toEqual([]);
  });

  it('the API does not import the platform that hosts it', () => {
    expect(breaking('api', (target) => !under('platform')(target))).toEqual([]);
  });

  it('nothing the site ships imports scripts or tests', () => {
    expect(breaking('src', (target) => !under('scripts', 'tests')(target))).toEqual([]);
  });

  it('commands, benchmarks and the runtime never import tests (shared helpers live in scripts/measure)', () => {
    const notTests = (target: string) => !under('tests')(target);
    expect([
      ...breaking('scripts', notTests),
      ...breaking('platform', notTests),
      ...breaking('api', notTests),
    ]).toEqual([]);
  });

  it('the build machinery imports the site, never the reverse', () => {
    expect(breaking('src/site', (target) => !under('src/build')(target))).toEqual([]);
  });

  it('search and the site below the pages never import islands or components', () => {
    const notUi = (target: string) => !under('src/islands', 'src/components')(target);
    expect([...breaking('src/search', notUi), ...breaking('src/site', notUi)]).toEqual([]);
  });

  it('islands never import server-rendered components', () => {
    expect(breaking('src/islands', (target) => !under('src/components')(target))).toEqual([]);
  });
});
