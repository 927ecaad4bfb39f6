import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CloudflarePurger } from '../../platform/cdn/cloudflare';
import { purgersFor } from '../../platform/cdn/config';
import { purgeChanges } from '../../platform/cdn/publish';
import { retryAfterMs } from '../../platform/cdn/retry';
import { purgeUrls, urlPathsOfFile } from '../../platform/cdn/urls';
import { VarnishPurger } from '../../platform/cdn/varnish';
import { varnishVcl } from '../../platform/edge/varnish';

interface Hit {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A local stand-in for a cache's purge API: records every request; `answer` decides each reply. */
let hits: Hit[] = [];
let answer: (hit: Hit) => {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
} = () => ({ status: 200, body: { success: true } });
let receiver: Server;
let base: string;
const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const hit = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        at: Date.now(),
      };
      hits.push(hit);
      const reply = answer(hit);
      res
        .writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
        .end(JSON.stringify(reply.body ?? {}));
    });
  });
  base = `http://127.0.0.1:${await listen(receiver)}`;
});
afterAll(() => {
  receiver.closeAllConnections();
  receiver.close();
});
beforeEach(() => {
  hits = [];
  answer = () => ({ status: 200, body: { success: true } });
});

const fast = { baseDelayMs: 10, attempts: 3 };

describe('which URLs a changed file stands for', () => {
  it('purges a page under the path it is linked by, with and without the slash, and as the file', () => {
    expect(urlPathsOfFile('cars/2024-toyota-rav4-1/index.html')).toEqual([
      '/cars/2024-toyota-rav4-1',
      '/cars/2024-toyota-rav4-1/',
      '/cars/2024-toyota-rav4-1/index.html',
    ]);
    expect(urlPathsOfFile('index.html')).toEqual(['/', '/index.html']);
    expect(urlPathsOfFile('404.html')).toEqual(['/404', '/404.html']);
    expect(urlPathsOfFile('search-index.json')).toEqual(['/search-index.json']);
    expect(urlPathsOfFile('feeds/google-vehicle-listings.xml')).toEqual([
      '/feeds/google-vehicle-listings.xml',
    ]);
    expect(urlPathsOfFile('_headers')).toEqual([]);
  });

  it("makes them absolute on the tenant's host, purges deleted and new pages, and leaves new or deleted hashed assets alone", () => {
    const urls = purgeUrls('https://www.bayside.example.com.au', {
      changed: ['sitemap.xml'],
      added: ['cars/new-car/index.html', '_astro/page.B1x2.js'],
      deleted: ['cars/sold car/index.html', '_astro/page.A0z9.js'],
    });
    expect(urls).toEqual([
      'https://www.bayside.example.com.au/cars/new-car',
      'https://www.bayside.example.com.au/cars/new-car/',
      'https://www.bayside.example.com.au/cars/new-car/index.html',
      'https://www.bayside.example.com.au/cars/sold%20car',
      'https://www.bayside.example.com.au/cars/sold%20car/',
      'https://www.bayside.example.com.au/cars/sold%20car/index.html',
      'https://www.bayside.example.com.au/sitemap.xml',
    ]);
  });
});

