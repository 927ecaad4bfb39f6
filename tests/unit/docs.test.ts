import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  brokenLinks,
  documentedScripts,
  headingAnchors,
  markdownLinks,
} from '../support/doc-links';
import { ROOT } from '../../platform/paths';

/** README.md and every Markdown file under docs/. */
function projectDocs(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(ROOT, 'docs', name));
  return [path.join(ROOT, 'README.md'), ...docs];
}

describe('project docs', () => {
  it('list every npm script in the README scripts table', () => {
    const scripts = Object.keys(
      (
        JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
          scripts: Record<string, string>;
        }
      ).scripts,
    );
    const documented = documentedScripts(readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
    expect(scripts.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('have no relative link to a missing file or heading', () => {
    expect(projectDocs().flatMap((file) => brokenLinks(file, ROOT))).toEqual([]);
  });
});

describe('the link checker', () => {
  it('finds links outside code and reads GitHub heading anchors', () => {
    const markdown = [
      '# Speed: the `size` gate',
      'See [a](other.md#x) and `[b](not-a-link.md)`.',
      '```',
      '[c](in-code.md)',
      '```',
      '## Speed: the `size` gate',
    ].join('\n');
    expect(markdownLinks(markdown).map((link) => link.target)).toEqual(['other.md#x']);
    expect([...headingAnchors(markdown)]).toEqual(['speed-the-size-gate', 'speed-the-size-gate-1']);
  });

  it('reads script names from the first column of README tables only', () => {
    const readme =
      '| `npm start` | x |\n| `npm run test:unit` / `npm run lint` | see `npm run other` |\nRun `npm run prose`.';
    expect([...documentedScripts(readme)].sort()).toEqual(['lint', 'start', 'test:unit']);
  });
});
