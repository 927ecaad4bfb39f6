import { cleanStores } from 'nanostores';
import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeLimits } from '../../api/accounts/code-limits';
import { MemoryCodeSender } from '../../api/accounts/code-sender';
import {
  canMovePayment,
  type PaymentEventStatus,
  type PaymentStatus,
} from '../../api/accounts/payment-status';
import { ACCOUNT_POLICY, codesPerSitePerHour } from '../../api/accounts/policy';
import { RecordingPaymentProvider } from '../../api/accounts/payments';
import { createApi } from '../../api/app';
import { openSqlite } from '../../api/storage/sqlite-driver';
import { Store } from '../../api/storage/store';
import { EVENTS } from '../../src/analytics/events';
import { setAnalyticsSink } from '../../src/analytics/track';
import { isReservable } from '../../src/domain/reservable';
import {
  canUseWatchlist,
  depositCents,
  leadPageGate,
  safeReturnPath,
  showsWatchlistButton,
  signInUrl,
  watchlistToast,
} from '../../src/domain/accounts';
import { $session } from '../../src/stores/session';
import { $viewedCars, recordViewedCar, VIEWED_LIMIT } from '../../src/stores/viewed';
import { $watchlist, changeWatchlist } from '../../src/stores/watchlist';
import { apiTestSite } from '../support/api-site';

describe('sign-in links (SPEC 2)', () => {
  it.each([
    ['/cars/abc', '/cars/abc'],
    ['/search/new-cars?page=2', '/search/new-cars?page=2'],
    ['//evil.example.com/x', '/'],
    ['https://evil.example.com', '/'],
    ['/\\evil.example.com', '/'],
    ['/sign-in?type=watchlist', '/'],
    ['', '/'],
    [null, '/'],
  ])('return path %s -> %s', (target, expected) => {
    expect(safeReturnPath(target)).toBe(expected);
  });

  it('builds /sign-in?type={kind}&redirect={target}&back={return}', () => {
    expect(signInUrl('watchlist', '/cars/abc', '/search/used-cars')).toBe(
      '/sign-in?type=watchlist&redirect=%2Fcars%2Fabc&back=%2Fsearch%2Fused-cars',
    );
    expect(signInUrl('checkout', '//evil.example.com', '/')).toBe(
      '/sign-in?type=checkout&redirect=%2F&back=%2F',
    );
    // A finance link's query and #finance-form anchor survive the trip through sign-in.
    expect(signInUrl('finance', '/finance?vehiclePriceBudget=30000#finance-form', '/')).toBe(
      '/sign-in?type=finance&redirect=%2Ffinance%3FvehiclePriceBudget%3D30000%23finance-form&back=%2F',
    );
  });
});

describe('gated lead-form pages (SPEC 6: gated routes per site flags)', () => {
  const southernCross = ['watchlist', 'checkout', 'finance', 'car-finance', 'my-garage'];
  const bayside = ['watchlist', 'my-garage'];
  it.each([
    ['/finance', southernCross, 'finance'],
    ['/finance-enquiry', southernCross, 'finance'],
    ['/apply-for-finance', southernCross, 'car-finance'],
    ['/personalised/finance', southernCross, 'car-finance'],
    ['/trade-in', southernCross, undefined],
    ['/sell-my-car', southernCross, undefined],
    ['/finance', bayside, undefined],
    ['/apply-for-finance', bayside, undefined],
    ['/apply-for-finance', ['finance'], undefined],
    ['/finance', ['car-finance'], undefined],
    ['/trade-in', ['trade-in'], 'trade-in'],
    ['/cars/trade-in', ['trade-in'], 'trade-in'],
    ['/sell-my-car', ['trade-in'], undefined],
    ['/sell-my-car', ['sell-my-car'], 'sell-my-car'],
  ] as const)('%s with sign_in_gated %j -> %s', (path, gated, expected) => {
    expect(leadPageGate(path, gated)).toBe(expected);
  });
});