describe('Varnish: PURGE <path> with the Host header', () => {
  it('sends one PURGE per URL to the configured address, naming each URL’s host', async () => {
    const purger = new VarnishPurger(base, fast);
    const result = await purger.purge([
      'https://www.a.example/cars/x',
      'https://www.a.example/search-index.json',
      'https://b.example:8443/',
    ]);
    expect(result).toEqual({ purged: 3, failed: 0, requests: 3 });
    expect(hits.map((hit) => [hit.method, hit.headers.host, hit.path]).sort()).toEqual([
      ['PURGE', 'b.example:8443', '/'],
      ['PURGE', 'www.a.example', '/cars/x'],
      ['PURGE', 'www.a.example', '/search-index.json'],
    ]);
  });

  it('retries a 503, counts a refusal (405) as failed without retrying, and reports a cache that is down', async () => {
    let calls = 0;
    answer = (hit) =>
      hit.path === '/refused' ? { status: 405 } : { status: ++calls === 1 ? 503 : 200 };
    const result = await new VarnishPurger(base, fast).purge([
      'https://a.example/busy',
      'https://a.example/refused',
    ]);
    expect(result).toMatchObject({
      purged: 1,
      failed: 1,
      requests: 3,
      error: 'HTTP 405: Method Not Allowed',
    });

    const closed = createServer();
    const port = await listen(closed);
    closed.close();
    const down = await new VarnishPurger(`http://127.0.0.1:${port}`, fast).purge([
      'https://a.example/x',
    ]);
    expect(down).toMatchObject({ purged: 0, failed: 1, requests: 3 });
    expect(down.error).toContain('ECONNREFUSED');
  });
});

