import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCodeSender } from '../../api/accounts/code-sender';
import { RecordingPaymentProvider } from '../../api/accounts/payments';
import { createApi } from '../../api/app';
import { MAX_BODY_BYTES } from '../../api/guard';
import { openSqlite } from '../../api/storage/sqlite-driver';
import { Store } from '../../api/storage/store';
import { normaliseMobile } from '../../src/domain/leads/validation';
import type { SiteData } from '../../src/site/types';
import { apiTestSite } from '../support/api-site';

/**
 * Fuzzing every state-changing endpoint in process (app.fetch, real SQLite file): per endpoint,
 * FUZZ_RUNS (default 5,000) generated requests, each with random extra headers (cookies, forwarded
 * addresses, long values) and either a bad body (wrong types, missing or unknown keys, invalid
 * phone/email/postcode, not JSON, too large) or a valid body with bad headers (wrong or missing
 * Content-Type, a foreign Origin, a wrong method), or hostile text (NUL and other control
 * characters) in any of its strings. Never a 5xx; always a 4xx with an `error` a
 * person can read, with a message per field when the body was JSON; no row added to any table.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);
/** Chunked bodies are fewer: some are tens of MB (only the first 32 KB of each is ever read). */
const CHUNKED_RUNS = Math.max(50, Math.round(RUNS / 10));
const NOW = Date.parse('2026-11-23T10:00:00Z');
const ORIGIN = 'https://www.baysidetoyota.example.com.au';
const HOST = 'http://localhost';

const lead = {
  form: 'enquiry',
  idempotency_key: 'fuzz-key-0001',
  started_at: NOW - 10_000,
  website: '',
  car_id: 'car-1',
  fields: {
    name: 'Jo',
    last_name: 'Citizen',
    phone: '0412 345 678',
    email: 'jo@example.com',
    postcode: '4000',
    message: 'Still available?',
  },
};

interface Endpoint {
  path: string;
  /** A body this endpoint accepts; the fuzzer breaks it. */
  valid: Record<string, unknown>;
  /** Keys whose removal or a value of the wrong type makes the body invalid. */
  required: string[];
  /** Bad strings for some keys (path inside the body), e.g. a phone that is no mobile. */
  badStrings?: Record<string, fc.Arbitrary<string>>;
  /** The schema rejects unknown top-level keys. */
  strict: boolean;
  /** A JSON body that fails validation answers with `fields` (a message per field). */
  fields: boolean;
}

const notMobile = fc
  .string({ maxLength: 30 })
  .filter((value) => normaliseMobile(value) === undefined);
const notEmail = fc.string({ maxLength: 60 }).filter((value) => !value.includes('@'));
const notPostcode = fc.string({ maxLength: 8 }).filter((value) => !/^\d{4}$/.test(value.trim()));
const notRego = fc.constantFrom('', ' ', '!!', 'ABC DEF GHI JKL MNO', '😀😀');

const ENDPOINTS: Endpoint[] = [
  {
    path: '/api/leads',
    valid: lead,
    required: ['form', 'idempotency_key', 'started_at', 'fields'],
    badStrings: {
      'fields.phone': notMobile,
      'fields.email': notEmail,
      'fields.postcode': notPostcode,
      idempotency_key: fc.string({ maxLength: 7 }),
    },
    strict: true,
    fields: true,
  },
  {
    path: '/api/reserve',
    valid: { ...lead, form: 'reserve', idempotency_key: 'fuzz-reserve-1' },
    required: ['form', 'idempotency_key', 'started_at', 'fields'],
    badStrings: {
      'fields.phone': notMobile,
      'fields.email': notEmail,
      'fields.postcode': notPostcode,
    },
    strict: true,
    fields: true,
  },
  {
    path: '/api/phone-reveal',
    valid: { car_id: 'car-1', dealership_id: 10, website_id: 1 },
    required: ['car_id'],
    strict: true,
    fields: true,
  },
  {
    path: '/api/miscellaneous',
    valid: { column_name: 'valuation', car_id: 'car-1', rego: 'ABC123', offer_price: 12000 },
    required: ['column_name'],
    badStrings: { column_name: fc.string().filter((value) => value !== 'valuation') },
    strict: true,
    fields: true,
  },
  {
    path: '/api/trade-in/rego-lookup',
    valid: { rego: 'ABC123', regoState: 'QLD' },
    required: ['rego', 'regoState'],
    badStrings: {
      rego: notRego,
      regoState: fc
        .string({ maxLength: 5 })
        .filter((value) => !['QLD', 'NSW', 'ACT', 'VIC', 'TAS', 'SA', 'NT', 'WA'].includes(value)),
    },
    strict: true,
    fields: true,
  },
  {
    path: '/api/trade-in/valuation',
    valid: { year: 2020, make: 'Toyota', model: 'Corolla', km: 40_000, adjustmentAnswers: {} },
    required: ['year', 'make', 'model', 'km'],
    strict: true,
    fields: true,
  },
  {
    path: '/api/auth/request-code',
    valid: { phone_number: '0412 345 678' },
    required: ['phone_number'],
    badStrings: { phone_number: notMobile },
    strict: true,
    fields: true,
  },
  {
    path: '/api/auth/verify-code',
    valid: { phone_number: '0412 345 678', code: '123456' },
    required: ['phone_number', 'code'],
    badStrings: {
      phone_number: notMobile,
      code: fc.string({ maxLength: 8 }).filter((value) => !/^\d{6}$/.test(value.trim())),
    },
    strict: true,
    fields: true,
  },
  {
    path: '/api/watchlist/save-car',
    valid: { phone_number: '0412 345 678', car_id: 'car-1' },
    required: ['phone_number', 'car_id'],
    strict: true,
    fields: true,
  },
  {
    path: '/api/watchlist/remove-car',
    valid: { phone_number: '0412 345 678', car_id: 'car-1' },
    required: ['phone_number', 'car_id'],
    strict: true,
    fields: true,
  },
  {
    path: '/api/youx/quote',
    valid: { selfAssessedCreditScore: 'Excellent', purchasePrice: 30000, loanTerm: 5, year: 2022 },
    required: ['selfAssessedCreditScore', 'purchasePrice', 'loanTerm', 'year'],
    strict: false,
    fields: true,
  },
];

