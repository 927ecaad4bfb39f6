import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { announceChanges, changedCarPaths, indexNowEndpoint } from '../../scripts/lib/sync/announce';
import { diffStock, stockState } from '../../scripts/lib/sync/diff';

const car = (id: number, extra: Record<string, unknown> = {}) => ({ id, slug: `2024-toyota-corolla-${id}`, status: 'in_stock', price: 20_000 + id, ...extra });

const tenant = (key?: string) => ({ url: 'https://www.bayside.example.com.au', syndication: { indexnow_key: key } }) as Parameters<typeof announceChanges>[0];
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
      received.push({ path: req.url ?? '', type: req.headers['content-type'], body: JSON.parse(body) as Record<string, unknown> });
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

describe('changedCarPaths', () => {
  it('lists the pages of cars added, sold, reserved, repriced and removed, and not the unchanged ones', () => {
    const before = stockState([car(1), car(2), car(3), car(4), car(5)]);
    const after = stockState([car(1), car(2, { status: 'sold', sold: true }), car(3, { reserved: true }), car(4, { price: 18_990 }), car(6)]);
    expect(changedCarPaths(diffStock(before, after), before, after)).toEqual([
      '/cars/2024-toyota-corolla-2',
      '/cars/2024-toyota-corolla-3',
      '/cars/2024-toyota-corolla-4',
      '/cars/2024-toyota-corolla-5',
      '/cars/2024-toyota-corolla-6',
    ]);
  });

  it('does not announce a car whose record went bad as removed', () => {
    const before = stockState([car(1), car(2)]);
    const after = stockState([car(1)]);
    expect(changedCarPaths(diffStock(before, after, ['2']), before, after)).toEqual([]);
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
      urlList: ['https://www.bayside.example.com.au/cars/a', 'https://www.bayside.example.com.au/cars/b'],
    });
  });

  it('sends nothing for a tenant without a key, for no changed pages, or with INDEXNOW=off', async () => {
    expect(await announceChanges(tenant(), ['/cars/a'], { endpoint })).toBeUndefined();
    expect(await announceChanges(tenant(KEY), [], { endpoint })).toBeUndefined();
    expect(await announceChanges(tenant(KEY), ['/cars/a'], { env: { INDEXNOW: 'off' } })).toBeUndefined();
    expect(received).toHaveLength(0);
  });

  it('reports a refusal or a stalled endpoint in the sync line instead of failing the sync', async () => {
    status = 403;
    expect(await announceChanges(tenant(KEY), ['/cars/a'], { endpoint })).toBe('IndexNow refused 1 page (HTTP 403)');
    stall = true;
    expect(await announceChanges(tenant(KEY), ['/cars/a'], { endpoint, timeoutMs: 200 })).toBe('1 page not announced to IndexNow: timed out');
  });

  it('takes its endpoint from INDEXNOW_ENDPOINT and refuses one that is not http(s)', async () => {
    expect(indexNowEndpoint({})).toBe('https://api.indexnow.org/indexnow');
    expect(indexNowEndpoint({ INDEXNOW_ENDPOINT: endpoint })).toBe(endpoint);
    expect(await announceChanges(tenant(KEY), ['/cars/a'], { env: { INDEXNOW_ENDPOINT: endpoint } })).toBe('announced 1 page to IndexNow (202)');
    expect(await announceChanges(tenant(KEY), ['/cars/a'], { env: { INDEXNOW_ENDPOINT: 'file:///etc/passwd' } })).toBe(
      'not announced to IndexNow: INDEXNOW_ENDPOINT: expected an http(s) URL, got "file:///etc/passwd"',
    );
  });
});