/** A real varnishd with the stack's VCL (platform/edge/varnish.ts) in front of a counting origin. */
describe('Varnish for real: a purged page is fetched again, the others stay cached', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'varnish-'));
  chmodSync(work, 0o755); // varnishd reads the VCL as its own unprivileged user
  const fetched: Record<string, number> = {};
  let origin: Server;
  let varnish: ChildProcess;
  let cdn: string;
  beforeAll(async () => {
    origin = createServer((req, res) => {
      fetched[req.url ?? ''] = (fetched[req.url ?? ''] ?? 0) + 1;
      res
        .writeHead(200, {
          'cache-control': 'public, max-age=0, must-revalidate',
          'content-type': 'text/html',
        })
        .end(`${req.url} v${fetched[req.url ?? '']}`);
    });
    const edgePort = await listen(origin);
    const probe = createServer();
    const port = await listen(probe);
    await new Promise((resolve) => probe.close(resolve));
    writeFileSync(
      path.join(work, 'default.vcl'),
      varnishVcl({
        tenants: [{ host: 'www.a.example', port }],
        edge: { host: '127.0.0.1', port: edgePort },
      }),
    );
    varnish = spawn(
      'varnishd',
      [
        '-F',
        '-a',
        `127.0.0.1:${port}`,
        '-f',
        path.join(work, 'default.vcl'),
        '-n',
        path.join(work, 'n'),
        '-s',
        'malloc,16m',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    varnish.stdout!.on('data', (chunk) => (output += chunk));
    varnish.stderr!.on('data', (chunk) => (output += chunk));
    varnish.on('error', (error) => (output += error.message));
    cdn = `http://127.0.0.1:${port}`;
    for (let waited = 0; waited < 20_000; waited += 100) {
      if (
        await fetch(`${cdn}/up`).then(
          (response) => response.ok,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`varnishd did not start (apt-get install -y varnish): ${output}`);
  });
  afterAll(async () => {
    if (varnish.exitCode === null) {
      const exited = new Promise((resolve) => varnish.once('exit', resolve));
      varnish.kill('SIGTERM');
      await exited;
    }
    origin.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('drops exactly the purged pages', async () => {
    const body = async (urlPath: string) => (await fetch(`${cdn}${urlPath}`)).text();
    for (const urlPath of ['/cars/a/', '/cars/b/']) {
      expect(await body(urlPath)).toBe(`${urlPath} v1`);
      expect(await body(urlPath)).toBe(`${urlPath} v1`); // cached: the origin saw it once
    }
    const result = await new VarnishPurger(cdn).purge(['https://www.a.example/cars/a/']);
    expect(result).toEqual({ purged: 1, failed: 0, requests: 1 });
    expect(await body('/cars/a/')).toBe('/cars/a/ v2');
    expect(await body('/cars/b/')).toBe('/cars/b/ v1');
    expect(fetched).toEqual({ '/up': 1, '/cars/a/': 2, '/cars/b/': 1 });
  });
});

describe('Cloudflare: POST /zones/{zone}/purge_cache', () => {
  const zoneId = '023e105f4ecef8ad9ca31a8372d0c353';
  const purger = (batchSize?: number) =>
    new CloudflarePurger({
      zoneId,
      token: 'test-token',
      apiBase: `${base}/client/v4`,
      batchSize,
      retry: fast,
    });
  const urls = Array.from({ length: 250 }, (_, n) => `https://www.a.example/cars/car-${n}`);

  it('sends the URLs as {"files": [...]} in batches of at most 100, with the bearer token', async () => {
    expect(await purger().purge(urls)).toEqual({ purged: 250, failed: 0, requests: 3 });
    expect(hits.map((hit) => [hit.method, hit.path])).toEqual(
      Array(3).fill(['POST', `/client/v4/zones/${zoneId}/purge_cache`]),
    );
    for (const hit of hits) {
      expect(hit.headers.authorization).toBe('Bearer test-token');
      expect(hit.headers['content-type']).toBe('application/json');
    }
    const batches = hits.map((hit) => (JSON.parse(hit.body) as { files: string[] }).files);
    expect(batches.map((files) => files.length)).toEqual([100, 100, 50]);
    expect(batches.flat()).toEqual(urls);
  });

  it('waits for Retry-After on a 429 and sends the batch again', async () => {
    answer = () =>
      hits.length === 1
        ? {
            status: 429,
            headers: { 'retry-after': '1' },
            body: { success: false, errors: [{ code: 971, message: 'Please wait' }] },
          }
        : { status: 200, body: { success: true } };
    expect(await purger().purge(urls.slice(0, 2))).toEqual({ purged: 2, failed: 0, requests: 2 });
    expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(950);
    expect(hits[1]!.body).toBe(hits[0]!.body);
  });

  it("reports Cloudflare's error for a refused batch, gives up on a 5xx after the retries, and goes on with the next batch", async () => {
    answer = (hit) => {
      const files = (JSON.parse(hit.body) as { files: string[] }).files;
      if (files[0] === urls[0])
        return {
          status: 403,
          body: { success: false, errors: [{ code: 10000, message: 'Authentication error' }] },
        };
      if (files[0] === urls[10]) return { status: 502 };
      return { status: 200, body: { success: true } };
    };
    const result = await purger(10).purge(urls.slice(0, 30));
    expect(result).toEqual({
      purged: 10,
      failed: 20,
      requests: 1 + 3 + 1,
      error: 'HTTP 403: Authentication error (10000)',
    });
  });

  it('gives up at once on a Retry-After longer than a sync should wait', async () => {
    answer = () => ({
      status: 429,
      headers: { 'retry-after': '3600' },
      body: {
        success: false,
        errors: [{ code: 971, message: 'Please wait and consider throttling your request speed' }],
      },
    });
    const result = await purger().purge(urls.slice(0, 1));
    expect(result).toMatchObject({ purged: 0, failed: 1, requests: 1 });
    expect(result.error).toBe(
      'HTTP 429: Please wait and consider throttling your request speed (971)',
    );
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Fri, 27 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});

describe('which caches a publish purges (CDN_PURGE)', () => {
  const tenant = (cloudflare_zone_id?: string) => ({
    url: 'https://www.a.example',
    cdn: { cloudflare_zone_id },
  });

  it('none in local development, Varnish and Cloudflare when listed, the zone from the tenant file before CLOUDFLARE_ZONE_ID', () => {
    expect(purgersFor(tenant(), {})).toEqual([]);
    expect(purgersFor(tenant(), { CDN_PURGE: 'off' })).toEqual([]);
    const env = {
      CDN_PURGE: 'varnish:http://127.0.0.1:6081, cloudflare',
      CLOUDFLARE_ZONE_ID: 'a'.repeat(32),
      CLOUDFLARE_API_TOKEN: 't',
    };
    expect(purgersFor(tenant(), env).map((purger) => purger.name)).toEqual([
      'varnish',
      'cloudflare',
    ]);
  });

  it('sends to the zone of the tenant file, else of CLOUDFLARE_ZONE_ID', async () => {
    const env = {
      CDN_PURGE: 'cloudflare',
      CLOUDFLARE_ZONE_ID: 'e'.repeat(32),
      CLOUDFLARE_API_TOKEN: 't',
      CLOUDFLARE_API_BASE: base,
    };
    await purgersFor(tenant('f'.repeat(32)), env)[0]!.purge(['https://www.a.example/']);
    await purgersFor(tenant(), env)[0]!.purge(['https://www.a.example/']);
    expect(hits.map((hit) => hit.path)).toEqual([
      `/zones/${'f'.repeat(32)}/purge_cache`,
      `/zones/${'e'.repeat(32)}/purge_cache`,
    ]);
  });

  it('names what is missing or wrong', () => {
    expect(() =>
      purgersFor(tenant(), { CDN_PURGE: 'cloudflare', CLOUDFLARE_API_TOKEN: 't' }),
    ).toThrow(
      'cloudflare: no zone id (set cdn.cloudflare_zone_id in the tenant file, or CLOUDFLARE_ZONE_ID)',
    );
    expect(() => purgersFor(tenant('a'.repeat(32)), { CDN_PURGE: 'cloudflare' })).toThrow(
      'cloudflare: CLOUDFLARE_API_TOKEN is not set',
    );
    expect(() => purgersFor(tenant(), { CDN_PURGE: 'fastly' })).toThrow(
      'CDN_PURGE: unknown cache "fastly"',
    );
    expect(() => purgersFor(tenant(), { CDN_PURGE: 'varnish:https://cache' })).toThrow(
      'expected an http:// address for Varnish',
    );
  });
});

describe('purging after a publish', () => {
  const tenant = { url: 'https://www.a.example', cdn: {} };
  const changes = { changed: ['cars/x/index.html'], added: [], deleted: [] };

  it('says what it purged; a publish that changed nothing sends nothing', async () => {
    const env = { CDN_PURGE: `varnish:${base}` };
    expect(await purgeChanges(tenant, changes, { env })).toBe('purged 3 URLs (varnish)');
    expect(await purgeChanges(tenant, { changed: [], added: [], deleted: [] }, { env })).toBe(
      'nothing to purge',
    );
    expect(await purgeChanges(tenant, changes, { env: {} })).toBeUndefined();
    expect(hits).toHaveLength(3);
  });

  it('logs one line and never throws when a cache fails or the setting is wrong', async () => {
    const lines: string[] = [];
    const env = {
      CDN_PURGE: `varnish:${base},cloudflare`,
      CLOUDFLARE_ZONE_ID: 'a'.repeat(32),
      CLOUDFLARE_API_TOKEN: 't',
      CLOUDFLARE_API_BASE: base,
    };
    let calls = 0;
    answer = (hit) =>
      hit.method === 'PURGE'
        ? { status: 200 }
        : (calls++,
          {
            status: 403,
            body: { success: false, errors: [{ code: 10000, message: 'Authentication error' }] },
          });
    const words = await purgeChanges(tenant, changes, {
      env,
      log: (line) => lines.push(line),
      retry: fast,
    });
    expect(words).toBe(
      'purged 3 URLs (varnish), CDN purge failed: cloudflare: 3 of 3 URLs not purged (HTTP 403: Authentication error (10000))',
    );
    expect(calls).toBe(1);
    expect(lines).toEqual([`  ! ${words}`]);
    expect(
      await purgeChanges(tenant, changes, {
        env: { CDN_PURGE: 'akamai' },
        log: (line) => lines.push(line),
      }),
    ).toBe(
      'CDN not purged: CDN_PURGE: unknown cache "akamai" (expected varnish:<address> or cloudflare, comma-separated)',
    );
    expect(lines).toHaveLength(2);
  });
});
