import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Window } from 'happy-dom';
import { fillContentPage, fillPlaceholders } from '../../src/site/content-placeholders';
import { latin1Html } from '../../src/site/latin1';
import { markdownPagesFrom, SHARED_CONTENT_PAGES } from '../../src/site/markdown-pages';
import { parseTenant } from '../../src/tenant/load';

const CONTENT = path.resolve('tenants/content');

/** A Markdown module as Vite gives it: front matter and the compiled HTML. */
function module(frontmatter: Record<string, unknown>, html = '<p>Hello</p>') {
  return { frontmatter, compiledContent: async () => html };
}

describe('content pages from Markdown (tenants/content)', () => {
  it('keys each page by folder and route, and keeps its title, description and HTML', async () => {
    const pages = markdownPagesFrom({
      '../../tenants/content/_default/about-us.md': module(
        { title: 'About Us', description: 'Who we are.' },
        '<h2>Hi</h2>',
      ),
      '../../tenants/content/bayside-toyota/eofy.md': module({
        title: 'EOFY Sale',
        author: 'ignored',
      }),
    });
    expect([...pages.keys()]).toEqual(['_default/about-us', 'bayside-toyota/eofy']);
    expect(pages.get('_default/about-us')).toMatchObject({
      title: 'About Us',
      description: 'Who we are.',
    });
    expect(await pages.get('_default/about-us')!.html()).toBe('<h2>Hi</h2>');
    expect(pages.get('bayside-toyota/eofy')!.description).toBeUndefined();
  });

  it('names every file whose front matter is wrong, and the field, one line each', () => {
    let message = '';
    try {
      markdownPagesFrom({
        '../../tenants/content/_default/fleet.md': module({ description: 'No title' }),
        '../../tenants/content/sunset-caravans/service.md': module({ title: '' }),
        '../../tenants/content/_default/careers.md': module({ title: 'Careers', description: 7 }),
      });
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^tenants\/content\/_default\/fleet\.md: front matter title: \S/);
    expect(lines[1]).toMatch(
      /^tenants\/content\/sunset-caravans\/service\.md: front matter title: \S/,
    );
    expect(lines[2]).toMatch(
      /^tenants\/content\/_default\/careers\.md: front matter description: \S/,
    );
  });

  it('refuses a layout or setup in front matter: every content page has the site layout', () => {
    expect(() =>
      markdownPagesFrom({
        '../../tenants/content/_default/fleet.md': module({
          title: 'Fleet',
          layout: '../layouts/Other.astro',
        }),
      }),
    ).toThrow(
      /^tenants\/content\/_default\/fleet\.md: front matter layout: not supported in content pages/,
    );
  });

  it('names a shared default that is missing, since every site would lose that page', () => {
    expect(() =>
      markdownPagesFrom({ '../../tenants/content/_default/fleet.md': module({ title: 'Fleet' }) }, [
        'fleet',
        'careers',
      ]),
    ).toThrow(/^tenants\/content\/_default\/careers\.md: missing; every site has \/careers/);
    // A tenant's own page does not stand in for the shared default.
    expect(() =>
      markdownPagesFrom(
        { '../../tenants/content/bayside-toyota/careers.md': module({ title: 'Careers' }) },
        ['careers'],
      ),
    ).toThrow(/_default\/careers\.md: missing/);
  });

  it("accepts every committed page's front matter, with a default for every shared route", () => {
    const modules: Record<string, ReturnType<typeof module>> = {};
    for (const folder of readdirSync(CONTENT)) {
      for (const file of readdirSync(path.join(CONTENT, folder)).filter((name) =>
        name.endsWith('.md'),
      )) {
        const text = readFileSync(path.join(CONTENT, folder, file), 'utf8');
        const frontmatter = parse(/^---\n([\s\S]*?)\n---/.exec(text)![1]!) as Record<
          string,
          unknown
        >;
        modules[`../../tenants/content/${folder}/${file}`] = module(frontmatter);
      }
    }
    const pages = markdownPagesFrom(modules, SHARED_CONTENT_PAGES);
    expect(pages.get('_default/about-us')!.title).toBe('About Us');
    expect(pages.size).toBe(Object.keys(modules).length);
  });
});

describe('content pages filled in for a tenant', () => {
  const hostile = parseTenant(
    readFileSync(path.resolve('tests/fixtures/tenants/valid/hostile-name.yaml'), 'utf8'),
    'tenants/hostile-name.yaml',
  );
  const site = { tenant: hostile, locations: [] };

  /** Every committed content page, as HTML with its {{placeholders}} as Astro's Markdown leaves them. */
  function committedPages() {
    const modules: Record<string, ReturnType<typeof module>> = {};
    for (const folder of readdirSync(CONTENT)) {
      for (const file of readdirSync(path.join(CONTENT, folder)).filter((name) =>
        name.endsWith('.md'),
      )) {
        const text = readFileSync(path.join(CONTENT, folder, file), 'utf8');
        const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)!;
        const html = body!
          .split(/\n\n+/)
          .map((paragraph) => `<p>${paragraph.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`)
          .join('\n');
        modules[`../../tenants/content/${folder}/${file}`] = module(
          parse(front!) as Record<string, unknown>,
          `${html}\n<p><a title="{{name}}" href="/">{{name}}</a></p>`,
        );
      }
    }
    return markdownPagesFrom(modules);
  }

  it('prints the tenant name as text on every page that uses it, never as markup', async () => {
    const pages = committedPages();
    let withName = 0;
    for (const [key, markdown] of pages) {
      const route = key.split('/')[1]!;
      const page = await fillContentPage(site, route, markdown);
      const document = new Window().document;
      document.body.innerHTML = page.html;
      expect(document.querySelectorAll('script, img, [onerror]'), route).toHaveLength(0);
      expect(document.querySelector('a')!.getAttribute('title')).toBe(hostile.name);
      expect(document.body.textContent).toContain(hostile.name);
      expect(page.html).not.toContain('{{name}}');
      if (
        key.startsWith('_default/') &&
        /\{\{name\}\}/.test((await markdown.html()).replace(/<p><a title[\s\S]*$/, ''))
      )
        withName++;
    }
    expect(withName).toBeGreaterThanOrEqual(7);
  });

  it('keeps titles plain text (the page escapes them where it prints them) and leaves unknown keys alone', () => {
    expect(
      fillPlaceholders('About {{name}} {{nope}} {{constructor}}', { name: '<b>A & B</b>' }),
    ).toBe('About <b>A & B</b> {{nope}} {{constructor}}');
    expect(fillPlaceholders('<p>{{name}}</p>', { name: `<b>"A" & 'B'</b>` }, latin1Html)).toBe(
      '<p>&lt;b&gt;&quot;A&quot; &amp; &#39;B&#39;&lt;/b&gt;</p>',
    );
  });
});
