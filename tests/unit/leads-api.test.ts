import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../api/app';
import { openSqlite } from '../../api/storage/sqlite-driver';
import { Store } from '../../api/storage/store';
import type { SiteData } from '../../src/site/types';
import { apiTestSite } from '../support/api-site';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const ORIGIN = 'https://www.baysidetoyota.example.com.au';

let dir: string;
let store: Store;
let site: SiteData;
let api: ReturnType<typeof createApi>;

function setup(leads: Record<string, unknown> = {}) {
  site = apiTestSite(leads);
  api = createApi(
    // As behind one proxy (TRUST_PROXY=1): each request's x-forwarded-for names its visitor.
    {
      siteFor: (slug) => (slug === 'bayside-toyota' ? site : undefined),
      store,
      now: () => NOW,
      trustProxy: 1,
    },
    (request) => request.headers.get('x-tenant') ?? undefined,
  );
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'leads-api-'));
  store = new Store(openSqlite(path.join(dir, 'db.sqlite')));
  await store.migrate();
  setup();
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const fields = {
  name: 'Jo',
  last_name: 'Citizen',
  phone: '0412 345 678',
  email: 'jo@example.com',
  postcode: '4000',
  message: 'Is it still available?',
};
const body = (overrides: Record<string, unknown> = {}) => ({
  form: 'enquiry',
  idempotency_key: 'abc12345',
  started_at: NOW - 10_000,
  website: '',
  car_id: 'car-1',
  fields,
  ...overrides,
});

function post(path: string, payload: unknown, headers: Record<string, string> = {}) {
  return api.fetch(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-tenant': 'bayside-toyota',
        'x-forwarded-for': '203.0.113.9',
        ...headers,
      },
      body: typeof payload === 'string' ? payload : JSON.stringify(payload),
    }),
  );
}

