import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryCodeSender } from '../../api/accounts/code-sender';
import { RecordingPaymentProvider } from '../../api/accounts/payments';
import { createApi } from '../../api/app';
import type { Store } from '../../api/storage/store';
import { TEXT_MESSAGES } from '../../src/domain/plain-text';
import type { SiteData } from '../../src/site/types';
import { apiTestSite } from '../support/api-site';
import { storeKinds } from '../support/stores';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const lead = {
  form: 'enquiry',
  idempotency_key: 'text-input-0001',
  started_at: NOW - 10_000,
  car_id: 'car-1',
  category: 'Sales',
  subcategory: 'Step 1',
  fields: {
    name: 'Jo',
    last_name: 'Citizen',
    phone: '0412 345 678',
    email: 'jo@example.com',
    postcode: '4000',
    message: 'Still available?',
    stock_number: 'U1234',
  },
};

/** Every endpoint that reads a JSON body, with a body it accepts and its text fields (path -> field named in the answer). */
const ENDPOINTS: { path: string; body: Record<string, unknown>; texts: Record<string, string> }[] =
  [
    {
      path: '/api/leads',
      body: lead,
      texts: {
        category: 'category',
        subcategory: 'subcategory',
        'fields.name': 'name',
        'fields.last_name': 'last_name',
        'fields.email': 'email',
        'fields.postcode': 'postcode',
        'fields.stock_number': 'stock_number',
        'fields.message': 'message',
        car_id: 'car_id',
        idempotency_key: 'idempotency_key',
      },
    },
    {
      path: '/api/reserve',
      body: { ...lead, form: 'reserve', idempotency_key: 'text-input-rsv1' },
      texts: { 'fields.name': 'name', 'fields.last_name': 'last_name' },
    },
    {
      path: '/api/phone-reveal',
      body: { car_id: 'car-1', dealership_id: '10', website_id: 'w1' },
      texts: { car_id: 'car_id', dealership_id: 'dealership_id', website_id: 'website_id' },
    },
    {
      path: '/api/miscellaneous',
      body: {
        column_name: 'valuation',
        car_id: 'car-1',
        rego: 'ABC123',
        regoState: 'QLD',
        url: 'https://x.example/',
        user_agent: 'UA',
        lead_attributes: { visited_pages: ['/a'] },
      },
      texts: {
        rego: 'rego',
        regoState: 'regoState',
        url: 'url',
        user_agent: 'user_agent',
        'lead_attributes.visited_pages.0': 'lead_attributes',
      },
    },
    {
      path: '/api/trade-in/rego-lookup',
      body: { rego: 'ABC123', regoState: 'QLD' },
      texts: { rego: 'rego' },
    },
    {
      path: '/api/trade-in/valuation',
      body: { year: 2020, make: 'Toyota', model: 'Corolla', km: 40_000 },
      texts: { make: 'make', model: 'model' },
    },
    {
      path: '/api/auth/request-code',
      body: { phone_number: '0412 345 678' },
      texts: { phone_number: 'phone_number' },
    },
    {
      path: '/api/auth/verify-code',
      body: { phone_number: '0412 345 678', code: '123456' },
      texts: { code: 'code' },
    },
    {
      path: '/api/watchlist/save-car',
      body: { phone_number: '0412 345 678', car_id: 'car-1' },
      texts: { car_id: 'car_id', phone_number: 'phone_number' },
    },
    {
      path: '/api/youx/quote',
      body: {
        selfAssessedCreditScore: 'Excellent',
        purchasePrice: 30000,
        loanTerm: 5,
        year: 2022,
        vin: 'JTDBR3FE50J000001',
        whoIsHelping: 'Sam',
      },
      texts: { vin: 'vin', whoIsHelping: 'whoIsHelping' },
    },
    {
      path: '/api/watchlist/remove-car',
      body: { phone_number: '0412 345 678', car_id: 'car-1' },
      texts: { car_id: 'car_id' },
    },
  ];

function withValue(
  body: Record<string, unknown>,
  keyPath: string,
  change: (value: string) => string,
): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = keyPath.split('.');
  let parent = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  parent[last] = change(String(parent[last]));
  return copy;
}

