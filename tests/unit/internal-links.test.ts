import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brokenInternalLinks } from '../../scripts/checks/internal-links';

const dir = mkdtempSync(path.join(tmpdir(), 'links-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (file: string, html = '<p>page</p>') => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), html);
  return path.join(dir, file);
};

describe('check:html link check', () => {
  write('search/toyota/index.html');
  write('404.html');
  write('media/logo.svg', '<svg/>');
  const home = write(
    'index.html',
    [
      '<a href="/search/toyota">make</a>',
      '<a href="/search/toyota/?page=2#results">query and fragment</a>',
      '<a href="/404">named page</a>',
      '<img src="/media/logo.svg"><a href="/media/logo.svg">file</a>',
      '<a href="/api/leads">api</a><link href="/_astro/x.css">',
      '<a href="https://example.com/search/nowhere">elsewhere</a><a href="//cdn.example.com/x">protocol-relative</a>',
      '<a href="/search/isuzu-trucks">missing make</a>',
      '<a href="/search/toyota/landcruiser-fj">missing model</a>',
    ].join(''),
  );

  it('names each same-site link that leads to no built page, and passes the rest', () => {
    expect(brokenInternalLinks(dir, [home])).toEqual([
      'index.html -> /search/isuzu-trucks',
      'index.html -> /search/toyota/landcruiser-fj',
    ]);
  });
});
