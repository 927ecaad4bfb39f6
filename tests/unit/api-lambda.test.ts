import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiTestSite } from '../support/api-site';
import { startWebhookReceiver } from '../support/receivers';

/**
 * The AWS Lambda entry (platform/api/lambda.ts) driven by the event shapes Lambda delivers: API
 * Gateway HTTP API (payload 2.0) requests and an EventBridge scheduled event. The lead, sign-in
 * and reserve journeys run through it, the code going out through the HTTP SMS sender to a local
 * receiver and the lead to a local webhook.
 */
const work = mkdtempSync(path.join(tmpdir(), 'api-lambda-'));
const HOST = 'www.baysidetoyota.example.com.au';
process.env.BUILD_CACHE_DIR = path.join(work, 'cache');
process.env.LEADS_DB_FILE = path.join(work, 'leads.sqlite');
delete process.env.DATABASE_URL;

const texts: { to: string; message: string; authorization?: string }[] = [];
let sms: Server;
let webhook: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  sms = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      texts.push({
        ...(JSON.parse(body) as { to: string; message: string }),
        authorization: request.headers.authorization,
      });
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"queued":true}');
    });
  });
  await new Promise<void>((resolve) => sms.listen(0, '127.0.0.1', resolve));
  webhook = await startWebhookReceiver();
  process.env.SMS_API_URL = `http://127.0.0.1:${(sms.address() as AddressInfo).port}/send`;
  process.env.SMS_API_TOKEN = 'sms-token';
  process.env.LAMBDA_TEST_WEBHOOK_SECRET = 'lambda-secret';
  const site = apiTestSite({
    webhook: { url: webhook.url, secret_env: 'LAMBDA_TEST_WEBHOOK_SECRET' },
  });
  mkdirSync(path.join(work, 'cache', 'bayside-toyota'), { recursive: true });
  const cars = site.cars.map((car) => ({ ...car, status: 'in_stock', images: [] }));
  writeFileSync(
    path.join(work, 'cache', 'bayside-toyota', 'site.json'),
    JSON.stringify({ ...site, cars }),
  );
});
afterAll(async () => {
  await new Promise((resolve) => sms.close(resolve));
  await webhook.close();
  rmSync(work, { recursive: true, force: true });
});

/** An API Gateway HTTP API (payload format 2.0) event, as Lambda hands it to the function. */
function httpEvent(
  method: string,
  rawPath: string,
  body?: unknown,
  { cookies, sourceIp = '203.0.113.10' }: { cookies?: string[]; sourceIp?: string } = {},
) {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString: '',
    ...(cookies ? { cookies } : {}),
    headers: {
      host: HOST,
      'content-type': 'application/json',
      origin: `https://${HOST}`,
      'user-agent': 'Mozilla/5.0',
      'x-forwarded-for': sourceIp,
      'x-forwarded-proto': 'https',
    },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abcdef1234',
      domainName: HOST,
      domainPrefix: 'www',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp, userAgent: 'Mozilla/5.0' },
      requestId: `req-${Math.random().toString(36).slice(2)}`,
      routeKey: '$default',
      stage: '$default',
      time: '27/Nov/2026:10:00:00 +0000',
      timeEpoch: Date.now(),
    },
    body: body === undefined ? null : JSON.stringify(body),
    isBase64Encoded: false,
  };
}

/** The EventBridge event a schedule rule (rate(1 minute)) sends. */
const scheduledEvent = () => ({
  version: '0',
  id: '53dc4d37-cffa-4f76-80c9-8b7d4a4d2eaa',
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '123456789012',
  time: new Date().toISOString(),
  region: 'ap-southeast-2',
  resources: ['arn:aws:events:ap-southeast-2:123456789012:rule/dealer-sites-outbox'],
  detail: {},
});

const lambdaContext = {
  functionName: 'dealer-sites-api',
  awsRequestId: 'ctx-1',
  getRemainingTimeInMillis: () => 10_000,
};
const person = {
  name: 'Jo',
  last_name: 'Citizen',
  phone: '0412 345 678',
  email: 'jo@example.com',
  postcode: '4000',
};