describe('watchlist rules (SPEC 4, 5)', () => {
  it.each([
    [true, false, true],
    [true, true, true],
    [false, true, true],
    [false, false, false],
  ])('available %s, saved %s: button shown %s', (available, saved, shown) => {
    expect(showsWatchlistButton(available, saved)).toBe(shown);
  });

  it.each([
    [{ id: 'u1', phone: '0412345678' }, true],
    [{ id: 'u1', phone: '' }, false],
    [{ id: '', phone: '0412345678' }, false],
    [null, false],
  ])('user %j may save: %s', (user, allowed) => {
    expect(canUseWatchlist(user)).toBe(allowed);
  });

  it('toasts say SPEC words', () => {
    expect(watchlistToast(true, '2023 Toyota Corolla')).toEqual({
      title: 'Car Saved In Watchlist',
      message: '2023 Toyota Corolla is now available in your watchlist',
    });
    expect(watchlistToast(false, '2023 Toyota Corolla')).toEqual({
      title: 'Car Removed',
      message: '2023 Toyota Corolla is no longer in your watchlist',
    });
  });

  it.each([
    ['$200', 20_000],
    ['$1,500', 150_000],
    ['$99.50', 9_950],
    ['two hundred', undefined],
  ])('deposit %s is %s cents', (text, cents) => {
    expect(depositCents(text)).toBe(cents);
  });
});

describe('reservable (SPEC 4: reserve and online purchase only for a reservable car)', () => {
  const car = { status: 'in_stock', sold: false, reserved: false, price: 32_990 };
  it.each([
    ['in stock, priced', {}, true],
    ['coming soon, priced', { status: 'coming_soon' }, true],
    ['sold status', { status: 'sold' }, false],
    ['other status', { status: 'others' }, false],
    ['in stock but flagged sold', { sold: true }, false],
    ['coming soon but flagged sold', { status: 'coming_soon', sold: true }, false],
    ['already reserved', { reserved: true }, false],
    ['coming soon and reserved', { status: 'coming_soon', reserved: true }, false],
    ['no price', { price: undefined }, false],
    ['price 0 (price on application)', { price: 0 }, false],
    ['negative price', { price: -1 }, false],
    ['price $1', { price: 1 }, true],
    ['sold and reserved fields absent', { sold: undefined, reserved: undefined }, true],
  ])('%s -> %s', (_, overrides, expected) => {
    expect(isReservable({ ...car, ...overrides } as Parameters<typeof isReservable>[0])).toBe(
      expected,
    );
  });
});

describe('viewed cars store', () => {
  beforeAll(() => useTestStorageEngine());
  afterEach(() => {
    cleanTestStorage();
    cleanStores($viewedCars);
  });

  it('keeps SPEC viewed-car records in storage, newest first, once each, at most 20', () => {
    for (let i = 1; i <= VIEWED_LIMIT + 2; i++)
      recordViewedCar({
        id: String(i),
        stocknum: `S${i}`,
        make: 'Toyota',
        model: 'Corolla',
        body: 'Hatch',
        simple_body: 'hatch',
      });
    recordViewedCar({ id: '5', make: 'Toyota', model: 'Corolla' });
    const stored = JSON.parse(getTestStorage().viewed_cars!) as { id: string }[];
    expect(stored).toHaveLength(VIEWED_LIMIT);
    expect(stored.slice(0, 3).map((car) => car.id)).toEqual(['5', '22', '21']);
    expect(stored.filter((car) => car.id === '5')).toHaveLength(1);
    expect(stored[1]).toEqual({
      id: '22',
      stocknum: 'S22',
      make: 'Toyota',
      model: 'Corolla',
      body: 'Hatch',
      simple_body: 'hatch',
    });
  });
});

