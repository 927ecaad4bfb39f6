import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi, type ApiContext } from '../../api/app';
import { visitorKey } from '../../api/client-address';
import { MAX_BODY_BYTES } from '../../api/guard';
import { openSqlite } from '../../api/storage/sqlite-driver';
import { Store } from '../../api/storage/store';
import type { SiteData } from '../../src/site/types';
import { apiTestSite } from '../support/api-site';

/**
 * Abuse of the API by one client, in process (app.fetch over a real SQLite file). The client's
 * address comes from the socket the way @hono/node-server passes it (`env.incoming.socket`), so
 * these requests look to the API exactly as they do behind the local server.
 */
const NOW = Date.parse('2026-11-23T10:00:00Z');
const CAR = '2023-toyota-corolla-ascent-sport-car-1';

let dir: string;
let store: Store;
let site: SiteData;
let api: ReturnType<typeof createApi>;
let now = NOW;

function setup(leads: Record<string, unknown> = {}, context: Partial<ApiContext> = {}) {
  site = apiTestSite(leads);
  api = createApi(
    { siteFor: () => site, store, now: () => now, trustProxy: 0, ...context },
    () => 'bayside-toyota',
  );
}

beforeEach(async () => {
  now = NOW;
  dir = mkdtempSync(path.join(tmpdir(), 'api-abuse-'));
  store = new Store(openSqlite(path.join(dir, 'db.sqlite')));
  await store.migrate();
  setup();
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The bindings @hono/node-server gives each request: the socket the request came in on. */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

const fields = {
  name: 'Jo',
  last_name: 'Citizen',
  phone: '0412 345 678',
  email: 'jo@example.com',
  postcode: '4000',
  message: 'Is it still available?',
};
let keys = 0;
const lead = (overrides: Record<string, unknown> = {}) => ({
  form: 'enquiry',
  idempotency_key: `abuse-key-${keys++}`,
  started_at: NOW - 10_000,
  website: '',
  car_id: 'car-1',
  fields,
  ...overrides,
});

function post(
  address: string,
  endpoint: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
  return api.fetch(new Request(`http://localhost${endpoint}`, init), from(address));
}

function view(address: string, headers: Record<string, string> = {}, slug = CAR) {
  return api.fetch(
    new Request(`http://localhost/api/cars/${slug}/view.json`, { headers }),
    from(address),
  );
}

describe('one address flooding the forms', () => {
  it("spends only its own per-IP budget: 1,300 POSTs from one address in a burst, every other visitor's leads still succeed", async () => {
    const flood: number[] = [];
    for (let i = 0; i < 1300; i++)
      flood.push((await post('203.0.113.66', '/api/leads', lead())).status);
    // The documented defaults: 30 per address, 1,200 per site each minute.
    expect(flood.filter((status) => status === 201)).toHaveLength(30);
    expect(flood.filter((status) => status === 429)).toHaveLength(1270);

    const others: number[] = [];
    for (let visitor = 0; visitor < 40; visitor++)
      others.push((await post(`198.51.100.${visitor + 1}`, '/api/leads', lead())).status);
    others.push((await post('198.51.100.200', '/api/phone-reveal', { car_id: 'car-1' })).status);
    expect(others.filter((status) => status === 201)).toHaveLength(others.length);
    // Sign-in too: a code is still sent to another visitor.
    expect(
      (await post('198.51.100.201', '/api/auth/request-code', { phone_number: '0412 345 678' }))
        .status,
    ).toBe(202);
  });

  it('still shares one per-site budget between many addresses', async () => {
    setup({ rate_limit: { per_ip_per_minute: 5, per_site_per_minute: 12 } });
    const statuses: number[] = [];
    for (let visitor = 0; visitor < 15; visitor++)
      statuses.push((await post(`198.51.100.${visitor + 1}`, '/api/leads', lead())).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(12);
    expect(statuses.slice(12)).toEqual([429, 429, 429]);
  });
});

describe('X-Forwarded-For', () => {
  it('is ignored without TRUST_PROXY: one socket sending a new forwarded address each time stays one visitor', async () => {
    setup({ rate_limit: { per_ip_per_minute: 3 } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await post('203.0.113.66', '/api/leads', lead(), { 'x-forwarded-for': `10.0.0.${i}` }))
          .status,
      );
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it('behind a trusted proxy (TRUST_PROXY=1) names the visitor by the address the proxy appended, not one the client sent', async () => {
    setup({ rate_limit: { per_ip_per_minute: 2 } }, { trustProxy: 1 });
    const proxy = '127.0.0.1';
    const statuses: number[] = [];
    // The same visitor (192.0.2.7) forging a different first entry each time.
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await post(proxy, '/api/leads', lead(), { 'x-forwarded-for': `10.9.9.${i}, 192.0.2.7` }))
          .status,
      );
    expect(statuses).toEqual([201, 201, 429, 429]);
    // Another visitor behind the same proxy has its own budget.
    expect(
      (await post(proxy, '/api/leads', lead(), { 'x-forwarded-for': '192.0.2.8' })).status,
    ).toBe(201);
  });

  it('reads TRUST_PROXY from the environment and refuses a value that is not a hop count', async () => {
    const saved = process.env.TRUST_PROXY;
    try {
      process.env.TRUST_PROXY = 'yes';
      expect(() => createApi({ siteFor: () => site }, () => 'bayside-toyota')).toThrow(
        /TRUST_PROXY must be the number of proxies/,
      );
      process.env.TRUST_PROXY = '1';
      site = apiTestSite({ rate_limit: { per_ip_per_minute: 1 } });
      api = createApi({ siteFor: () => site, store, now: () => now }, () => 'bayside-toyota');
      const statuses = [];
      for (const visitor of ['192.0.2.1', '192.0.2.2', '192.0.2.1'])
        statuses.push(
          (await post('127.0.0.1', '/api/leads', lead(), { 'x-forwarded-for': visitor })).status,
        );
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      if (saved === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = saved;
    }
  });

  it('keys an IPv6 visitor by its /64, and an IPv4-mapped address as the IPv4 one', async () => {
    setup({ rate_limit: { per_ip_per_minute: 2 } });
    const statuses = [];
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:aaaa::9', '2001:0db8:0001:0002::ffff'])
      statuses.push((await post(address, '/api/leads', lead())).status);
    statuses.push((await post('2001:db8:1:3::1', '/api/leads', lead())).status);
    expect(statuses).toEqual([201, 201, 429, 201]);
    expect(visitorKey('::ffff:192.0.2.9')).toBe('192.0.2.9');
    expect(visitorKey('2001:db8::1')).toBe('2001:0db8:0000:0000::/64');
  });
});

describe('chunked bodies', () => {
  it('stops reading a chunked body once it passes the limit and answers 413 (it never reads the rest)', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let pulled = 0;
    const total = 100 * 1024 * 1024;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const request = new Request('http://localhost/api/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    const response = await api.fetch(request, from('203.0.113.5'));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: `The request body is too large (at most ${MAX_BODY_BYTES / 1024} KB).`,
    });
    expect(pulled).toBeLessThan(1024 * 1024);
  });

  it('still accepts a chunked body under the limit', async () => {
    const text = new TextEncoder().encode(JSON.stringify(lead()));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < text.length; at += 50) controller.enqueue(text.slice(at, at + 50));
        controller.close();
      },
    });
    const request = new Request('http://localhost/api/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect((await api.fetch(request, from('203.0.113.5'))).status).toBe(201);
  });
});

