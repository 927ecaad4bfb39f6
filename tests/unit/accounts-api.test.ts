import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalCodeSender, MemoryCodeSender } from '../../api/accounts/code-sender';
import { RecordingPaymentProvider, signWebhook } from '../../api/accounts/payments';
import { ACCOUNT_POLICY } from '../../api/accounts/policy';
import { AccountStore } from '../../api/accounts/store';
import { createApi } from '../../api/app';
import type { Store } from '../../api/storage/store';
import type { SiteData } from '../../src/site/types';
import { apiTestSite } from '../support/api-site';
import { storeKinds } from '../support/stores';

const START = Date.parse('2026-11-23T10:00:00Z');
const ME = '0412 345 678';
const ME_NORMALISED = '0412345678';
const OTHER = '0498 765 432';
const CAR = 'car-1';
/** The one answer to any code that does not sign in, so no answer tells whether a number has a code pending. */
const CODE_NOT_ACCEPTED =
  'That code did not work. Please check the text message, or ask for a new code.';
/** Past the site's hourly ceiling of codes. */
const SITE_BUSY =
  'We are sending a lot of sign-in codes right now. Please try again in a few minutes.';

/** What a shopper reads when someone else got the car first. */
const JUST_RESERVED =
  'Sorry, this car was just reserved by another shopper. Nothing has been charged. Please choose another car, or call the dealership about it.';
/** Shoppers racing for one car in the concurrency test. */
const CONCURRENT_RESERVES = 20;

/** A 6-digit code that is not `code`. */
const wrongCode = (code: string | undefined) => (code === '000000' ? '111111' : '000000');

/** The API test site with two cars we can save (one sold) and the given feature switches. */
/** The secret the test payment provider signs its webhook calls with. */
const WEBHOOK_SECRET = 'whsec-test-0123456789';

function testSite(features: Record<string, unknown> = {}): SiteData {
  const site = apiTestSite();
  const [car] = site.cars as unknown as Record<string, unknown>[];
  const cars = [
    { ...car, status: 'in_stock', images: [] },
    {
      ...car,
      id: 'car-2',
      slug: '2021-toyota-hilux-car-2',
      name: '2021 Toyota HiLux SR5',
      status: 'sold',
      sold: true,
      images: [],
    },
    // isReservable's other cases: coming soon can be reserved; unpriced or already reserved cannot.
    {
      ...car,
      id: 'car-3',
      slug: '2027-toyota-bz4x-car-3',
      name: '2027 Toyota bZ4X',
      status: 'coming_soon',
      images: [],
    },
    {
      ...car,
      id: 'car-4',
      slug: '2020-toyota-yaris-car-4',
      name: '2020 Toyota Yaris',
      status: 'in_stock',
      price: 0,
      images: [],
    },
    {
      ...car,
      id: 'car-5',
      slug: '2022-toyota-rav4-car-5',
      name: '2022 Toyota RAV4',
      status: 'in_stock',
      reserved: true,
      images: [],
    },
  ];
  return {
    ...site,
    cars,
    tenant: {
      ...site.tenant,
      features: { ...site.tenant.features, reserve: true, watchlist: true, ...features },
    },
  } as unknown as SiteData;
}