/** Values no required key accepts (every one is a string, number, enum or id). */
const wrongType = fc.oneof(
  fc.boolean(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

function setPath(
  body: Record<string, unknown>,
  keyPath: string,
  value: unknown,
): Record<string, unknown> {
  const [head, ...rest] = keyPath.split('.') as [string, ...string[]];
  const copy = { ...body };
  if (!rest.length) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
  } else copy[head] = setPath((copy[head] ?? {}) as Record<string, unknown>, rest.join('.'), value);
  return copy;
}

/** Key paths ("fields.name") of every string in a body. */
function stringPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).flatMap(([key, item]) =>
      stringPaths(item, prefix ? `${prefix}.${key}` : key),
    );
  return [];
}

/**
 * Hostile text: at least one character no text field takes (NUL, another control character, DEL,
 * a C1 control), among line breaks, Unicode line separators, quotes and ordinary letters.
 */
const refusedChar = fc.oneof(
  fc.constant('\u0000'),
  fc
    .integer({ min: 1, max: 0x1f })
    .filter((code) => ![9, 10, 13].includes(code))
    .map((code) => String.fromCharCode(code)),
  fc.constantFrom('\u007f', '\u0085', '\u009b'),
);
const hostilePiece = fc.oneof(
  refusedChar,
  fc.constantFrom('\r\n', '\n', '\t', '\u2028', '\u2029', '"', "'", '<', '\\'),
  fc.string({ maxLength: 4 }),
);
const hostileText = fc
  .tuple(
    fc.array(hostilePiece, { maxLength: 3 }),
    refusedChar,
    fc.array(hostilePiece, { maxLength: 3 }),
  )
  .map(([before, bad, after]) => [...before, bad, ...after].join(''));

/** A JSON body that is invalid for `endpoint`, by one of several breakages (and some random ones). */
function badJsonBody(endpoint: Endpoint): fc.Arbitrary<unknown> {
  const keys = endpoint.required;
  const breakages: fc.Arbitrary<unknown>[] = [
    // Not an object at all.
    fc.oneof(
      fc.integer(),
      fc.double(),
      fc.string(),
      fc.constant(null),
      fc.boolean(),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
    ),
    // A required key missing.
    fc.constantFrom(...keys).map((key) => setPath(endpoint.valid, key, undefined)),
    // A required key of the wrong type.
    fc
      .tuple(fc.constantFrom(...keys), wrongType)
      .map(([key, value]) => setPath(endpoint.valid, key, value)),
    // Random objects, with none of the required keys.
    fc.dictionary(
      fc.string({ maxLength: 12 }).filter((key) => !keys.includes(key) && key !== '__proto__'),
      fc.jsonValue({ maxDepth: 3 }),
      { minKeys: 0, maxKeys: 6 },
    ),
  ];
  if (endpoint.strict)
    breakages.push(
      fc
        .tuple(
          fc
            .string({ minLength: 1, maxLength: 20 })
            .filter((key) => !(key in endpoint.valid) && !/^(__proto__|constructor)$/.test(key)),
          fc.jsonValue({ maxDepth: 2 }),
        )
        .map(([key, value]) => ({ ...endpoint.valid, [key]: value })),
    );
  // Hostile text put into one of the body's strings (before, inside or after what was there).
  const texts = stringPaths(endpoint.valid);
  if (texts.length)
    breakages.push(
      fc.tuple(fc.constantFrom(...texts), hostileText, fc.nat()).map(([keyPath, bad, at]) => {
        const value = keyPath
          .split('.')
          .reduce<unknown>(
            (item, key) => (item as Record<string, unknown>)[key],
            endpoint.valid,
          ) as string;
        const cut = at % (value.length + 1);
        return setPath(endpoint.valid, keyPath, value.slice(0, cut) + bad + value.slice(cut));
      }),
    );
  if (endpoint.badStrings) {
    const entries = Object.entries(endpoint.badStrings);
    breakages.push(
      fc
        .constantFrom(...entries)
        .chain(([keyPath, bad]) => bad.map((value) => setPath(endpoint.valid, keyPath, value))),
    );
  }
  return fc.oneof(...breakages);
}