describe('watchlist store against the real API', () => {
  let dir: string;
  let store: Store;
  let cookie = '';
  const realFetch = globalThis.fetch;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'accounts-store-'));
    store = new Store(openSqlite(path.join(dir, 'db.sqlite')));
    await store.migrate();
    const site = apiTestSite();
    const sender = new MemoryCodeSender();
    const api = createApi(
      {
        siteFor: () => site,
        store,
        accounts: { codeSender: sender, payments: new RecordingPaymentProvider() },
      },
      () => 'bayside-toyota',
    );
    // The browser's fetch, answered by the API app itself with this shopper's cookie.
    globalThis.fetch = (async (input: string, init: RequestInit = {}) =>
      api.fetch(
        new Request(new URL(input, 'https://localhost'), {
          ...init,
          headers: { ...(init.headers as Record<string, string>), cookie },
        }),
      )) as typeof fetch;
    const json = { 'content-type': 'application/json' };
    await fetch('/api/auth/request-code', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ phone_number: '0412345678' }),
    });
    const verified = await fetch('/api/auth/verify-code', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ phone_number: '0412345678', code: sender.last('0412345678') }),
    });
    cookie = verified.headers.get('set-cookie')!.split(';')[0]!;
    $session.set({ status: 'signed-in', user: { id: 'u', phone: '0412345678' } });
    $watchlist.set({ status: 'ready', ids: [] });
  });
  afterEach(async () => {
    globalThis.fetch = realFetch;
    setAnalyticsSink(undefined);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('saves at once, then calls the API, and fires event 39', async () => {
    const events: number[] = [];
    setAnalyticsSink({ send: (event) => void events.push(event.id) });
    const pending = changeWatchlist('car-1', true);
    expect($watchlist.get()).toEqual({ status: 'ready', ids: ['car-1'] });
    expect(await pending).toEqual({ ok: true });
    expect($watchlist.get()).toEqual({ status: 'ready', ids: ['car-1'] });
    expect(events).toEqual([EVENTS.favouriteCar]);
    expect(await changeWatchlist('car-1', false)).toEqual({ ok: true });
    expect($watchlist.get()).toEqual({ status: 'ready', ids: [] });
  });

  it('rolls back with the API message when the API refuses', async () => {
    $session.set({ status: 'signed-in', user: { id: 'u', phone: '0498765432' } });
    const pending = changeWatchlist('car-1', true);
    expect($watchlist.get()).toEqual({ status: 'ready', ids: ['car-1'] });
    expect(await pending).toEqual({ ok: false, error: 'You can only change your own watchlist.' });
    expect($watchlist.get()).toEqual({ status: 'ready', ids: [] });
  });

  it('needs a signed-in user with a phone number', async () => {
    $session.set({ status: 'signed-out' });
    expect(await changeWatchlist('car-1', true)).toEqual({
      ok: false,
      error: 'Please sign in to use your watchlist.',
    });
    expect($watchlist.get()).toEqual({ status: 'ready', ids: [] });
  });
});

describe('deposit payment states', () => {
  /** Where a payment ends up after `events` (each applied only if the move is allowed). */
  const settle = (events: PaymentEventStatus[]) =>
    events.reduce<PaymentStatus>(
      (status, next) => (canMovePayment(status, next) ? next : status),
      'recorded',
    );
  const anyEvents = fc.array(
    fc.constantFrom<PaymentEventStatus>('requires_action', 'failed', 'succeeded'),
    { maxLength: 12 },
  );

  it('a paid deposit stays paid, whatever arrives after it, in any order', () => {
    fc.assert(
      fc.property(anyEvents, anyEvents, (before, after) => {
        expect(settle([...before, 'succeeded', ...after])).toBe('succeeded');
      }),
    );
  });

  it('never goes back to recorded, and a declined card can still be paid', () => {
    for (const from of ['requires_action', 'failed', 'succeeded'] as const)
      expect(canMovePayment(from, 'recorded')).toBe(false);
    expect(settle(['requires_action', 'failed', 'succeeded'])).toBe('succeeded');
    expect(settle(['failed'])).toBe('failed');
  });
});

describe('site-wide sign-in code budget setting', () => {
  it('is 30 codes an hour unless SIGN_IN_CODES_PER_SITE_PER_HOUR sets a whole number of at least 1', () => {
    expect(ACCOUNT_POLICY.codesPerSitePerHour).toBe(30);
    expect(codesPerSitePerHour({})).toBe(30);
    expect(codesPerSitePerHour({ SIGN_IN_CODES_PER_SITE_PER_HOUR: '120' })).toBe(120);
    for (const bad of ['0', '-5', '2.5', 'lots'])
      expect(codesPerSitePerHour({ SIGN_IN_CODES_PER_SITE_PER_HOUR: bad }), bad).toBe(30);
  });

  it('makes a site busy past that many codes an hour and caps it at five times as many; with rate limits off only those two apply', () => {
    expect(codeLimits(true, {})).toEqual({
      perPhonePerHour: 5,
      phoneBackoffMs: 30_000,
      perNetworkPerHour: 20,
      perNetworkWhenBusy: 3,
      siteBusyAfter: 30,
      siteCeiling: 150,
    });
    expect(codeLimits(false, { SIGN_IN_CODES_PER_SITE_PER_HOUR: '120' })).toMatchObject({
      perNetworkPerHour: Infinity,
      siteBusyAfter: 120,
      siteCeiling: 600,
    });
  });
});
