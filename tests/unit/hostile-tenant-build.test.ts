import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listHtmlFiles } from '../../platform/build/html-files';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'hostile-build-'));
const site = path.join(work, 'dist', 'hostile-name');
const NAME = `"><script>alert(1)</script><img src=x onerror=alert(1)> & Sons`;
let log = '';

/** A built page's DOM, parsed but never run. */
function page(file: string) {
  const window = new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableCSSFileLoading: true,
      disableJavaScriptFileLoading: true,
    },
  });
  window.document.write(readFileSync(file, 'utf8'));
  return window.document;
}

/**
 * The tenant tests/fixtures/tenants/valid/hostile-name.yaml has markup for a name and a tagline,
 * and feeds (tests/fixtures/feeds/hostile/) whose URLs are javascript:, data: and //host.
 */
beforeAll(() => {
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['scripts/build.ts', 'hostile-name'],
    {
      cwd: root,
      env: {
        ...process.env,
        TENANTS_DIR: path.join(root, 'tests/fixtures/tenants/valid'),
        DIST_DIR: path.join(work, 'dist'),
        BUILD_CACHE_DIR: path.join(work, 'cache'),
        FEED_ROOTS: 'tests/fixtures/feeds',
        LEADS_DB_FILE: path.join(work, 'leads.sqlite'),
        DATABASE_URL: '',
      },
      encoding: 'utf8',
      timeout: 180_000,
    },
  );
  log = result.stdout;
  expect(result.status, result.stderr).toBe(0);
}, 200_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a site built from a hostile tenant file and feeds', () => {
  it('reports each unsafe feed URL, naming record and field, and still lists the car', () => {
    for (const field of [
      'external_video_url',
      'video_url',
      'videos[0].video.url',
      'walkaround_videos[0].video.url',
      'images[1].image.url',
      'spin_images[1]',
      'file',
      'location.address.place_url',
    ])
      expect(log).toContain(
        `cars feed (tests/fixtures/feeds/hostile/cars.json) record #0 (id 21): ${field}: `,
      );
    expect(log).toContain(
      'locations feed (tests/fixtures/feeds/hostile/locations.json) record #0 (id 11): address.place_url: ',
    );
    expect(log).toMatch(/✔ hostile-name: \d+ pages, 1 cars listed/);
  });

  it('has no markup from the tenant or feeds, and no URL but http(s), mail, phone or a site path, on any page', () => {
    const files = listHtmlFiles(site).map((file) => path.join(site, file));
    expect(files.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const file of files) {
      const document = page(file);
      const where = path.relative(site, file);
      for (const element of document.querySelectorAll('*')) {
        for (const attribute of element.attributes) {
          if (/^on/i.test(attribute.name))
            problems.push(`${where}: <${element.localName} ${attribute.name}>`);
          if (
            ['href', 'src', 'action', 'formaction', 'poster', 'data', 'srcdoc'].includes(
              attribute.name,
            )
          ) {
            const protocol = new URL(attribute.value ?? '', 'https://www.hostile.example.com.au/')
              .protocol;
            if (!['http:', 'https:', 'mailto:', 'tel:', 'sms:'].includes(protocol))
              problems.push(
                `${where}: <${element.localName} ${attribute.name}="${attribute.value}">`,
              );
          }
        }
      }
      for (const script of document.querySelectorAll('script:not([src])')) {
        // Data blocks (JSON-LD, the search app's state) may carry the hostile text as JSON strings,
        // but never a raw '<' that could close the element.
        if (
          ['application/ld+json', 'application/json'].includes(script.getAttribute('type') ?? '')
        ) {
          expect(() => JSON.parse(script.textContent), where).not.toThrow();
          if (script.textContent.includes('<'))
            problems.push(`${where}: raw '<' in a ${script.getAttribute('type')} block`);
        } else if (script.textContent.includes('alert('))
          problems.push(`${where}: inline script ${script.textContent.slice(0, 60)}`);
      }
      if (document.querySelector('img[src="x"]'))
        problems.push(`${where}: <img src=x> from the name`);
    }
    expect(problems).toEqual([]);
  });

  it('prints the name as text, also where content pages fill in {{name}}', () => {
    for (const route of [
      'about-us',
      'service',
      'fleet',
      'careers',
      'finance-and-insurance',
      'terms-and-conditions',
      'privacy-policy',
    ]) {
      const document = page(path.join(site, route, 'index.html'));
      expect(document.querySelector('article')!.textContent, route).toContain(NAME);
    }
  });

  it("ends each lead page's intro with the dealer's name", () => {
    const intros = Object.fromEntries(
      [
        'finance',
        'finance-enquiry',
        'apply-for-finance',
        'personalised/finance',
        'sell-my-car',
        'trade-in',
        'cars/trade-in',
      ].map((route) => [
        route,
        page(path.join(site, route, 'index.html')).querySelector('[data-lead-intro]')?.textContent,
      ]),
    );
    expect(intros).toEqual({
      finance: `Tell us what you would like to buy and we will find the right finance for you at ${NAME}.`,
      'finance-enquiry': `Ask our finance team about a loan for your next car at ${NAME}.`,
      'apply-for-finance': `Apply for car finance with the team at ${NAME}.`,
      'personalised/finance': `Get finance matched to this car from ${NAME}.`,
      'sell-my-car': `Get an instant offer in 2 minutes, from ${NAME}.`,
      'trade-in': `Get an estimate for your car in three steps, from ${NAME}.`,
      'cars/trade-in': `Get an estimate for your trade-in towards your next car from ${NAME}.`,
    });
  });
});