for (const kind of storeKinds()) {
  describe.skipIf(!kind.available)(`accounts API on ${kind.name}`, () => {
    let store: Store;
    let dispose: () => Promise<void>;
    let sender: MemoryCodeSender;
    let now: number;
    let site: SiteData;
    let api: ReturnType<typeof createApi>;

    function build(features: Record<string, unknown> = {}, webhooks = true) {
      site = testSite(features);
      const other = { ...site, tenant: { ...site.tenant, slug: 'other-dealer' } } as SiteData;
      api = createApi(
        {
          siteFor: (slug) =>
            slug === 'bayside-toyota' ? site : slug === 'other-dealer' ? other : undefined,
          store,
          now: () => now,
          accounts: {
            codeSender: sender,
            payments: new RecordingPaymentProvider(
              webhooks ? { webhookSecret: WEBHOOK_SECRET } : {},
            ),
          },
          // As behind one proxy (TRUST_PROXY=1): each request's x-forwarded-for names its visitor.
          trustProxy: 1,
        },
        (request) => request.headers.get('x-tenant') ?? undefined,
      );
    }

    beforeEach(async () => {
      ({ store, dispose } = await kind.open());
      sender = new MemoryCodeSender();
      now = START;
      build();
    });
    afterEach(async () => dispose());

    function call(
      method: string,
      path: string,
      options: { body?: unknown; cookie?: string; ip?: string; tenant?: string } = {},
    ) {
      const headers: Record<string, string> = {
        'x-tenant': options.tenant ?? 'bayside-toyota',
        'x-forwarded-for': options.ip ?? '203.0.113.9',
      };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.cookie) headers.cookie = options.cookie;
      return api.fetch(
        new Request(`https://localhost${path}`, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        }),
      );
    }
    const post = (
      path: string,
      body: unknown,
      options: { cookie?: string; ip?: string; tenant?: string } = {},
    ) => call('POST', path, { ...options, body });

    /** Signs `phone` in through the real code flow; returns the Cookie header to send back. */
    async function signIn(
      phone: string,
      ip = '203.0.113.9',
      tenant = 'bayside-toyota',
    ): Promise<string> {
      expect(
        (await post('/api/auth/request-code', { phone_number: phone }, { ip, tenant })).status,
      ).toBe(202);
      const code = sender.last(phone.replace(/\s/g, ''))!;
      const response = await post(
        '/api/auth/verify-code',
        { phone_number: phone, code },
        { ip, tenant },
      );
      expect(response.status).toBe(200);
      return response.headers.get('set-cookie')!.split(';')[0]!;
    }
    const sessionUser = async (cookie?: string) =>
      (
        (await (await call('GET', '/api/auth/session', { cookie })).json()) as {
          user: { id: string; phone: string } | null;
        }
      ).user;

    describe('one-time codes', () => {
      it('sends a 6-digit code to the phone and never puts it in the answer', async () => {
        const response = await post('/api/auth/request-code', { phone_number: ME });
        expect(response.status).toBe(202);
        const text = await response.text();
        const code = sender.last(ME_NORMALISED)!;
        expect(code).toMatch(/^\d{6}$/);
        expect(text).not.toContain(code);
        expect(JSON.parse(text)).toEqual({ sent: true, expires_in_seconds: 600 });
      });

      it('refuses a phone number that is not an Australian mobile, with the field message', async () => {
        const response = await post('/api/auth/request-code', { phone_number: '12345' });
        expect(response.status).toBe(422);
        expect(await response.json()).toMatchObject({
          fields: {
            phone_number: 'Please enter a valid Australian mobile number, like 0412 345 678.',
          },
        });
        expect(sender.sent).toEqual([]);
      });

      it('signs in with the code and sets a __Host- session cookie: HttpOnly, Secure, SameSite, Path=/, no Domain', async () => {
        await post('/api/auth/request-code', { phone_number: ME });
        const response = await post('/api/auth/verify-code', {
          phone_number: ME,
          code: sender.last(ME_NORMALISED),
        });
        expect(response.status).toBe(200);
        const cookie = response.headers.get('set-cookie')!;
        expect(cookie).toMatch(/^__Host-session=[A-Za-z0-9_-]{40,};/);
        expect(cookie).toMatch(/; HttpOnly/);
        expect(cookie).toMatch(/; Secure/);
        expect(cookie).toMatch(/; SameSite=Lax/);
        expect(cookie).toMatch(/; Path=\//);
        expect(cookie).not.toMatch(/Domain=/i);
        const { user } = (await response.json()) as { user: { phone: string } };
        expect(user.phone).toBe(ME_NORMALISED);
        expect(await sessionUser(cookie.split(';')[0])).toMatchObject({ phone: ME_NORMALISED });
      });

      it('expires the code after 10 minutes', async () => {
        await post('/api/auth/request-code', { phone_number: ME });
        now += ACCOUNT_POLICY.codeTtlMs;
        const response = await post('/api/auth/verify-code', {
          phone_number: ME,
          code: sender.last(ME_NORMALISED),
        });
        expect(response.status).toBe(422);
        expect(await response.json()).toMatchObject({ error: CODE_NOT_ACCEPTED });
        expect(response.headers.get('set-cookie')).toBeNull();
      });

      it('accepts a code once only', async () => {
        await post('/api/auth/request-code', { phone_number: ME });
        const code = sender.last(ME_NORMALISED);
        expect((await post('/api/auth/verify-code', { phone_number: ME, code })).status).toBe(200);
        const again = await post('/api/auth/verify-code', { phone_number: ME, code });
        expect(again.status).toBe(422);
        expect(await again.json()).toMatchObject({ error: CODE_NOT_ACCEPTED });
      });

      it('burns the code after 5 wrong guesses, so the right code no longer works', async () => {
        await post('/api/auth/request-code', { phone_number: ME });
        const code = sender.last(ME_NORMALISED)!;
        const wrong = code === '000000' ? '111111' : '000000';
        for (let guess = 1; guess <= 4; guess++) {
          const response = await post('/api/auth/verify-code', { phone_number: ME, code: wrong });
          expect(await response.json()).toMatchObject({ error: CODE_NOT_ACCEPTED });
        }
        expect(
          await (await post('/api/auth/verify-code', { phone_number: ME, code: wrong })).json(),
        ).toMatchObject({ error: CODE_NOT_ACCEPTED });
        expect((await post('/api/auth/verify-code', { phone_number: ME, code })).status).toBe(422);
      });

      it('stops an earlier code working once a new one is sent', async () => {
        await post('/api/auth/request-code', { phone_number: ME });
        const first = sender.last(ME_NORMALISED)!;
        now += ACCOUNT_POLICY.phoneBackoffMs;
        await post('/api/auth/request-code', { phone_number: ME });
        expect(sender.sent).toHaveLength(2);
        const second = sender.last(ME_NORMALISED)!;
        if (first !== second)
          expect(
            (await post('/api/auth/verify-code', { phone_number: ME, code: first })).status,
          ).toBe(422);
        expect(
          (await post('/api/auth/verify-code', { phone_number: ME, code: second })).status,
        ).toBe(200);
      });

      it('asked again within 30 seconds, sends no second text, answers the same and the first code still signs in', async () => {
        const asked = await post('/api/auth/request-code', { phone_number: ME });
        const again = await post(
          '/api/auth/request-code',
          { phone_number: ME },
          { ip: '198.51.100.30' },
        );
        expect([again.status, await again.text()]).toEqual([
          asked.status,
          JSON.stringify({ sent: true, expires_in_seconds: 600 }),
        ]);
        expect(sender.sent).toHaveLength(1);
        expect(
          (
            await post('/api/auth/verify-code', {
              phone_number: ME,
              code: sender.last(ME_NORMALISED),
            })
          ).status,
        ).toBe(200);
      });

      it('a code sent on one site does not sign in on another', async () => {
        await post('/api/auth/request-code', { phone_number: ME });
        const response = await post(
          '/api/auth/verify-code',
          { phone_number: ME, code: sender.last(ME_NORMALISED) },
          { tenant: 'other-dealer' },
        );
        expect(response.status).toBe(422);
        expect(await response.json()).toMatchObject({ error: CODE_NOT_ACCEPTED });
      });

      it('answers a wrong code the same whatever the number: no code, code pending, used, expired or burnt', async () => {
        // Numbers in each state; an attacker probing them with a wrong code must not tell them apart.
        const states = {
          none: '0400000001',
          pending: '0400000002',
          used: '0400000003',
          expired: '0400000004',
          burnt: '0400000005',
        } as const;
        await post(
          '/api/auth/request-code',
          { phone_number: states.expired },
          { ip: '198.51.100.4' },
        );
        now += ACCOUNT_POLICY.codeTtlMs;
        await post(
          '/api/auth/request-code',
          { phone_number: states.pending },
          { ip: '198.51.100.2' },
        );
        await signIn(states.used, '198.51.100.3');
        await post(
          '/api/auth/request-code',
          { phone_number: states.burnt },
          { ip: '198.51.100.5' },
        );
        for (let i = 0; i < ACCOUNT_POLICY.maxCodeAttempts; i++)
          await post(
            '/api/auth/verify-code',
            { phone_number: states.burnt, code: wrongCode(sender.last(states.burnt)!) },
            { ip: '198.51.100.5' },
          );
        const answers = new Map<string, string>();
        for (const [state, phone] of Object.entries(states)) {
          const code = wrongCode(sender.last(phone));
          const response = await post(
            '/api/auth/verify-code',
            { phone_number: phone, code },
            { ip: '198.51.100.77' },
          );
          answers.set(state, `${response.status} ${await response.text()}`);
        }
        expect(new Set(answers.values()).size, JSON.stringify(Object.fromEntries(answers))).toBe(1);
        expect(answers.get('none')).toBe(
          `422 ${JSON.stringify({ error: CODE_NOT_ACCEPTED, fields: { code: CODE_NOT_ACCEPTED } })}`,
        );
      });

      it('answers a code request the same for a new number, a signed-up one and one with a code pending', async () => {
        const signedUp = '0400000011';
        const pending = '0400000012';
        await signIn(signedUp, '198.51.100.11');
        await post('/api/auth/request-code', { phone_number: pending }, { ip: '198.51.100.12' });
        const answers = new Set<string>();
        // At once (the pending number's code still works, so nothing new is sent) and after the
        // numbers' 30-second backoff (a signed-up number's code is used, so it gets a new one).
        for (const wait of [0, ACCOUNT_POLICY.phoneBackoffMs]) {
          now += wait;
          for (const phone of wait ? ['0400000013', signedUp, pending] : ['0400000010', pending]) {
            const response = await post(
              '/api/auth/request-code',
              { phone_number: phone },
              { ip: '198.51.100.78' },
            );
            answers.add(`${response.status} ${await response.text()}`);
          }
        }
        expect([...answers]).toEqual([
          `202 ${JSON.stringify({ sent: true, expires_in_seconds: 600 })}`,
        ]);
      });
    });

    describe('rate limits', () => {
      /** Requests a code for each phone at once from each address; the statuses in order. */
      const burst = (requests: { phone: string; ip: string }[]) =>
        Promise.all(
          requests.map(
            async ({ phone, ip }) =>
              (await post('/api/auth/request-code', { phone_number: phone }, { ip })).status,
          ),
        );
      const count = (statuses: number[], status: number) =>
        statuses.filter((each) => each === status).length;

      it("three requests for someone else's number lock out the requester; the owner still signs in at once", async () => {
        const attacker = '198.51.100.66';
        for (let i = 0; i < 3; i++) {
          if (i) now += ACCOUNT_POLICY.phoneBackoffMs * 2 ** (i - 1); // the number's backoff: 30 s, then 60 s
          expect(
            (await post('/api/auth/request-code', { phone_number: ME }, { ip: attacker })).status,
          ).toBe(202);
        }
        const refused = await post(
          '/api/auth/request-code',
          { phone_number: ME },
          { ip: attacker },
        );
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBe(
          ACCOUNT_POLICY.limitWindowMs / 1000 - 90,
        );
        expect(await refused.json()).toEqual({
          error: 'Too many codes requested. Please wait 14 minutes and try again.',
        });
        expect(sender.sent).toHaveLength(3);
        // The owner, on their own connection, asks while the number waits: no fourth text, and the
        // last code the attacker had sent to the owner's phone signs them in.
        const owner = '203.0.113.50';
        expect(
          (await post('/api/auth/request-code', { phone_number: ME }, { ip: owner })).status,
        ).toBe(202);
        expect(sender.sent).toHaveLength(3);
        const verified = await post(
          '/api/auth/verify-code',
          { phone_number: ME, code: sender.last(ME_NORMALISED) },
          { ip: owner },
        );
        expect(verified.status).toBe(200);
        // The attacker's own lock lifts after the window.
        now += ACCOUNT_POLICY.limitWindowMs;
        expect(
          (await post('/api/auth/request-code', { phone_number: ME }, { ip: attacker })).status,
        ).toBe(202);
      });

      it('texts one number at most 5 times an hour, waiting 30 s, 1, 2 and 4 minutes between; a used code does not stand in', async () => {
        const sentAt: number[] = [];
        const start = now;
        // A different requester each time, so only the number's own limits apply; each code is used at once.
        for (let i = 0; sentAt.length < 7 && now < start + ACCOUNT_POLICY.siteBudgetWindowMs; i++) {
          const before = sender.sent.length;
          const response = await post(
            '/api/auth/request-code',
            { phone_number: ME },
            { ip: `192.0.${i}.7` },
          );
          if (sender.sent.length > before) {
            sentAt.push(now - start);
            expect(
              (
                await post(
                  '/api/auth/verify-code',
                  { phone_number: ME, code: sender.last(ME_NORMALISED) },
                  { ip: `192.0.${i}.7` },
                )
              ).status,
            ).toBe(200);
          } else expect(response.status).toBe(429);
          now += 10_000;
        }
        expect(sentAt).toEqual([0, 30_000, 90_000, 210_000, 450_000]);
      });

      it("the review's attack: 40 requests from 4 addresses in one /24 at once; a visitor from another network still gets a code", async () => {
        const attackers = ['203.0.113.21', '203.0.113.22', '203.0.113.23', '203.0.113.24'];
        // To one number: one text goes out; the rest are answered as sent (its code still works) or refused.
        const oneNumber = await burst(
          Array.from({ length: 40 }, (_, i) => ({ phone: ME, ip: attackers[i % 4]! })),
        );
        expect(sender.sent).toHaveLength(1);
        expect(count(oneNumber, 202) + count(oneNumber, 429)).toBe(40);
        // To 40 numbers: the network's 20 an hour.
        now += 1_000;
        const manyNumbers = await burst(
          Array.from({ length: 40 }, (_, i) => ({
            phone: `0455${String(i).padStart(6, '0')}`,
            ip: attackers[i % 4]!,
          })),
        );
        expect(count(manyNumbers, 202)).toBe(ACCOUNT_POLICY.codesPerNetworkPerHour - 1);
        expect(count(manyNumbers, 429)).toBe(40 - ACCOUNT_POLICY.codesPerNetworkPerHour + 1);
        console.info(
          `[${kind.name}] attack from one /24: ${sender.sent.length} codes sent to the attacker's numbers`,
        );
        expect(sender.sent).toHaveLength(ACCOUNT_POLICY.codesPerNetworkPerHour);
        const visitor = await post(
          '/api/auth/request-code',
          { phone_number: OTHER },
          { ip: '198.51.100.140' },
        );
        expect(visitor.status).toBe(202);
        const verified = await post(
          '/api/auth/verify-code',
          { phone_number: OTHER, code: sender.last('0498765432') },
          { ip: '198.51.100.140' },
        );
        expect(verified.status).toBe(200);
      });

      it('a busy site (30 codes this hour) still sends a code to a new network; networks that had 3 wait', async () => {
        const statuses: number[][] = [];
        // 6 networks, 10 numbers each, one after another.
        for (let network = 0; network < 6; network++) {
          const requests = Array.from({ length: 10 }, (_, i) => ({
            phone: `0466${network}${String(i).padStart(5, '0')}`,
            ip: `100.64.${network}.9`,
          }));
          statuses.push(await burst(requests));
        }
        // 30 from the first three; then the site is busy and each network gets 3 at most.
        expect(statuses.map((each) => count(each, 202))).toEqual([10, 10, 10, 3, 3, 3]);
        expect(sender.sent).toHaveLength(39);
        expect(
          (
            await post(
              '/api/auth/request-code',
              { phone_number: '0466999999' },
              { ip: '100.64.0.9' },
            )
          ).status,
        ).toBe(429);
        const visitor = await post(
          '/api/auth/request-code',
          { phone_number: OTHER },
          { ip: '198.51.100.141' },
        );
        expect(visitor.status).toBe(202);
        expect(sender.last('0498765432')).toMatch(/^\d{6}$/);
      });

      it('never sends more than the ceiling (5 x 30) an hour, whatever the networks; then a calm 429', async () => {
        const ceiling = ACCOUNT_POLICY.codesPerSitePerHour * ACCOUNT_POLICY.siteCeilingFactor;
        const statuses: number[] = [];
        let refused: Response | undefined;
        // 200 new numbers, each from a network of its own, within the hour.
        for (let i = 0; i < 200; i++) {
          now += 10_000;
          const response = await post(
            '/api/auth/request-code',
            { phone_number: `0411${String(i).padStart(6, '0')}` },
            { ip: `10.${i}.0.1` },
          );
          statuses.push(response.status);
          if (response.status === 429) refused ??= response;
        }
        expect(count(statuses, 202)).toBe(ceiling);
        expect(statuses.slice(ceiling).every((status) => status === 429)).toBe(true);
        expect(sender.sent).toHaveLength(ceiling);
        expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await refused!.json()).toEqual({ error: SITE_BUSY });
        // Another site has its own count; this one's refills as the hour moves on.
        expect(
          (
            await post(
              '/api/auth/request-code',
              { phone_number: ME },
              { tenant: 'other-dealer', ip: '10.250.9.9' },
            )
          ).status,
        ).toBe(202);
        now += ACCOUNT_POLICY.siteBudgetWindowMs;
        expect(
          (await post('/api/auth/request-code', { phone_number: ME }, { ip: '10.251.9.9' })).status,
        ).toBe(202);
      });

      it('keeps to the ceiling when requests from many networks arrive all at once', async () => {
        const ceiling = ACCOUNT_POLICY.codesPerSitePerHour * ACCOUNT_POLICY.siteCeilingFactor;
        const statuses = await burst(
          Array.from({ length: ceiling + 10 }, (_, i) => ({
            phone: `0422${String(i).padStart(6, '0')}`,
            ip: `10.${i}.2.1`,
          })),
        );
        expect(count(statuses, 202)).toBe(ceiling);
        expect(sender.sent).toHaveLength(ceiling);
      });

      it('sends at most 10 codes per IP in 15 minutes, whatever the numbers', async () => {
        for (let i = 0; i < 10; i++) {
          now += 7_000; // spread out, so the site-wide per-minute guard is not what stops it
          expect(
            (
              await post('/api/auth/request-code', {
                phone_number: `04000000${String(i).padStart(2, '0')}`,
              })
            ).status,
          ).toBe(202);
        }
        expect((await post('/api/auth/request-code', { phone_number: '0400000099' })).status).toBe(
          429,
        );
        expect(
          (
            await post(
              '/api/auth/request-code',
              { phone_number: '0400000099' },
              { ip: '198.51.100.7' },
            )
          ).status,
        ).toBe(202);
      });

      it("refused requests for one number do not use up the requester's allowance for other numbers", async () => {
        for (let i = 0; i < 3; i++) {
          expect((await post('/api/auth/request-code', { phone_number: ME })).status).toBe(202);
          now += ACCOUNT_POLICY.phoneBackoffMs * 2 ** i;
        }
        for (let i = 0; i < 7; i++)
          expect((await post('/api/auth/request-code', { phone_number: ME })).status).toBe(429);
        // Only 3 codes were sent from this address, so 7 more numbers still get theirs.
        for (let i = 0; i < 7; i++) {
          now += 7_000;
          expect(
            (
              await post('/api/auth/request-code', {
                phone_number: `04100000${String(i).padStart(2, '0')}`,
              })
            ).status,
          ).toBe(202);
        }
        expect(sender.sent).toHaveLength(10);
      });

      it('checks at most 20 codes per IP in 15 minutes, across phone numbers', async () => {
        for (let i = 0; i < 20; i++) {
          now += 4_000;
          expect(
            (
              await post('/api/auth/verify-code', {
                phone_number: `04000000${String(i).padStart(2, '0')}`,
                code: '123456',
              })
            ).status,
          ).toBe(422);
        }
        expect(
          (await post('/api/auth/verify-code', { phone_number: ME, code: '123456' })).status,
        ).toBe(429);
      });
    });

    describe('sessions', () => {
      it('signs out: the cookie is cleared and the old token no longer works', async () => {
        const cookie = await signIn(ME);
        const response = await post('/api/auth/sign-out', {}, { cookie });
        expect(response.status).toBe(200);
        expect(response.headers.get('set-cookie')).toMatch(/^__Host-session=;.*Max-Age=0/);
        expect(await sessionUser(cookie)).toBeNull();
        const save = await post(
          '/api/watchlist/save-car',
          { phone_number: ME, car_id: CAR },
          { cookie },
        );
        expect(save.status).toBe(401);
        expect(await save.json()).toEqual({
          success: false,
          error: 'Your session has ended. Please sign in again to change your watchlist.',
        });
      });

      it('expires a session 30 days after sign-in', async () => {
        const cookie = await signIn(ME);
        now += ACCOUNT_POLICY.sessionTtlMs - 1;
        expect(await sessionUser(cookie)).not.toBeNull();
        now += 1;
        expect(await sessionUser(cookie)).toBeNull();
      });

      it('ignores a made-up or another site’s session cookie', async () => {
        expect(
          await sessionUser('__Host-session=bm90LWEtcmVhbC1zZXNzaW9uLXRva2VuLWF0LWFsbA'),
        ).toBeNull();
        const cookie = await signIn(ME);
        const elsewhere = await call('GET', '/api/auth/session', {
          cookie,
          tenant: 'other-dealer',
        });
        expect(await elsewhere.json()).toEqual({ user: null });
      });

      it('keeps only hashes of codes and session tokens in the database', async () => {
        const cookie = await signIn(ME);
        const token = cookie.split('=')[1]!;
        const code = sender.last(ME_NORMALISED)!;
        const dump = JSON.stringify([
          ...(await store.driver.all('SELECT * FROM sign_in_codes')),
          ...(await store.driver.all('SELECT * FROM account_sessions')),
        ]);
        expect(dump).not.toContain(token);
        expect(dump).not.toMatch(new RegExp(`"${code}"`));
      });
    });

    describe('watchlist', () => {
      const list = async (cookie?: string) => {
        const response = await call('GET', '/api/watchlist', { cookie });
        return {
          status: response.status,
          body: (await response.json()) as {
            success: boolean;
            cars?: { id: string; name?: string }[];
          },
        };
      };

      it('saves, lists and removes a car for the signed-in user: { success: true }', async () => {
        const cookie = await signIn(ME);
        const save = await post(
          '/api/watchlist/save-car',
          { phone_number: ME, car_id: CAR },
          { cookie },
        );
        expect(save.status).toBe(200);
        expect(await save.json()).toEqual({ success: true });
        expect(
          (
            await post(
              '/api/watchlist/save-car',
              { phone_number: ME_NORMALISED, car_id: CAR },
              { cookie },
            )
          ).status,
        ).toBe(200);
        expect((await list(cookie)).body.cars).toEqual([
          expect.objectContaining({
            id: CAR,
            name: '2023 Toyota Corolla Ascent Sport',
            listed: true,
          }),
        ]);
        expect(
          await (
            await post('/api/watchlist/remove-car', { phone_number: ME, car_id: CAR }, { cookie })
          ).json(),
        ).toEqual({ success: true });
        expect((await list(cookie)).body.cars).toEqual([]);
      });

      it("refuses to change another user's watchlist with my session and their phone number", async () => {
        const mine = await signIn(ME);
        const theirs = await signIn(OTHER, '198.51.100.20');
        await post(
          '/api/watchlist/save-car',
          { phone_number: OTHER, car_id: CAR },
          { cookie: theirs },
        );
        for (const path of ['/api/watchlist/save-car', '/api/watchlist/remove-car']) {
          const response = await post(path, { phone_number: OTHER, car_id: CAR }, { cookie: mine });
          expect(response.status).toBe(403);
          expect(await response.json()).toEqual({
            success: false,
            error: 'You can only change your own watchlist.',
          });
        }
        expect((await list(theirs)).body.cars?.map((car) => car.id)).toEqual([CAR]);
        expect((await list(mine)).body.cars).toEqual([]);
      });

      it("shows each user only their own list, and nobody's without a session", async () => {
        const mine = await signIn(ME);
        const theirs = await signIn(OTHER, '198.51.100.20');
        await post('/api/watchlist/save-car', { phone_number: ME, car_id: CAR }, { cookie: mine });
        expect((await list(theirs)).body.cars).toEqual([]);
        expect(await list()).toEqual({
          status: 401,
          body: { success: false, error: 'Please sign in to see your watchlist.' },
        });
        const signedOut = await post('/api/watchlist/save-car', { phone_number: ME, car_id: CAR });
        expect(signedOut.status).toBe(401);
        const accounts = new AccountStore(store.driver);
        const users = await store.driver.all('SELECT id FROM account_users ORDER BY phone');
        expect(await accounts.watchlist('bayside-toyota', String(users[0]!.id))).toEqual([CAR]);
      });

      it("removing a car from my list leaves the same car on another user's list", async () => {
        const mine = await signIn(ME);
        const theirs = await signIn(OTHER, '198.51.100.20');
        await post('/api/watchlist/save-car', { phone_number: ME, car_id: CAR }, { cookie: mine });
        await post(
          '/api/watchlist/save-car',
          { phone_number: OTHER, car_id: CAR },
          { cookie: theirs },
        );
        expect(
          await (
            await post(
              '/api/watchlist/remove-car',
              { phone_number: ME, car_id: CAR },
              { cookie: mine },
            )
          ).json(),
        ).toEqual({ success: true });
        expect((await list(mine)).body.cars).toEqual([]);
        expect((await list(theirs)).body.cars?.map((car) => car.id)).toEqual([CAR]);
      });

      it('refuses a car that is not listed on this site, with a message for the alert', async () => {
        const cookie = await signIn(ME);
        const response = await post(
          '/api/watchlist/save-car',
          { phone_number: ME, car_id: 'no-such-car' },
          { cookie },
        );
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({
          success: false,
          error: 'This car is no longer listed, so it cannot be saved.',
        });
      });

      it('refuses a body without phone_number and car_id', async () => {
        const cookie = await signIn(ME);
        const response = await post('/api/watchlist/save-car', { car_id: CAR }, { cookie });
        expect(response.status).toBe(422);
        expect(await response.json()).toEqual({
          success: false,
          error: 'Send phone_number and car_id.',
          fields: { phone_number: 'Send phone_number: the mobile number you signed in with.' },
        });
      });
    });

    describe('user details stay out of anything shared or cached', () => {
      // The pages are static files, the same for everyone (the browser spec checks a signed-in
      // shopper's pages hold no phone or id); user details come only from these API answers, which
      // no browser, proxy or CDN may keep and hand to someone else.
      it('answers that name the user are Cache-Control: no-store', async () => {
        await post('/api/auth/request-code', { phone_number: ME });
        const verified = await post('/api/auth/verify-code', {
          phone_number: ME,
          code: sender.last(ME_NORMALISED),
        });
        expect(verified.headers.get('cache-control')).toBe('no-store');
        const cookie = verified.headers.get('set-cookie')!.split(';')[0]!;
        await post('/api/watchlist/save-car', { phone_number: ME, car_id: CAR }, { cookie });
        for (const path of ['/api/auth/session', '/api/watchlist']) {
          const response = await call('GET', path, { cookie });
          expect(response.status, path).toBe(200);
          expect(response.headers.get('cache-control'), path).toBe('no-store');
        }
      });

      it('the same URLs without the session name nobody', async () => {
        const cookie = await signIn(ME);
        await post('/api/watchlist/save-car', { phone_number: ME, car_id: CAR }, { cookie });
        for (const path of ['/api/auth/session', '/api/watchlist']) {
          const text = await (await call('GET', path)).text();
          expect(text, path).not.toContain(ME_NORMALISED);
          expect(text, path).not.toContain(CAR);
        }
      });
    });

    describe('reserve', () => {
      const reservation = (overrides: Record<string, unknown> = {}) => ({
        form: 'reserve',
        idempotency_key: 'reserve-0001',
        started_at: now - 20_000,
        website: '',
        car_id: CAR,
        fields: {
          name: 'Jo',
          last_name: 'Citizen',
          phone: ME,
          email: 'jo@example.com',
          postcode: '4000',
        },
        ...overrides,
      });

      it('stores the reservation as a reserve lead with the $200 deposit and records the payment intent once', async () => {
        const response = await post('/api/reserve', reservation());
        expect(response.status).toBe(201);
        const body = (await response.json()) as {
          lead_id: string;
          deposit: string;
          payment: { id: string; status: string };
        };
        expect(body).toMatchObject({
          deposit: '$200',
          payment: { status: 'recorded', redirect_url: null },
        });
        const lead = await store.getLead('bayside-toyota', body.lead_id);
        expect(lead).toMatchObject({
          form: 'reserve',
          carId: CAR,
          status: 'submitted',
          fields: expect.objectContaining({ deposit: '$200' }),
        });
        expect(lead?.deliveries).toHaveLength(1);
        const again = await post('/api/reserve', reservation());
        expect(again.status).toBe(200);
        expect(await again.json()).toEqual({
          ...body,
          payment: { ...body.payment, redirect_url: null },
        });
        const intents = await new AccountStore(store.driver).paymentIntents('bayside-toyota');
        expect(intents).toEqual([
          expect.objectContaining({
            leadId: body.lead_id,
            carId: CAR,
            amountCents: 20_000,
            provider: 'local',
            status: 'recorded',
          }),
        ]);
      });

      it('takes a reservation for a coming-soon car (as the checkout page built for it offers)', async () => {
        expect(
          (
            await post(
              '/api/reserve',
              reservation({ car_id: 'car-3', idempotency_key: 'reserve-coming-soon' }),
            )
          ).status,
        ).toBe(201);
      });

      describe('payment webhook', () => {
        /** A deposit to settle: the reservation's recorded payment intent id. */
        async function reservedIntent(): Promise<string> {
          const response = await post('/api/reserve', reservation());
          return ((await response.json()) as { payment: { id: string } }).payment.id;
        }
        const webhook = (body: unknown, signature: string | null, tenant = 'bayside-toyota') => {
          const raw = JSON.stringify(body);
          const headers: Record<string, string> = {
            'x-tenant': tenant,
            'content-type': 'application/json',
          };
          if (signature !== null) headers['x-payment-signature'] = signature;
          return api.fetch(
            new Request('https://localhost/api/payments/webhook', {
              method: 'POST',
              headers,
              body: raw,
            }),
          );
        };
        const statuses = async () =>
          (await new AccountStore(store.driver).paymentIntents('bayside-toyota')).map(
            (intent) => intent.status,
          );

        /** Sends `body` signed now (or at `signedAt`), as the provider does. */
        const signed = (body: unknown, signedAt = now) =>
          webhook(body, signWebhook(WEBHOOK_SECRET, JSON.stringify(body), signedAt));

        it('a validly signed event marks the deposit failed, then succeeded when the shopper pays', async () => {
          const id = await reservedIntent();
          const failed = { event_id: 'evt_1', intent_id: id, status: 'failed' };
          const response = await signed(failed);
          expect(response.status).toBe(200);
          expect(await response.json()).toEqual({ received: true, applied: true });
          expect(await statuses()).toEqual(['failed']);
          expect(
            await (await signed({ event_id: 'evt_2', intent_id: id, status: 'succeeded' })).json(),
          ).toEqual({ received: true, applied: true });
          expect(await statuses()).toEqual(['succeeded']);
        });

        it('a signed event replayed within its 5 minutes changes nothing: a paid deposit stays paid', async () => {
          const id = await reservedIntent();
          const declined = { event_id: 'evt_declined', intent_id: id, status: 'failed' };
          const capturedAt = now;
          const captured = signWebhook(WEBHOOK_SECRET, JSON.stringify(declined), capturedAt);
          expect((await webhook(declined, captured)).status).toBe(200);
          now += 60_000;
          expect(
            (await signed({ event_id: 'evt_paid', intent_id: id, status: 'succeeded' })).status,
          ).toBe(200);
          expect(await statuses()).toEqual(['succeeded']);
          // The attacker sends the captured call again, byte for byte, 3 minutes after it was signed.
          now = capturedAt + 3 * 60_000;
          const replay = await webhook(declined, captured);
          expect(replay.status).toBe(200);
          expect(await replay.json()).toEqual({ received: true, applied: false });
          expect(await statuses()).toEqual(['succeeded']);
          // Each event is kept once, so a replay is known for what it is.
          const events = await store.driver.all(
            'SELECT event_id FROM payment_events ORDER BY event_id',
          );
          expect(events.map((row) => row.event_id)).toEqual(['evt_declined', 'evt_paid']);
        });

        it('refuses a transition out of order: a succeeded deposit never goes back, even by a new event', async () => {
          const id = await reservedIntent();
          expect(
            (await signed({ event_id: 'evt_a', intent_id: id, status: 'succeeded' })).status,
          ).toBe(200);
          const late = await signed({ event_id: 'evt_b', intent_id: id, status: 'failed' });
          expect(late.status).toBe(200);
          expect(await late.json()).toEqual({ received: true, applied: false });
          expect(await statuses()).toEqual(['succeeded']);
        });

        it('a signed body without an event id is refused with a field message, changing nothing', async () => {
          const id = await reservedIntent();
          const response = await signed({ intent_id: id, status: 'succeeded' });
          expect(response.status).toBe(422);
          expect(await response.json()).toMatchObject({ fields: { event_id: expect.any(String) } });
          expect(await statuses()).toEqual(['recorded']);
        });

        it('refuses unsigned, wrongly signed, tampered, stale and replayed-late calls, changing nothing', async () => {
          const id = await reservedIntent();
          const paid = { event_id: 'evt_1', intent_id: id, status: 'succeeded' };
          const raw = JSON.stringify(paid);
          for (const [why, signature, body] of [
            ['no signature', null, paid],
            ['another secret', signWebhook('not-the-secret', raw, now), paid],
            [
              'body changed after signing',
              signWebhook(WEBHOOK_SECRET, raw, now),
              { ...paid, intent_id: 'someone-else' },
            ],
            ['signed 6 minutes ago', signWebhook(WEBHOOK_SECRET, raw, now - 6 * 60_000), paid],
            ['garbage header', 't=abc,v1=zz', paid],
          ] as const) {
            const response = await webhook(body, signature);
            expect(response.status, why).toBe(401);
            expect(await response.json()).toEqual({
              error: 'The webhook signature is missing or invalid.',
            });
          }
          // Within the 5-minute window a signature still holds.
          expect(
            (await webhook(paid, signWebhook(WEBHOOK_SECRET, raw, now - 4 * 60_000))).status,
          ).toBe(200);
          expect(await statuses()).toEqual(['succeeded']);
        });

        it("is 404 for an intent that is not this site's, and where the provider takes no webhooks", async () => {
          const id = await reservedIntent();
          const unknown = { event_id: 'evt_1', intent_id: 'no-such-intent', status: 'succeeded' };
          expect(
            (await webhook(unknown, signWebhook(WEBHOOK_SECRET, JSON.stringify(unknown), now)))
              .status,
          ).toBe(404);
          const paid = { event_id: 'evt_2', intent_id: id, status: 'succeeded' };
          expect(
            (
              await webhook(
                paid,
                signWebhook(WEBHOOK_SECRET, JSON.stringify(paid), now),
                'other-dealer',
              )
            ).status,
          ).toBe(404);
          build({}, false);
          expect(
            (await webhook(paid, signWebhook(WEBHOOK_SECRET, JSON.stringify(paid), now))).status,
          ).toBe(404);
          expect(await statuses()).toEqual(['recorded']);
        });
      });

      it('a second shopper cannot reserve a car someone has just reserved: 409 in plain words, nothing stored', async () => {
        expect((await post('/api/reserve', reservation())).status).toBe(201);
        const second = await post(
          '/api/reserve',
          reservation({
            idempotency_key: 'reserve-0002',
            fields: {
              name: 'Sam',
              last_name: 'Second',
              phone: OTHER,
              email: 'sam@example.com',
              postcode: '4000',
            },
          }),
          { ip: '198.51.100.40' },
        );
        expect(second.status).toBe(409);
        expect(await second.json()).toEqual({ error: JUST_RESERVED, code: 'reserved' });
        const leads = await store.listLeads('bayside-toyota');
        expect(leads.map((lead) => lead.fields.name)).toEqual(['Jo']);
        expect(await new AccountStore(store.driver).paymentIntents('bayside-toyota')).toHaveLength(
          1,
        );
        // The first shopper's retry is still their own reservation, and other cars stay reservable.
        expect((await post('/api/reserve', reservation())).status).toBe(200);
        expect(
          (
            await post(
              '/api/reserve',
              reservation({ car_id: 'car-3', idempotency_key: 'reserve-0003' }),
            )
          ).status,
        ).toBe(201);
      });

      it(`${CONCURRENT_RESERVES} shoppers reserving one car at the same moment: exactly one gets it`, async () => {
        // The guard's per-minute limits would refuse some of the burst; this is about the store.
        api = createApi(
          {
            siteFor: (slug) => (slug === 'bayside-toyota' ? site : undefined),
            store,
            now: () => now,
            rateLimits: false,
            accounts: { codeSender: sender, payments: new RecordingPaymentProvider() },
          },
          (request) => request.headers.get('x-tenant') ?? undefined,
        );
        const responses = await Promise.all(
          Array.from({ length: CONCURRENT_RESERVES }, (_, i) =>
            post(
              '/api/reserve',
              reservation({
                idempotency_key: `reserve-race-${i}`,
                fields: { ...reservation().fields, name: `Shopper ${String.fromCharCode(65 + i)}` },
              }),
              {
                ip: `10.1.0.${i}`,
              },
            ),
          ),
        );
        const statuses = responses.map((response) => response.status);
        console.info(
          `[${kind.name}] ${CONCURRENT_RESERVES} concurrent reserves of one car: ${statuses.filter((status) => status === 201).length} got 201`,
        );
        expect(statuses.filter((status) => status === 201)).toHaveLength(1);
        expect(statuses.filter((status) => status === 409)).toHaveLength(CONCURRENT_RESERVES - 1);
        expect(
          (await store.listLeads('bayside-toyota')).filter((lead) => lead.form === 'reserve'),
        ).toHaveLength(1);
        expect(await new AccountStore(store.driver).paymentIntents('bayside-toyota')).toHaveLength(
          1,
        );
      });

      it('is not there when the site has reserve off', async () => {
        build({ reserve: false });
        expect((await post('/api/reserve', reservation())).status).toBe(404);
      });

      it('refuses a car that is not reservable (sold, unpriced, already reserved) and bad contact details', async () => {
        for (const carId of ['car-2', 'car-4', 'car-5']) {
          const refused = await post(
            '/api/reserve',
            reservation({ car_id: carId, idempotency_key: `reserve-${carId}` }),
          );
          expect(refused.status, carId).toBe(409);
          expect(await refused.json()).toMatchObject({
            error: 'Sorry, this car is no longer available to reserve.',
          });
        }
        const bad = await post('/api/reserve', reservation({ fields: { name: 'Jo' } }));
        expect(bad.status).toBe(422);
        expect(await bad.json()).toMatchObject({
          fields: {
            last_name: 'Please enter your last name.',
            postcode: 'Invalid postcode. Please enter a 4-digit number.',
          },
        });
      });

      it('needs a signed-in shopper when the site gates checkout', async () => {
        build({ sign_in_gated: ['checkout'] });
        expect((await post('/api/reserve', reservation())).status).toBe(401);
        const cookie = await signIn(ME);
        expect((await post('/api/reserve', reservation(), { cookie })).status).toBe(201);
      });
    });
  });
}