/** Text that is not JSON, an empty body, or one over the size limit. */
const notJson = fc.oneof(
  fc.string({ maxLength: 200 }).filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  }),
  fc.constantFrom('', '   ', '{', '{"form":', 'null,', "{'a':1}", '\u0000'),
  fc
    .integer({ min: 1, max: 3 })
    .map((n) => JSON.stringify({ padding: 'x'.repeat(MAX_BODY_BYTES * n) })),
);

/** `prefix` then spaces, `size` bytes in all, streamed in `chunk`-byte pieces as the reader pulls them. */
function chunkedBody(prefix: string, size: number, chunk: number) {
  const head = new TextEncoder().encode(prefix);
  const filler = new Uint8Array(chunk).fill(0x20);
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= size) return controller.close();
      const piece = Math.min(chunk, size - pulled);
      const bytes = new Uint8Array(piece);
      bytes.set(
        pulled < head.length ? head.subarray(pulled, pulled + piece) : filler.subarray(0, piece),
      );
      if (pulled < head.length && piece > head.length - pulled)
        bytes.set(filler.subarray(0, piece - (head.length - pulled)), head.length - pulled);
      pulled += piece;
      controller.enqueue(bytes);
    },
  });
  return { stream, pulled: () => pulled };
}

/** Extra headers a browser, proxy or attacker might send; none of them may crash a route. */
const headerName = fc
  .string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'),
    minLength: 1,
    maxLength: 20,
  })
  .map((name) => `x-${name}`);
const headerValue = fc
  .string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
    maxLength: 300,
  })
  .map((value) => value.trim());
const noiseHeaders = fc.record(
  {
    cookie: fc.oneof(
      headerValue,
      fc.constant('__Host-session=%E0%A4%A'),
      fc.constant('__Host-session=' + 'a'.repeat(60)),
    ),
    'x-forwarded-for': headerValue,
    accept: headerValue,
    'user-agent': headerValue,
    'accept-language': headerValue,
    extra: fc.tuple(headerName, headerValue),
  },
  { requiredKeys: [] },
);

function headersOf(
  noise: { extra?: [string, string] } & Record<string, unknown>,
): Record<string, string> {
  const { extra, ...rest } = noise;
  const headers = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, String(value)]),
  );
  if (extra) headers[extra[0]] = extra[1];
  return headers;
}

/** Headers (or a method) this API must refuse: 403, 405 or 415. */
const rejectedRequest = fc.oneof(
  fc.record({
    kind: fc.constant('type' as const),
    type: fc.oneof(
      fc.constant(undefined),
      headerValue.filter((value) => !/^application\/json\b/i.test(value)),
    ),
  }),
  fc.record({
    kind: fc.constant('origin' as const),
    origin: fc
      .tuple(
        fc.constantFrom('http', 'https'),
        fc.string({
          unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'),
          minLength: 1,
          maxLength: 20,
        }),
        fc.constantFrom('.com', '.com.au', '.example', ''),
      )
      .map(([scheme, name, tld]) => `${scheme}://${name}${tld}`)
      .filter((origin) => origin !== ORIGIN && origin !== HOST && origin !== 'http://localhost'),
  }),
  fc.record({
    kind: fc.constant('method' as const),
    method: fc.constantFrom('PUT', 'PATCH', 'DELETE'),
  }),
);

let dir: string;
let store: Store;
let api: ReturnType<typeof createApi>;