describe('POST /api/leads', () => {
  it('stores a valid enquiry with its outbox row and answers 201 with the lead id', async () => {
    const response = await post('/api/leads', body());
    expect(response.status).toBe(201);
    const { lead_id } = (await response.json()) as { lead_id: string };
    const lead = await store.getLead('bayside-toyota', lead_id);
    expect(lead).toMatchObject({ form: 'enquiry', carId: 'car-1', status: 'submitted' });
    expect(lead?.fields).toMatchObject({ name: 'Jo', phone: '0412345678', postcode: '4000' });
    expect(lead?.deliveries.map((delivery) => delivery.channel)).toEqual(['log']);
  });

  it('answers a retry with the same idempotency key 200 and the same lead id, storing it once', async () => {
    const first = (await (await post('/api/leads', body())).json()) as { lead_id: string };
    const again = await post('/api/leads', body());
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    expect(await store.countLeads()).toBe(1);
  });

  it('rejects bad input with 422 and one SPEC message per field, storing nothing', async () => {
    const response = await post(
      '/api/leads',
      body({
        fields: {
          name: ' ',
          last_name: '',
          phone: '07 3000 1234',
          email: 'jo@',
          postcode: '400',
          message: '',
        },
      }),
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: 'Please fix the following errors:',
      fields: {
        name: 'Please enter your first name.',
        last_name: 'Please enter your last name.',
        phone: 'Please enter a valid Australian mobile number, like 0412 345 678.',
        email: 'Please enter a valid email address, like name@example.com.',
        postcode: 'Invalid postcode. Please enter a 4-digit number.',
        message: 'Please enter your comments.',
      },
    });
    expect(await store.countLeads()).toBe(0);
  });

  it('accepts +61 mobiles and an empty Comments box when the dealer does not require it', async () => {
    setup({ message_required: false });
    const response = await post(
      '/api/leads',
      body({ fields: { ...fields, phone: '+61 412 345 678', message: '' } }),
    );
    expect(response.status).toBe(201);
  });

  it('requires a dealership without a car on a site with several, and the terms where configured', async () => {
    setup({ terms_required: true });
    const response = await post('/api/leads', body({ car_id: undefined }));
    expect(response.status).toBe(422);
    expect(((await response.json()) as { fields: Record<string, string> }).fields).toEqual({
      dealership_slug: '*Please select a dealership location',
      terms_conditions: 'You must agree to the terms of use before submitting the form.',
    });
  });

  it('defaults the category of a general enquiry to General Enquiry', async () => {
    const response = await post(
      '/api/leads',
      body({ form: 'general', fields: { ...fields, dealership_slug: 'bayside-toyota' } }),
    );
    const { lead_id } = (await response.json()) as { lead_id: string };
    expect((await store.getLead('bayside-toyota', lead_id))?.category).toBe('General Enquiry');
  });

  it('answers a filled honeypot as if accepted (201, a lead id, the same for a retry) and stores and delivers nothing', async () => {
    const trapped = await post('/api/leads', body({ website: 'http://spam.example' }));
    expect(trapped.status).toBe(201);
    const { lead_id } = (await trapped.json()) as { lead_id: string };
    expect(lead_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(
      await (await post('/api/leads', body({ website: 'http://spam.example' }))).json(),
    ).toEqual({ lead_id });
    // Any value, however long or whatever its type, and even sent too fast: nothing names the field.
    for (const website of ['x'.repeat(5_000), 42, ['a'], { url: 'x' }]) {
      const again = await post(
        '/api/leads',
        body({ website, idempotency_key: 'other-key-1', started_at: NOW - 100 }),
      );
      expect(again.status).toBe(201);
      expect(JSON.stringify(await again.json())).not.toMatch(/website|blank|bot|spam/i);
    }
    expect(await store.countLeads()).toBe(0);
    expect(await store.listLeads('bayside-toyota')).toEqual([]);
    expect(await store.getLead('bayside-toyota', lead_id)).toBeUndefined();
    // The same post with the field left empty is a lead, delivered.
    const person = await post('/api/leads', body({ website: '' }));
    expect(person.status).toBe(201);
    expect((await store.listLeads('bayside-toyota')).map((lead) => lead.deliveries.length)).toEqual(
      [1],
    );
  });

  it('turns away a form sent too fast with 422 and stores nothing', async () => {
    const fast = await post('/api/leads', body({ started_at: NOW - 500 }));
    expect(fast.status).toBe(422);
    expect(((await fast.json()) as { error: string }).error).toMatch(/too quickly/);
    expect(await store.countLeads()).toBe(0);
  });

  it('answers 400 for a body that is not JSON, 415 for a non-JSON type, 413 for an oversized body, 405 for GET, 404 for an unknown site', async () => {
    expect((await post('/api/leads', '{"form":')).status).toBe(400);
    expect(
      (await post('/api/leads', 'name=Jo', { 'content-type': 'application/x-www-form-urlencoded' }))
        .status,
    ).toBe(415);
    expect(
      (await post('/api/leads', body({ fields: { ...fields, message: 'x'.repeat(40_000) } })))
        .status,
    ).toBe(413);
    const get = await api.fetch(
      new Request('http://localhost/api/leads', { headers: { 'x-tenant': 'bayside-toyota' } }),
    );
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await post('/api/leads', body(), { 'x-tenant': 'nobody' })).status).toBe(404);
    expect(await store.countLeads()).toBe(0);
  });

  it('limits each visitor IP per minute with 429 and Retry-After', async () => {
    setup({ rate_limit: { per_ip_per_minute: 3 } });
    for (let i = 0; i < 3; i++)
      expect((await post('/api/leads', body({ idempotency_key: `key-rate-${i}` }))).status).toBe(
        201,
      );
    const limited = await post('/api/leads', body({ idempotency_key: 'key-rate-9' }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      (
        await post('/api/leads', body({ idempotency_key: 'key-rate-8' }), {
          'x-forwarded-for': '198.51.100.7',
        })
      ).status,
    ).toBe(201);
  });

  it("allows the site's own origin and refuses other origins", async () => {
    const own = await post('/api/leads', body(), { origin: ORIGIN });
    expect(own.status).toBe(201);
    expect(own.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const foreign = await post('/api/leads', body({ idempotency_key: 'other-origin' }), {
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('builds a multi-step trade-in lead and reports a bad lead_id as an error', async () => {
    const first = await post(
      '/api/leads',
      body({
        form: 'trade_in',
        subcategory: '1. Lead Capture',
        isLastStep: false,
        fields: { ...fields, message: '' },
      }),
    );
    expect(first.status).toBe(201);
    const { lead_id } = (await first.json()) as { lead_id: string };
    expect(await store.deliveries()).toEqual([]);
    const last = await post(
      '/api/leads',
      body({
        form: 'trade_in',
        idempotency_key: 'step-3-key',
        lead_id,
        subcategory: '3. Offer Accepted',
        fields: { offer_accepted: true, offer_price: 18500 },
      }),
    );
    expect(await last.json()).toEqual({ lead_id });
    expect((await store.getLead('bayside-toyota', lead_id))?.subcategory).toBe('3. Offer Accepted');
    expect(await store.deliveries()).toHaveLength(1);
    const unknown = await post(
      '/api/leads',
      body({
        form: 'trade_in',
        idempotency_key: 'step-x-key',
        lead_id: '6f1c2c1e-8a53-4c1a-9f55-3b8a8d1c2e11',
        fields: { offer_accepted: true },
      }),
    );
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({
      error: 'This enquiry could not be found. Please start again.',
    });
  });
});

function get(path: string, headers: Record<string, string> = {}) {
  return api.fetch(
    new Request(`http://localhost${path}`, {
      headers: { 'x-tenant': 'bayside-toyota', ...headers },
    }),
  );
}

describe('the other API routes', () => {
  it('counts views of a listed car and answers { views, car_fields }; 404 for an unknown car', async () => {
    const slug = '2023-toyota-corolla-ascent-sport-car-1';
    expect(
      await (
        await get(`/api/cars/${slug}/view.json?photos_count=12&updated_at=1700000000&website_id=3`)
      ).json(),
    ).toMatchObject({
      views: 1,
      car_fields: { id: 'car-1' },
    });
    // Another visitor (one visitor counts once a day: tests/unit/api-abuse.test.ts).
    expect(
      (
        (await (
          await get(`/api/cars/${slug}/view.json`, { 'x-forwarded-for': '198.51.100.7' })
        ).json()) as { views: number }
      ).views,
    ).toBe(2);
    expect((await get('/api/cars/no-such-car/view.json')).status).toBe(404);
    expect((await get(`/api/cars/${slug}/view.json?photos_count=lots`)).status).toBe(422);
  });

  it('records a phone reveal (201) and rejects one without a car id (422)', async () => {
    expect(
      (await post('/api/phone-reveal', { car_id: 'car-1', dealership_id: 10, website_id: 3 }))
        .status,
    ).toBe(201);
    expect(
      (await store.events('bayside-toyota', 'phone_reveal')).map((event) => event.data),
    ).toEqual([{ car_id: 'car-1', dealership_id: 10, website_id: 3 }]);
    const bad = await post('/api/phone-reveal', { dealership_id: 10 });
    expect(bad.status).toBe(422);
    expect(Object.keys(((await bad.json()) as { fields: object }).fields)).toEqual(['car_id']);
  });

  it("saves valuation data with column_name 'valuation' and refuses another column", async () => {
    const saved = await post('/api/miscellaneous', {
      column_name: 'valuation',
      rego: 'ABC123',
      regoState: 'QLD',
      offer_price: 18000,
      offer_accepted: true,
      source: 'Website',
    });
    expect(saved.status).toBe(201);
    expect((await store.events('bayside-toyota', 'valuation'))[0]?.data).toMatchObject({
      rego: 'ABC123',
      offer_price: 18000,
      source: 'Website',
    });
    expect((await post('/api/miscellaneous', { column_name: 'password', rego: 'x' })).status).toBe(
      422,
    );
  });

  it('lists manufacturer locations as websites with their dealership and locations', async () => {
    const { websites } = (await (await get('/api/manufacturer-locations')).json()) as {
      websites: { dealership: { slug: string }; locations: unknown[] }[];
    };
    expect(websites.map((website) => [website.dealership.slug, website.locations.length])).toEqual([
      ['bayside-toyota', 1],
      ['bayside-toyota-north', 1],
    ]);
    expect((await post('/api/manufacturer-locations', {})).status).toBe(405);
  });

  it('gives test-drive slots for a location and 404 for an unknown one', async () => {
    site.locations[0]!.contact_detail.opening_hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      status: 'Open' as const,
      open: '09:00',
      close: '12:00',
    }));
    const { slots, time_zone } = (await (
      await get('/api/test-drive/slots?location_id=1&days=2')
    ).json()) as { slots: { start: string }[]; time_zone: string };
    expect(time_zone).toBe('Australia/Brisbane');
    expect(slots.map((slot) => slot.start)).toEqual([
      '2026-11-24T09:00:00+10:00',
      '2026-11-24T10:00:00+10:00',
      '2026-11-24T11:00:00+10:00',
      '2026-11-25T09:00:00+10:00',
      '2026-11-25T10:00:00+10:00',
      '2026-11-25T11:00:00+10:00',
    ]);
    expect((await get('/api/test-drive/slots?location_id=99')).status).toBe(404);
    expect((await get('/api/test-drive/slots?days=90')).status).toBe(422);
  });

  it('looks up a rego and values the car, with no estimate over 7 years or 100,000 km', async () => {
    const lookup = (await (
      await post('/api/trade-in/rego-lookup', { rego: 'abc123', regoState: 'QLD' })
    ).json()) as { vehicle: { make: string } };
    expect(lookup.vehicle.make).toBeTruthy();
    expect((await post('/api/trade-in/rego-lookup', { rego: '', regoState: 'QLD' })).status).toBe(
      422,
    );
    const offer = await post('/api/trade-in/valuation', {
      year: 2023,
      make: 'Toyota',
      model: 'Corolla',
      km: 30_000,
      adjustmentAnswers: { tyres_worn: true },
    });
    expect(((await offer.json()) as { offer_price: number }).offer_price).toBeGreaterThan(0);
    const old = await post('/api/trade-in/valuation', {
      year: 2015,
      make: 'Toyota',
      model: 'Corolla',
      km: 30_000,
    });
    expect(old.status).toBe(422);
    expect(((await old.json()) as { error: string }).error).toMatch(
      /over 7 years old or over 100,000 km/,
    );
  });
});