describe('the local code sender (npm start, browser tests)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'codes-'));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });
  const message = {
    tenant: 'bayside-toyota',
    phone: '0412345678',
    code: '482913',
    expiresAt: START + ACCOUNT_POLICY.codeTtlMs,
  };

  /** Everything the sender printed (any console method) while sending `message`. */
  async function printed(sender: LocalCodeSender): Promise<string> {
    const lines: unknown[][] = [];
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, method).mockImplementation((...args) => void lines.push(args));
    await sender.send(message);
    return lines.map((args) => args.join(' ')).join('\n');
  }

  it('keeps the code out of the server log and off disk unless SIGN_IN_CODES_LOG=1', async () => {
    const file = path.join(dir, 'sign-in-codes.log');
    const output = await printed(new LocalCodeSender(file, {}));
    expect(output).not.toContain(message.code);
    expect(output).not.toContain(message.phone);
    expect(output).toContain('SIGN_IN_CODES_LOG=1');
    expect(existsSync(file)).toBe(false);
  });

  it('with SIGN_IN_CODES_LOG=1 a developer reads the code in the log and the file', async () => {
    const file = path.join(dir, 'sign-in-codes.log');
    expect(await printed(new LocalCodeSender(file, { SIGN_IN_CODES_LOG: '1' }))).toContain(
      `code ${message.code} for ${message.phone}`,
    );
    expect(JSON.parse(readFileSync(file, 'utf8').trim())).toEqual(message);
  });

  it('refuses to run in production, flag or not', async () => {
    const sender = new LocalCodeSender(path.join(dir, 'x.log'), {
      NODE_ENV: 'production',
      SIGN_IN_CODES_LOG: '1',
    });
    await expect(sender.send(message)).rejects.toThrow(
      'No SMS provider is configured for sign-in codes.',
    );
    expect(existsSync(path.join(dir, 'x.log'))).toBe(false);
  });
});