/** Rows in every table: the fuzzer must not add one (rate_limits counts requests, refused ones too, so it is left out). */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await store.driver.all(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'rate_limits' ORDER BY name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[String(name)] = Number(
      (await store.driver.all(`SELECT COUNT(*) AS n FROM "${String(name)}"`))[0]?.n,
    );
  return counts;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'api-fuzz-'));
  store = new Store(openSqlite(path.join(dir, 'fuzz.sqlite')));
  await store.migrate();
  // The documented leads.rate_limit setting, raised: the fuzzer is one client sending thousands.
  const base = apiTestSite({
    rate_limit: { per_ip_per_minute: 10_000_000, per_site_per_minute: 10_000_000 },
  });
  const site = {
    ...base,
    cars: (base.cars as unknown as Record<string, unknown>[]).map((car) => ({
      ...car,
      status: 'in_stock',
      images: [],
    })),
    tenant: {
      ...base.tenant,
      features: { ...base.tenant.features, reserve: true, watchlist: true, youx_quote: true },
    },
  } as unknown as SiteData;
  api = createApi(
    {
      siteFor: (slug) => (slug === 'bayside-toyota' ? site : undefined),
      store,
      now: () => NOW,
      accounts: { codeSender: new MemoryCodeSender(), payments: new RecordingPaymentProvider() },
    },
    () => 'bayside-toyota',
  );
});
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function send(
  endpoint: string,
  init: { method?: string; headers: Record<string, string>; body: string },
) {
  const response = await api.fetch(
    new Request(`${HOST}${endpoint}`, {
      method: init.method ?? 'POST',
      headers: init.headers,
      body: init.body,
    }),
  );
  const text = await response.text();
  let json: { error?: unknown; fields?: Record<string, unknown> } | undefined;
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

/** A 4xx with a readable error (and, for a JSON body, a message per field). */
function expectRefused(result: Awaited<ReturnType<typeof send>>, withFields: boolean) {
  if (result.status >= 500 || result.status < 400)
    throw new Error(`HTTP ${result.status}: ${result.text.slice(0, 300)}`);
  if (typeof result.json?.error !== 'string' || !result.json.error)
    throw new Error(`HTTP ${result.status} without an error message: ${result.text.slice(0, 300)}`);
  if (withFields) {
    const fields = result.json.fields;
    if (
      !fields ||
      !Object.keys(fields).length ||
      !Object.values(fields).every((message) => typeof message === 'string' && message.length > 0)
    )
      throw new Error(
        `HTTP ${result.status} without a message per field: ${result.text.slice(0, 300)}`,
      );
  }
}

describe('fuzzing the state-changing API endpoints', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.path}: ${RUNS} requests with bad bodies or bad headers, never a 5xx, nothing stored`, async () => {
      const before = await rowCounts();
      let refusedWithFields = 0;
      let badHeaders = 0;
      const badBody = fc.oneof(
        {
          arbitrary: badJsonBody(endpoint).map((body) => ({
            json: true,
            text: JSON.stringify(body),
          })),
          weight: 4,
        },
        { arbitrary: notJson.map((text) => ({ json: false, text })), weight: 1 },
      );
      const request = fc.oneof(
        { arbitrary: fc.record({ body: badBody, noise: noiseHeaders }), weight: 3 },
        { arbitrary: fc.record({ rejected: rejectedRequest, noise: noiseHeaders }), weight: 1 },
      );

      await fc.assert(
        fc.asyncProperty(request, async (input) => {
          const headers: Record<string, string> = {
            ...headersOf(input.noise),
            'content-type': 'application/json',
          };
          if ('body' in input) {
            const result = await send(endpoint.path, { headers, body: input.body.text });
            // A message per field for a JSON body the route read (a body over the size limit is refused unread).
            const fields = input.body.json && endpoint.fields && result.status === 422;
            if (fields) refusedWithFields++;
            expectRefused(result, fields);
            if (input.body.json && result.status !== 422)
              expect(result.status, result.text).toBe(400);
            return;
          }
          // A valid body, refused for its headers or method.
          badHeaders++;
          const bad = input.rejected;
          if (bad.kind === 'type') {
            if (bad.type === undefined) delete headers['content-type'];
            else headers['content-type'] = bad.type;
          }
          if (bad.kind === 'origin') headers.origin = bad.origin;
          const result = await send(endpoint.path, {
            method: bad.kind === 'method' ? bad.method : 'POST',
            headers,
            body: JSON.stringify(endpoint.valid),
          });
          expectRefused(result, false);
          expect(result.status, result.text).toBe(
            { type: 415, origin: 403, method: 405 }[bad.kind],
          );
        }),
        { numRuns: RUNS },
      );

      expect(await rowCounts()).toEqual(before);
      // Both kinds were tried, and most bad JSON bodies got a message per field (the rest: 400, not an object).
      expect(badHeaders).toBeGreaterThan(RUNS / 8);
      expect(refusedWithFields).toBeGreaterThan(RUNS / 3);
    }, 120_000);
  }

  it(`every endpoint: ${CHUNKED_RUNS} chunked bodies up to 64 MB (no Content-Length), never a 5xx, 413 past the limit without reading on`, async () => {
    const before = await rowCounts();
    const sizes = fc.oneof(
      fc.integer({ min: 0, max: MAX_BODY_BYTES }),
      fc.integer({ min: MAX_BODY_BYTES - 64, max: MAX_BODY_BYTES + 64 }),
      fc.integer({ min: MAX_BODY_BYTES + 1, max: 64 * 1024 * 1024 }),
    );
    const request = fc.record({
      endpoint: fc.constantFrom(...ENDPOINTS),
      size: sizes,
      chunk: fc.integer({ min: 1, max: 64 * 1024 }),
      noise: noiseHeaders,
    });
    let tooLarge = 0;
    await fc.assert(
      fc.asyncProperty(request, async ({ endpoint, size, chunk, noise }) => {
        // An unfinished JSON string: under the limit it is a 400 (nothing stored), over it a 413.
        const body = chunkedBody(`{"padding":"`, size, chunk);
        const headers = { ...headersOf(noise), 'content-type': 'application/json' };
        const init = { method: 'POST', headers, body: body.stream, duplex: 'half' } as RequestInit;
        const response = await api.fetch(new Request(`${HOST}${endpoint.path}`, init));
        const result = { status: response.status, text: await response.text() };
        const json = JSON.parse(result.text) as { error?: string };
        if (result.status >= 500 || !json.error)
          throw new Error(`HTTP ${result.status}: ${result.text.slice(0, 300)}`);
        if (size > MAX_BODY_BYTES) {
          tooLarge++;
          expect(result.status).toBe(413);
          // Read no further than the chunk that crossed the limit (and the one the stream queued behind it).
          expect(body.pulled()).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * chunk);
        } else expect(result.status).toBe(400);
      }),
      { numRuns: CHUNKED_RUNS },
    );
    expect(await rowCounts()).toEqual(before);
    expect(tooLarge).toBeGreaterThan(CHUNKED_RUNS / 4);
  }, 120_000);

  it('huge bodies with and without a Content-Length: 413 for each endpoint', async () => {
    for (const endpoint of ENDPOINTS) {
      const declared = await api.fetch(
        new Request(`${HOST}${endpoint.path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': String(512 * 1024 * 1024),
          },
          body: '{}',
        }),
      );
      expect(declared.status, endpoint.path).toBe(413);
      const text = JSON.stringify({ ...endpoint.valid, padding: 'x'.repeat(8 * 1024 * 1024) });
      const whole = await api.fetch(
        new Request(`${HOST}${endpoint.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: text,
        }),
      );
      expect(whole.status, endpoint.path).toBe(413);
    }
  });

  it(`GET /api/cars/{slug}/view.json: ${RUNS} bad queries with random headers, never a 5xx, no view counted`, async () => {
    const before = await rowCounts();
    const badQuery = fc.oneof(
      fc.record({
        photos_count: fc
          .oneof(
            fc
              .string({ minLength: 1, maxLength: 10 })
              .filter((value) => !/^\s*\d+\s*$/.test(value) && value.trim() !== ''),
            fc.integer({ min: 10_001 }),
            fc.integer({ max: -1 }),
          )
          .map(String),
      }),
      fc.record({ updated_at: fc.string({ minLength: 41, maxLength: 80 }) }),
      fc.record({ website_id: fc.string({ minLength: 81, maxLength: 120 }) }),
    );
    const slug = fc.oneof(
      fc.constant('2023-toyota-corolla-ascent-sport-car-1'),
      fc.stringMatching(/^[a-z0-9-]{1,40}$/),
    );
    await fc.assert(
      fc.asyncProperty(badQuery, slug, noiseHeaders, async (query, carSlug, noise) => {
        const params = new URLSearchParams(query as Record<string, string>);
        const response = await api.fetch(
          new Request(`${HOST}/api/cars/${carSlug}/view.json?${params}`, {
            headers: headersOf(noise),
          }),
        );
        const text = await response.text();
        if (response.status !== 422 && response.status !== 404)
          throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
      }),
      { numRuns: RUNS },
    );
    expect(await rowCounts()).toEqual(before);
  }, 120_000);
});
