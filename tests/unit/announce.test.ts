import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { announceChanges, changedPagePaths, indexNowEndpoint } from '../../platform/sync/announce';

const tenant = (key?: string) =>
  ({ url: 'https://www.bayside.example.com.au', syndication: { indexnow_key: key } }) as Parameters<
    typeof announceChanges
  >[0];
const KEY = '5f1c0b7e8d2a4c6e9b3a7d1f0e2c4a68';

/** A local stand-in for the IndexNow endpoint: records each POST and answers with `status`. */
let received: { path: string; type: string | undefined; body: Record<string, unknown> }[] = [];
let status = 202;
let stall = false;
let server: Server;
let endpoint: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        type: req.headers['content-type'],
        body: JSON.parse(body) as Record<string, unknown>,
      });
      if (!stall) res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}/indexnow`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  received = [];
  status = 202;
  stall = false;
});

describe('changedPagePaths', () => {
  const site = mkdtempSync(path.join(tmpdir(), 'announce-'));
  afterAll(() => rmSync(site, { recursive: true, force: true }));
  const page = (file: string, head = '<title>Car</title>') => {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(
      path.join(site, file),
      `<!doctype html><html><head>${head}</head><body></body></html>`,
    );
  };

  it('lists the pages whose bytes changed or that are new, as the site links them, and no data files, 404 page or noindex page', () => {
    page('index.html');
    page('cars/a/index.html');
    page('cars/a/checkout/index.html', '<meta name="robots" content="noindex, nofollow">');
    page('search/toyota/index.html');
    page('404.html');
    const changes = {
      changed: [
        'cars/a/index.html',
        'index.html',
        'search-index.json',
        'sitemap.xml',
        '404.html',
        'cars/a/checkout/index.html',
      ],
      added: ['search/toyota/index.html', 'feeds/google-vehicle-listings.xml'],
      deleted: [],
    };
    expect(changedPagePaths(changes, site)).toEqual(['/', '/cars/a', '/search/toyota']);
  });

  it("announces a deleted car's page once (not the pages under it), and not a car whose record went bad", () => {
    const changes = {
      changed: [],
      added: [],
      deleted: [
        'cars/sold/index.html',
        'cars/sold/checkout/index.html',
        'cars/bad-record/index.html',
        'cars/bad-record/checkout/index.html',
      ],
    };
    expect(changedPagePaths(changes, site, ['/cars/bad-record'])).toEqual(['/cars/sold']);
  });
});

describe('announceChanges', () => {
  it("POSTs the changed pages as absolute URLs of the site's own host, with the key and its file", async () => {
    const line = await announceChanges(tenant(KEY), ['/cars/a', '/cars/b'], { endpoint });
    expect(line).toBe('announced 2 pages to IndexNow (202)');
    expect(received).toHaveLength(1);
    expect(received[0]!.type).toBe('application/json; charset=utf-8');
    expect(received[0]!.body).toEqual({
      host: 'www.bayside.example.com.au',
      key: KEY,
      keyLocation: `https://www.bayside.example.com.au/${KEY}.txt`,
      urlList: [
        'https://www.bayside.example.com.au/cars/a',
        'https://www.bayside.example.com.au/cars/b',
      ],
    });
  });

  it('sends nothing for a tenant without a key, for no changed pages, or with INDEXNOW=off', async () => {
    expect(await announceChanges(tenant(), ['/cars/a'], { endpoint })).toBeUndefined();
    expect(await announceChanges(tenant(KEY), [], { endpoint })).toBeUndefined();
    expect(
      await announceChanges(tenant(KEY), ['/cars/a'], { env: { INDEXNOW: 'off' } }),
    ).toBeUndefined();
    expect(received).toHaveLength(0);
  });

  it('reports a refusal or a stalled endpoint in the sync line instead of failing the sync', async () => {
    status = 403;
    expect(await announceChanges(tenant(KEY), ['/cars/a'], { endpoint })).toBe(
      'IndexNow refused 1 page (HTTP 403)',
    );
    stall = true;
    expect(await announceChanges(tenant(KEY), ['/cars/a'], { endpoint, timeoutMs: 200 })).toBe(
      '1 page not announced to IndexNow: timed out',
    );
  });

  it('takes its endpoint from INDEXNOW_ENDPOINT and refuses one that is not http(s)', async () => {
    expect(indexNowEndpoint({})).toBe('https://api.indexnow.org/indexnow');
    expect(indexNowEndpoint({ INDEXNOW_ENDPOINT: endpoint })).toBe(endpoint);
    expect(
      await announceChanges(tenant(KEY), ['/cars/a'], { env: { INDEXNOW_ENDPOINT: endpoint } }),
    ).toBe('announced 1 page to IndexNow (202)');
    expect(
      await announceChanges(tenant(KEY), ['/cars/a'], {
        env: { INDEXNOW_ENDPOINT: 'file:///etc/passwd' },
      }),
    ).toBe(
      'not announced to IndexNow: INDEXNOW_ENDPOINT: expected an http(s) URL, got "file:///etc/passwd"',
    );
  });
});