for (const kind of storeKinds()) {
  describe.skipIf(!kind.available)(`control characters in API text on ${kind.name}`, () => {
    let store: Store;
    let dispose: () => Promise<void>;
    let api: ReturnType<typeof createApi>;

    beforeEach(async () => {
      ({ store, dispose } = await kind.open());
      const base = apiTestSite({
        rate_limit: { per_ip_per_minute: 1_000_000, per_site_per_minute: 1_000_000 },
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
          siteFor: () => site,
          store,
          now: () => NOW,
          accounts: {
            codeSender: new MemoryCodeSender(),
            payments: new RecordingPaymentProvider(),
          },
        },
        () => 'bayside-toyota',
      );
    });
    afterEach(async () => dispose());

    let request = 0;
    // Each from its own address: the per-IP limits of sign-in and the visitor endpoints are not under test here.
    async function post(path: string, body: unknown) {
      request++;
      const response = await api.fetch(
        new Request(`http://localhost${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(request >> 16) & 255}.${(request >> 8) & 255}.${request & 255}`,
          },
          body: JSON.stringify(body),
        }),
      );
      return {
        status: response.status,
        json: (await response.json()) as { error?: string; fields?: Record<string, string> },
      };
    }

    for (const endpoint of ENDPOINTS) {
      it(`${endpoint.path}: a NUL or a line break in any text field is a 422 naming the field`, async () => {
        for (const [keyPath, field] of Object.entries(endpoint.texts)) {
          const breaks =
            field === 'message'
              ? ['\u0000', '\u0007', '\u001b[2J']
              : ['\u0000', '\r\nBcc: x@evil.example', '\n', '\t', '\u2028', '\u0085'];
          for (const bad of breaks) {
            for (const change of [
              (value: string) => value + bad,
              (value: string) => bad + value,
              (value: string) => `${value.slice(0, 1)}${bad}${value.slice(1)}`,
            ]) {
              const result = await post(endpoint.path, withValue(endpoint.body, keyPath, change));
              expect(
                result.status,
                `${keyPath} with ${JSON.stringify(bad)}: ${JSON.stringify(result.json)}`,
              ).toBe(422);
              expect(result.json.fields?.[field], `${keyPath} with ${JSON.stringify(bad)}`).toBe(
                field === 'message' ? TEXT_MESSAGES.multiLine : TEXT_MESSAGES.oneLine,
              );
            }
          }
        }
      });
    }

    it('answers random hostile text in any field of any endpoint with a 422, never a 5xx', async () => {
      const cases = ENDPOINTS.flatMap((endpoint) =>
        Object.keys(endpoint.texts).map((keyPath) => [endpoint, keyPath] as const),
      );
      const refused = fc.oneof(
        fc.constant('\u0000'),
        fc
          .integer({ min: 0, max: 0x1f })
          .filter((code) => ![9, 10, 13].includes(code))
          .map((code) => String.fromCharCode(code)),
      );
      const noise = fc.array(
        fc.oneof(
          refused,
          fc.constantFrom('\n', '\r\n', '\t', '\u2028', '"', '<'),
          fc.string({ maxLength: 3 }),
        ),
        { maxLength: 4 },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...cases),
          noise,
          refused,
          noise,
          async ([endpoint, keyPath], before, bad, after) => {
            const result = await post(
              endpoint.path,
              withValue(endpoint.body, keyPath, (value) =>
                [...before, value, bad, ...after].join(''),
              ),
            );
            expect(result.status, JSON.stringify(result.json)).toBe(422);
          },
        ),
        { numRuns: 300 },
      );
    });

    it('refuses a control character in a field name too', async () => {
      const result = await post('/api/leads', {
        ...lead,
        fields: { ...lead.fields, 'na\u0000me': 'x' },
      });
      expect(result.status).toBe(422);
      expect(Object.values(result.json.fields ?? {})).toContain(TEXT_MESSAGES.key);
    });

    it('stores nothing for a refused lead, and still takes comments over several lines', async () => {
      const refused = await post(
        '/api/leads',
        withValue(lead, 'fields.name', (name) => `${name}\u0000`),
      );
      expect(refused.status).toBe(422);
      const accepted = await post('/api/leads', {
        ...lead,
        idempotency_key: 'text-input-0002',
        fields: { ...lead.fields, message: 'Line one\r\nLine two\n\tand a tab' },
      });
      expect(accepted.status, JSON.stringify(accepted.json)).toBe(201);
      const rows = await store.driver.all('SELECT fields FROM leads');
      expect(rows).toHaveLength(1);
      expect(String(rows[0]!.fields)).toContain('Line one\\r\\nLine two');
    });
  });
}
