import { describe, expect, it } from 'vitest';
import { createApi } from '../../api/app';
import type { SiteData } from '../../src/site/types';
import { DeliverySchema } from '../../src/tenant/schema/delivery';
import { FinanceSchema } from '../../src/tenant/schema/finance';
import { FeaturesSchema } from '../../src/tenant/schema/features';
import type { Car } from '../../src/feeds/schemas';

const gauge = {
  fill: 0.41,
  listing_price: 52990,
  market_range_min: 48570,
  market_range_max: 59370,
  confidence: 0.62,
  description: 'Priced $980 below the average.',
};
const cars = [
  {
    id: 11,
    slug: 'gauge-car',
    price: 52990,
    autogauge: gauge,
    finance_lenders: {
      stratton: { interestRate: 8.99, comparisonRate: 9.34, disclaimer: 'Lender says 8.99%.' },
    },
  },
  { id: 12, slug: 'plain-car', price: 20000, autogauge: null, finance_lenders: null },
] as unknown as Car[];

function siteWith(
  features: Record<string, unknown> = {},
  delivery: Record<string, unknown> = {},
): SiteData {
  return {
    tenant: {
      slug: 'demo',
      features: FeaturesSchema.parse(features),
      delivery: DeliverySchema.parse(delivery),
      finance: FinanceSchema.parse({ provider: 'stratton' }),
    },
    builtAt: '2026-11-22T00:00:00.000Z',
    cars,
  } as unknown as SiteData;
}

function apiFor(site: SiteData) {
  return createApi({ siteFor: () => site }, () => 'demo');
}

const api = apiFor(siteWith());
const get = (path: string, app = api) => app.fetch(new Request(`http://x/api${path}`));
const post = (path: string, body: unknown, app = api) =>
  app.fetch(
    new Request(`http://x/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

describe('GET /api/delivery', () => {
  it('prices a postcode by its region', async () => {
    const response = await get('/delivery?postcode=4000');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ price: 0, name: 'Brisbane Metro', postcode: '4000' });
  });

  it.each([
    ['', 'Please enter a postcode.'],
    ['?postcode=', 'Please enter a postcode.'],
    ['?postcode=40', 'Invalid postcode. Please enter a 4-digit number.'],
    ['?postcode=40001', 'Invalid postcode. Please enter a 4-digit number.'],
    ['?postcode=abcd', 'Invalid postcode. Please enter a 4-digit number.'],
  ])('422 for %j with the SPEC message', async (query, message) => {
    const response = await get(`/delivery${query}`);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: message, fields: { postcode: message } });
  });

  it('an unknown postcode is an answer, not a missing resource: 200 with no price and the SPEC sorry message', async () => {
    const response = await get('/delivery?postcode=1000');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      postcode: '1000',
      price: null,
      name: null,
      message:
        "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
    });
  });

  it('uses the tenant’s own table', async () => {
    const own = apiFor(
      siteWith(
        {},
        { regions: [{ name: 'Everywhere in WA', from: '6000', to: '6999', price: 250 }] },
      ),
    );
    expect(await (await get('/delivery?postcode=6999', own)).json()).toEqual({
      price: 250,
      name: 'Everywhere in WA',
      postcode: '6999',
    });
    const outside = await get('/delivery?postcode=4000', own);
    expect(outside.status).toBe(200);
    expect(await outside.json()).toMatchObject({ postcode: '4000', price: null, name: null });
  });

  it('404 only where the site offers no delivery estimates at all', async () => {
    const off = apiFor(siteWith({}, { enabled: false }));
    expect((await get('/delivery?postcode=4000', off)).status).toBe(404);
  });
});

describe('GET /api/cars/{slug}/autogauge', () => {
  it('answers the car’s figures', async () => {
    const response = await get('/cars/gauge-car/autogauge');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(gauge);
  });

  it('404 when the car has no figures or is unknown', async () => {
    const missing = await get('/cars/plain-car/autogauge');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'No data returned' });
    expect((await get('/cars/nope/autogauge')).status).toBe(404);
  });
});

describe('GET /api/finance/disclaimer/{car_id}', () => {
  it('the lender’s disclaimer and rates', async () => {
    const body = (await (await get('/finance/disclaimer/11')).json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      car_id: 11,
      disclaimer: 'Lender says 8.99%.',
      interest_rate: 8.99,
      comparison_rate: 9.34,
    });
  });

  it('the standard basis without lender figures; 404 for an unknown id', async () => {
    const body = (await (await get('/finance/disclaimer/12')).json()) as Record<string, unknown>;
    expect(body.disclaimer).toMatch(/Comparison rate basis: 5-year secured \$30,000 loan/);
    expect((await get('/finance/disclaimer/999')).status).toBe(404);
  });
});

describe('POST /api/youx/quote', () => {
  const youx = apiFor(siteWith({ youx_quote: true }));
  const valid = {
    selfAssessedCreditScore: 'GREAT',
    purchasePrice: 30000,
    loanTerm: 5,
    year: 2024,
    vin: 'JTNKU3JE60J021675',
    nvic: 'ABC123',
    whoIsHelping: 'Dealer',
  };

  it('quotes a weekly repayment with advertised and comparison rates', async () => {
    const response = await post('/youx/quote', valid, youx);
    expect(response.status).toBe(200);
    const quote = (await response.json()) as {
      weeklyRepaymentAmount: number;
      advertisedRate: number;
      comparisonRate: number;
    };
    expect(quote.advertisedRate).toBe(6.99);
    expect(quote.weeklyRepaymentAmount).toBeGreaterThan(100);
    expect(quote.comparisonRate).toBeGreaterThan(quote.advertisedRate);
  });

  it.each([
    [{ ...valid, selfAssessedCreditScore: 'AMAZING' }, 'selfAssessedCreditScore'],
    [{ ...valid, purchasePrice: 0 }, 'purchasePrice'],
    [{ ...valid, purchasePrice: '30000' }, 'purchasePrice'],
    [{ ...valid, loanTerm: 9 }, 'loanTerm'],
    [{ ...valid, year: 2031 }, 'year'],
    [{ ...valid, year: 2020.5 }, 'year'],
    [{ ...valid, vin: 12 }, 'vin'],
    [{}, 'purchasePrice'],
  ])('422 with a field message for %o', async (body, field) => {
    const response = await post('/youx/quote', body, youx);
    expect(response.status).toBe(422);
    const answer = (await response.json()) as { error: string; fields: Record<string, string> };
    expect(answer.error).toBe('Please fix the quote request.');
    expect(answer.fields[field]).toMatch(/\w/);
  });

  it('400 for a body that is not JSON, 404 where the feature is off', async () => {
    expect((await post('/youx/quote', 'not json', youx)).status).toBe(400);
    expect((await post('/youx/quote', valid)).status).toBe(404);
  });
});
