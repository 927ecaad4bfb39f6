import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSessionCookie } from '../../api/accounts/session';
import type { ApiEnv } from '../../api/types';
import {
  formatHeaders,
  headersForPath,
  HEADERS_FILE,
  parseHeaders,
  scanBuiltPages,
  writeHeadersFile,
} from '../../platform/edge/headers';
import { createSiteApp } from '../../platform/serve/local-server';
import { scoreScan, type ObservatoryScan } from '../support/observatory-score';
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  tileSource,
} from '../../platform/edge/security-headers';
import { listTenantSlugs, loadTenant, type LoadedTenant } from '../../src/tenant/load';
import { parseTenant } from '../../src/tenant/load';
import type { SiteData } from '../../src/site/types';
import { apiTestSite } from '../support/api-site';

const ASTRO_LOADER =
  '(()=>{(self.Astro||(self.Astro={})).load=async e=>{await(await e())()};window.dispatchEvent(new Event("astro:load"));})();';
const page = (title: string, inline = ASTRO_LOADER) =>
  `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>${title}</title>` +
  `<script type="application/ld+json">{"@type":"AutoDealer"}</script>` +
  `<script type="module" src="/_astro/page.js"></script></head>` +
  `<body><main style="display:block">${title}</main><script>${inline}</script></body></html>`;

/** One page of each kind a site has, as the build writes them (paths as the CDN sees them). */
const PAGES: Record<string, string> = {
  '/': 'index.html',
  '/cars/2023-toyota-corolla-1': 'cars/2023-toyota-corolla-1/index.html',
  '/search/new-used-and-demo-cars': 'search/new-used-and-demo-cars/index.html',
  '/dealer-locator': 'dealer-locator/index.html',
  '/no-such-page': '404.html',
};

/** Graded as the Observatory grades a site on https that redirects http to https on the same host. */
function scanOf(
  url: string,
  status: number,
  headers: Headers,
  body: string,
  extra: Partial<ObservatoryScan> = {},
): ObservatoryScan {
  const https = new URL(url);
  return {
    url,
    status,
    headers,
    body,
    httpRoute: [`http://${https.host}${https.pathname}`, url],
    ...extra,
  };
}

function sessionCookie(): Promise<string[]> {
  const app = new Hono<ApiEnv>();
  app.get('/', (c) => {
    setSessionCookie(c, 'a'.repeat(40), Date.now() + 60_000);
    return c.text('ok');
  });
  return Promise.resolve(app.request('/')).then((response) => response.headers.getSetCookie());
}