describe('the Lambda handler', () => {
  it(
    'takes a lead, signs a shopper in with a texted code, reserves a car, and delivers from the scheduled event',
    { timeout: 60_000 },
    async () => {
      const { handler, scheduled } = await import('../../platform/api/lambda');
      const call = async (event: ReturnType<typeof httpEvent>) => {
        const result = (await handler(event as never, lambdaContext as never)) as {
          statusCode: number;
          body: string;
          cookies?: string[];
        };
        return { ...result, json: JSON.parse(result.body) as Record<string, unknown> };
      };

      const lead = await call(
        httpEvent('POST', '/api/leads', {
          form: 'enquiry',
          idempotency_key: 'lambda-lead-1',
          started_at: Date.now() - 10_000,
          website: '',
          car_id: 'car-1',
          fields: { ...person, message: 'Is it still available?' },
        }),
      );
      expect(lead.statusCode, lead.body).toBe(201);

      const requested = await call(
        httpEvent('POST', '/api/auth/request-code', { phone_number: '0412 345 678' }),
      );
      expect(requested.statusCode, requested.body).toBeLessThan(300);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatchObject({ to: '+61412345678', authorization: 'Bearer sms-token' });
      const code = /^(\d{6}) is your Bayside Toyota sign-in code/.exec(texts[0]!.message)?.[1];
      expect(code).toBeDefined();

      const verified = await call(
        httpEvent('POST', '/api/auth/verify-code', { phone_number: '0412 345 678', code }),
      );
      expect(verified.statusCode, verified.body).toBe(200);
      const session = verified.cookies?.find((cookie) => cookie.startsWith('__Host-session='));
      expect(session).toMatch(/; Secure/i);
      const signedIn = await call(
        httpEvent('GET', '/api/auth/session', undefined, { cookies: [session!.split(';')[0]!] }),
      );
      expect(signedIn.json).toMatchObject({
        user: expect.objectContaining({ phone: expect.stringContaining('678') }),
      });

      const reserve = await call(
        httpEvent(
          'POST',
          '/api/reserve',
          {
            form: 'reserve',
            idempotency_key: 'lambda-reserve-1',
            started_at: Date.now() - 20_000,
            website: '',
            car_id: 'car-1',
            fields: person,
          },
          { cookies: [session!.split(';')[0]!] },
        ),
      );
      expect(reserve.statusCode, reserve.body).toBe(201);
      expect(reserve.json).toMatchObject({ deposit: '$200', payment: { status: 'recorded' } });
      const again = await call(
        httpEvent(
          'POST',
          '/api/reserve',
          {
            form: 'reserve',
            idempotency_key: 'lambda-reserve-2',
            started_at: Date.now() - 20_000,
            website: '',
            car_id: 'car-1',
            fields: person,
          },
          { sourceIp: '198.51.100.4' },
        ),
      );
      expect(again.statusCode).toBe(409);

      const unknown = await call({
        ...httpEvent('GET', '/api/health'),
        headers: { ...httpEvent('GET', '/api/health').headers, host: 'evil.example' },
      });
      expect(unknown.json).not.toHaveProperty('tenant');

      // Nothing delivers until the schedule fires: the function does no work between events.
      expect(webhook.hits).toHaveLength(0);
      const pass = await scheduled(scheduledEvent());
      expect(pass.delivered).toBe(2);
      expect(webhook.hits.map((hit) => hit.headers['x-lead-id']).sort()).toEqual(
        [lead.json.lead_id, reserve.json.lead_id].sort(),
      );
      expect((await scheduled(scheduledEvent())).delivered).toBe(0);
    },
  );

  it('refuses every invocation of a production function with unsafe settings, naming them', async () => {
    vi.resetModules();
    const saved = { ...process.env };
    Object.assign(process.env, { NODE_ENV: 'production', SIGN_IN_CODES_LOG: '1' });
    delete process.env.SMTP_URL;
    try {
      const { handler, scheduled } = await import('../../platform/api/lambda');
      const error = await (
        handler(
          httpEvent('GET', '/api/health') as never,
          lambdaContext as never,
        ) as Promise<unknown>
      ).catch((caught: unknown) => caught as Error);
      expect(String(error)).toMatch(/The API is not configured safely/);
      expect(String(error)).toMatch(/DATABASE_URL is not set/);
      expect(String(error)).toMatch(/SIGN_IN_CODES_LOG=1 would write sign-in codes to the log/);
      await expect(scheduled(scheduledEvent())).rejects.toThrow(/SIGN_IN_CODE_SECRET is not set/);
    } finally {
      process.env = saved;
    }
  });
});