describe('the too-fast-form check', () => {
  it.each([
    ['started_at 0', { started_at: 0 }],
    ['started_at 0 with a submitted_at 5 s later', { started_at: 0, submitted_at: 5000 }],
    ['a form shown two weeks ago', { started_at: NOW - 14 * 86_400_000 }],
    [
      'a submitted_at far from the server clock',
      { started_at: NOW + 400 * 86_400_000, submitted_at: NOW + 400 * 86_400_000 + 10_000 },
    ],
  ])('refuses %s with 422 and stores nothing', async (_name, overrides) => {
    const response = await post('203.0.113.5', '/api/leads', lead(overrides));
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: string }).error).toMatch(/reload the page/);
    expect(await store.countLeads()).toBe(0);
  });

  it('accepts a form filled in over an hour, timed by a visitor clock a few minutes off', async () => {
    const skew = 4 * 60_000;
    const response = await post(
      '203.0.113.5',
      '/api/leads',
      lead({ started_at: NOW + skew - 3_600_000, submitted_at: NOW + skew }),
    );
    expect(response.status).toBe(201);
  });
});

describe('the view counter', () => {
  const views = async (response: Response) => ((await response.json()) as { views: number }).views;
  const ownPage = { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'empty' };

  it('counts a visitor once per car per day', async () => {
    const counts: number[] = [];
    for (let i = 0; i < 5; i++) counts.push(await views(await view('203.0.113.5', ownPage)));
    expect(counts).toEqual([1, 1, 1, 1, 1]);
    expect(await views(await view('198.51.100.9', ownPage))).toBe(2);
    now = NOW + 86_400_000;
    expect(await views(await view('203.0.113.5', ownPage))).toBe(3);
  });

  it('limits one address to 60 view calls a minute (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3500; i++) statuses.push((await view('203.0.113.5')).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(60);
    const limited = await view('203.0.113.5');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await view('198.51.100.9')).status).toBe(200);
  });

  it("does not count a foreign page's <img> or no-cors request, but answers with the count", async () => {
    await view('203.0.113.5', ownPage);
    const image = {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-dest': 'image',
      'sec-fetch-mode': 'no-cors',
    };
    const foreignFetch = {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-dest': 'empty',
      'sec-fetch-mode': 'cors',
      origin: 'https://evil.example',
    };
    for (let visitor = 0; visitor < 20; visitor++) {
      const response = await view(`198.51.100.${visitor + 1}`, visitor % 2 ? image : foreignFetch);
      expect(response.status).toBe(200);
      expect(await views(response)).toBe(1);
    }
    // A dealer's other allowed origin (leads.allowed_origins) still counts.
    setup({ allowed_origins: ['https://partner.example.com.au'] });
    const partner = {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-dest': 'empty',
      origin: 'https://partner.example.com.au',
    };
    expect(await views(await view('192.0.2.44', partner))).toBe(2);
  });
});
