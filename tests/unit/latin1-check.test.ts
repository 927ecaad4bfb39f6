import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  describeNonLatin1,
  nonLatin1In,
  nonLatin1InFiles,
} from '../../scripts/checks/latin1-check';
import { listHtmlFiles } from '../../platform/build/html-files';

describe('Latin-1 check of built pages', () => {
  it('passes a page of Latin-1 text and fails one with a character above U+00FF, naming file, line and character', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'latin1-check-'));
    writeFileSync(
      path.join(dir, 'good.html'),
      '<!doctype html>\n<p>Caf\u00e9 \u00a9 2026 \u00ff; &#x2013; is fine</p>\n',
    );
    writeFileSync(
      path.join(dir, 'bad.html'),
      '<!doctype html>\n<html>\n<p>Don\u2019t \u00e9 miss \ud83d\ude97</p>\n',
    );
    const hits = nonLatin1InFiles(listHtmlFiles(dir).map((file) => path.join(dir, file)));
    expect(
      hits.map((hit) => [path.basename(hit.file), hit.line, hit.column, hit.char, hit.codePoint]),
    ).toEqual([
      ['bad.html', 3, 7, '\u2019', 'U+2019'],
      ['bad.html', 3, 17, '\ud83d\ude97', 'U+1F697'],
    ]);
    expect(describeNonLatin1(hits[0]!)).toContain(
      'bad.html:3:7: "\u2019" (U+2019) is above U+00FF',
    );
  });

  it('takes U+00FF as Latin-1 and U+0100 as past it', () => {
    expect(nonLatin1In(Buffer.from('\u00ff\u0080'))).toEqual([]);
    expect(
      nonLatin1In(Buffer.from('a\n\u0100')).map((hit) => [hit.line, hit.column, hit.codePoint]),
    ).toEqual([[2, 1, 'U+0100']]);
  });
});