let root: string;
let tenants: LoadedTenant[];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'security-headers-'));
  tenants = await Promise.all((await listTenantSlugs()).map((slug) => loadTenant(slug)));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function buildSite(slug: string): string {
  const dir = path.join(root, slug);
  for (const [url, file] of Object.entries(PAGES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(
      path.join(dir, file),
      page(url, url === '/dealer-locator' ? 'document.body.dataset.map="1"' : ASTRO_LOADER),
    );
  }
  mkdirSync(path.join(dir, '_astro'), { recursive: true });
  writeFileSync(path.join(dir, '_astro', 'page.js'), 'export {};');
  mkdirSync(path.join(dir, 'media'), { recursive: true });
  writeFileSync(path.join(dir, 'media', 'car.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('Observatory scoring', () => {
  it('grades the headers the sites had before as C from the CDN and F from the local server', () => {
    const before = parseHeaders(
      '/*\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n  Permissions-Policy: camera=()\n  X-Frame-Options: SAMEORIGIN\n',
    );
    const cdn = scoreScan(
      scanOf(
        'https://www.example.com.au/',
        200,
        new Headers(headersForPath(before, '/')),
        page('/'),
      ),
    );
    expect([cdn.score, cdn.grade]).toEqual([55, 'C']);
    // The local server sent none of them, over plain http with no redirect.
    const local = scoreScan({
      url: 'http://localhost:4321/',
      status: 200,
      headers: new Headers(),
      body: page('/'),
      httpRoute: ['http://localhost:4321/'],
    });
    expect(local.grade).toBe('F');
  });

  it("penalises 'unsafe-inline' in script-src, unless a hash makes browsers ignore it", () => {
    const result = (csp: string) =>
      scoreScan(
        scanOf('https://a.example/', 200, new Headers({ 'content-security-policy': csp }), ''),
      ).tests.find((test) => test.test === 'content-security-policy')!;
    expect(
      result("default-src 'self'; script-src 'self' 'unsafe-inline'; object-src 'none'"),
    ).toMatchObject({ modifier: -20, pass: false });
    expect(
      result(
        "default-src 'self'; script-src 'self' 'unsafe-inline' 'sha256-abc='; object-src 'none'",
      ).result,
    ).toBe('csp-implemented-with-no-unsafe');
    expect(
      result("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'").result,
    ).toBe('csp-implemented-with-unsafe-inline-in-style-src-only');
    expect(result("default-src 'none'; script-src 'self'; style-src 'self'").modifier).toBe(10);
    expect(result("script-src 'self' https:").result).toBe('csp-implemented-with-unsafe-inline');
  });

  it('counts frame-ancestors only from a header, HSTS only from six months, and bonuses only from an A', () => {
    const meta =
      '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; frame-ancestors \'none\'">';
    const viaMeta = scoreScan(
      scanOf('https://a.example/', 200, new Headers({ 'content-type': 'text/html' }), meta),
    );
    expect(viaMeta.tests.find((test) => test.test === 'x-frame-options')!.result).toBe(
      'x-frame-options-not-implemented',
    );
    const short = scoreScan(
      scanOf(
        'https://a.example/',
        200,
        new Headers({ 'strict-transport-security': 'max-age=86400' }),
        '',
      ),
    );
    expect(short.tests.find((test) => test.test === 'strict-transport-security')!.modifier).toBe(
      -10,
    );
    // Referrer-Policy (+5) and CORP (+10) don't lift a failing site.
    const noCsp = scoreScan(
      scanOf(
        'https://a.example/',
        200,
        new Headers({
          'referrer-policy': 'no-referrer',
          'cross-origin-resource-policy': 'same-origin',
          'x-content-type-options': 'nosniff',
        }),
        '',
      ),
    );
    expect(noCsp.score).toBe(100 - 25 - 20 - 20);
  });
});

describe('security headers from _headers', () => {
  it('gives every page type of every tenant an A+', async () => {
    expect(tenants.length).toBeGreaterThanOrEqual(4);
    for (const tenant of tenants) {
      const dir = buildSite(tenant.slug);
      await writeHeadersFile(dir, tenant);
      const rules = parseHeaders(readFileSync(path.join(dir, HEADERS_FILE), 'utf8'));
      for (const [url, file] of Object.entries(PAGES)) {
        const headers = new Headers({
          ...headersForPath(rules, url),
          'content-type': 'text/html; charset=utf-8',
        });
        const result = scoreScan(
          scanOf(
            new URL(url, tenant.url).href,
            200,
            headers,
            readFileSync(path.join(dir, file), 'utf8'),
            { setCookies: await sessionCookie() },
          ),
        );
        expect({
          tenant: tenant.slug,
          url,
          grade: result.grade,
          failed: result.tests.filter((test) => !test.pass),
        }).toEqual({
          tenant: tenant.slug,
          url,
          grade: 'A+',
          failed: [],
        });
        expect(result.score).toBeGreaterThanOrEqual(120);
      }
    }
  });

  it('allows each inline script the pages have by its hash, and nothing inline besides', async () => {
    const tenant = tenants[0]!;
    const dir = buildSite(`${tenant.slug}-hashes`);
    await writeHeadersFile(dir, tenant);
    const csp = headersForPath(
      parseHeaders(readFileSync(path.join(dir, HEADERS_FILE), 'utf8')),
      '/',
    )['Content-Security-Policy']!;
    const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src '))!;
    const expected = [
      ...inlineScriptHashes(page('/')),
      ...inlineScriptHashes(page('/', 'document.body.dataset.map="1"')),
    ];
    expect(expected).toHaveLength(2); // JSON-LD and the external module need no hash
    expect(scriptSrc.split(' ').sort()).toEqual(
      ['script-src', "'self'", ...new Set(expected)].sort(),
    );
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
  });

  it('names the tenant map tile host, video hosts and image hosts, never the whole web', () => {
    const file = path.join(process.cwd(), 'tenants', 'bayside-toyota.yaml');
    const tenant = parseTenant(
      `${readFileSync(file, 'utf8')}\nmap: { tile_url: 'https://{s}.tiles.example.net/{z}/{x}/{y}.png' }\nmedia_hosts: { video: ['https://player.vimeo.com'], image: ['https://cdn.example-feeds.com.au'] }\n`,
      file,
    );
    const csp = contentSecurityPolicy(tenant, []);
    const directive = (name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `));
    expect(directive('img-src')).toBe(
      "img-src 'self' data: https://*.tiles.example.net https://cdn.example-feeds.com.au",
    );
    expect(directive('frame-src')).toBe("frame-src 'self' https://player.vimeo.com");
    expect(directive('media-src')).toBe("media-src 'self' https://player.vimeo.com");
    expect(csp).not.toMatch(/(^|\s)(\*|https:|http:)(\s|;|$)/);
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
  });

  it("names the tenant's image CDN in img-src, so resized photos in srcset are not blocked", () => {
    const file = path.join(process.cwd(), 'tenants', 'bayside-toyota.yaml');
    const withImages = (images: string) =>
      parseTenant(`${readFileSync(file, 'utf8')}\nimages: ${images}\n`, file);
    const imgSrc = (images: string) =>
      contentSecurityPolicy(withImages(images), [])
        .split('; ')
        .find((part) => part.startsWith('img-src '));
    expect(imgSrc('{ provider: imgix, domain: https://bayside.imgix.net }')).toContain(
      ' https://bayside.imgix.net',
    );
    expect(imgSrc('{ provider: cloudinary, cloud_name: bayside-cloud }')).toContain(
      ' https://res.cloudinary.com',
    );
    expect(
      imgSrc("{ provider: template, template: 'https://img.example.com/{url}?w={width}' }"),
    ).toContain(' https://img.example.com');
    // The embedded resizer and Cloudflare on the site's own zone are the site itself: 'self' covers them.
    expect(imgSrc('{ provider: embedded }')).toBe(
      "img-src 'self' data: https://tile.openstreetmap.org",
    );
    expect(imgSrc('{ provider: cloudflare }')).toBe(
      "img-src 'self' data: https://tile.openstreetmap.org",
    );
  });

  it('names the image hosts the pages show feed photos from, and reports videos from hosts the tenant does not allow', async () => {
    const tenant = tenants[0]!;
    const dir = buildSite(`${tenant.slug}-embedded`);
    writeFileSync(
      path.join(dir, 'cars', '2023-toyota-corolla-1', 'index.html'),
      page('/cars/2023-toyota-corolla-1').replace(
        '<main',
        '<img src="https://photos.feed-cdn.example/cars/1.jpg" alt=""><iframe src="https://www.youtube-nocookie.com/embed/x"></iframe><iframe src="https://videos.unknown.example/p/1"></iframe><main',
      ),
    );
    const { blockedVideoHosts, tooLong } = await writeHeadersFile(dir, tenant);
    expect(tooLong).toEqual([]);
    const csp = headersForPath(
      parseHeaders(readFileSync(path.join(dir, HEADERS_FILE), 'utf8')),
      '/',
    )['Content-Security-Policy']!;
    expect(csp.split('; ').find((part) => part.startsWith('img-src '))).toBe(
      "img-src 'self' data: https://tile.openstreetmap.org https://photos.feed-cdn.example",
    );
    expect(csp).not.toContain('videos.unknown.example');
    expect(blockedVideoHosts).toEqual(['https://videos.unknown.example']);
  });

  it('reports a policy too long for a Cloudflare Pages _headers line', async () => {
    const file = path.join(process.cwd(), 'tenants', 'bayside-toyota.yaml');
    const hosts = Array.from(
      { length: 60 },
      (_, i) => `'https://photos-${i}.feed-cdn.example.com.au'`,
    ).join(', ');
    const tenant = parseTenant(
      `${readFileSync(file, 'utf8')}\nmedia_hosts: { image: [${hosts}] }\n`,
      file,
    );
    const { tooLong } = await writeHeadersFile(buildSite('many-image-hosts'), tenant);
    expect(tooLong).toEqual([
      expect.stringMatching(/^Content-Security-Policy \(\d{4} characters\)$/),
    ]);
  });

  it('rejects a media host that is not an https origin', () => {
    const file = path.join(process.cwd(), 'tenants', 'bayside-toyota.yaml');
    for (const host of ['http://player.vimeo.com', 'https://player.vimeo.com/video', '*'])
      expect(() =>
        parseTenant(`${readFileSync(file, 'utf8')}\nmedia_hosts: { video: ['${host}'] }\n`, file),
      ).toThrow(/media_hosts/);
  });

  it('writes a file the local server reads back unchanged', () => {
    const rules = [
      {
        pattern: '/*',
        headers: {
          'X-A': '1',
          'Content-Security-Policy': "default-src 'none'; img-src 'self' data:",
        },
      },
    ];
    expect(parseHeaders(formatHeaders(rules))).toEqual(rules);
  });
});

describe('security headers from the local server', () => {
  let site: SiteData;
  beforeAll(() => {
    site = apiTestSite();
  });

  it('answers every page type with the _headers values, graded A+', async () => {
    const tenant = tenants.find((candidate) => candidate.slug === site.tenant.slug)!;
    const dir = buildSite(`${tenant.slug}-local`);
    await writeHeadersFile(dir, tenant);
    const app = createSiteApp(tenant.slug, site, undefined, dir);
    const host = new URL(tenant.url).host;
    for (const url of Object.keys(PAGES)) {
      const response = await app.request(`http://${host}${url}`);
      const body = await response.text();
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      // The http:// request, as a TLS proxy forwards it: straight to https on the same host.
      const insecure = await app.request(`http://${host}${url}`, {
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(insecure.status).toBe(301);
      const location = insecure.headers.get('location')!;
      const result = scoreScan({
        url: location,
        status: response.status,
        headers: response.headers,
        body,
        httpRoute: [`http://${host}${url}`, location],
        setCookies: await sessionCookie(),
      });
      expect({
        url,
        location,
        grade: result.grade,
        failed: result.tests.filter((test) => !test.pass),
      }).toEqual({
        url,
        location: `https://${host}${url}`,
        grade: 'A+',
        failed: [],
      });
    }
    // Files and API answers carry them too.
    for (const url of ['/_astro/page.js', '/media/car.svg']) {
      const response = await app.request(`http://${host}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8}/);
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
    expect((await app.request(`http://${host}/_astro/page.js`)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it('never serves the _headers file itself', async () => {
    const tenant = tenants.find((candidate) => candidate.slug === site.tenant.slug)!;
    const dir = buildSite(`${tenant.slug}-hidden`);
    await writeHeadersFile(dir, tenant);
    const app = createSiteApp(tenant.slug, site, undefined, dir);
    const response = await app.request('http://localhost/_headers');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('Content-Security-Policy');
  });
});

describe('the built-pages scan kept between renders', () => {
  it('reads again only pages that are new files (kept pages are hard links), and gives what a scan from scratch gives', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'page-scan-'));
    const cache = path.join(dir, 'cache', 'page-scan.json');
    const write = (site: string, file: string, html: string) => {
      mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
      writeFileSync(path.join(site, file), html);
    };
    const live = path.join(dir, 'live');
    write(live, 'index.html', page('Home'));
    write(
      live,
      'cars/a/index.html',
      page('Car A', 'console.log("a")') + '<img src="https://photos.dealer.example/a.jpg">',
    );
    write(live, 'cars/b/index.html', page('Car B', 'console.log("b")'));
    const first = await scanBuiltPages(live, undefined, cache);
    expect(first.pagesRead).toBe(3);
    expect([...first.embedded.image]).toEqual(['https://photos.dealer.example']);

    // The next render, as a partial render makes it: the home page kept as a hard link, car A's
    // page written anew (another script and host), car B's gone, car C new.
    const next = path.join(dir, 'next');
    mkdirSync(next);
    linkSync(path.join(live, 'index.html'), path.join(next, 'index.html'));
    write(
      next,
      'cars/a/index.html',
      page('Car A', 'console.log("A")') + '<img src="https://photos.dealer.exampl/a.jpg">',
    );
    write(next, 'cars/c/index.html', page('Car C'));
    const again = await scanBuiltPages(next, undefined, cache);
    expect(again.pagesRead).toBe(2);
    const fresh = await scanBuiltPages(next);
    expect([...again.scriptHashes].sort()).toEqual([...fresh.scriptHashes].sort());
    expect([...again.embedded.image]).toEqual(['https://photos.dealer.exampl']);
    expect([...again.scriptHashes]).not.toEqual(
      expect.arrayContaining(inlineScriptHashes(page('Car B', 'console.log("b")'))),
    );
    rmSync(dir, { recursive: true, force: true });
  });
});
