import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordingPaymentProvider } from '../../api/accounts/payments';
import { AccountStore } from '../../api/accounts/store';
import { createApi } from '../../api/app';
import { openStore, type Store } from '../../api/storage/store';
import { replaceStock, stockCar, stockOf, type StockInput } from '../../api/stock/stock';
import { MemoryCodeSender } from '../../api/accounts/code-sender';
import type { SiteData } from '../../src/site/types';
import { apiTestSite } from '../support/api-site';
import { storeKinds } from '../support/stores';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const TENANT = 'bayside-toyota';

function testSite(): SiteData {
  const site = apiTestSite();
  const [car] = site.cars as unknown as Record<string, unknown>[];
  const cars = [
    { ...car, status: 'in_stock', price: 31990, price_type: 'Drive Away', images: [] },
    {
      ...car,
      id: 'car-2',
      slug: '2022-toyota-rav4-car-2',
      name: '2022 Toyota RAV4',
      status: 'in_stock',
      price: 42990,
      images: [],
    },
  ];
  return {
    ...site,
    cars,
    tenant: { ...site.tenant, features: { ...site.tenant.features, reserve: true } },
  } as unknown as SiteData;
}

/** The stock a build would write for testSite(), with `changes` applied to car-1. */
function stock(site: SiteData, changes: Partial<StockInput> = {}): StockInput[] {
  return site.cars.map((car) => (car.id === 'car-1' ? { ...car, ...changes } : car));
}

for (const kind of storeKinds()) {
  describe.skipIf(!kind.available)(`live stock on ${kind.name}`, () => {
    let store: Store;
    let env: Record<string, string>;
    let dispose: () => Promise<void>;
    let site: SiteData;
    let api: ReturnType<typeof createApi>;

    beforeEach(async () => {
      ({ store, env, dispose } = await kind.open());
      site = testSite();
      api = createApi(
        {
          siteFor: (slug) => (slug === TENANT ? site : undefined),
          store,
          now: () => NOW,
          accounts: {
            codeSender: new MemoryCodeSender(),
            payments: new RecordingPaymentProvider(),
          },
        },
        () => TENANT,
      );
    });
    afterEach(async () => dispose());

    const reserve = (carId: string, key: string) =>
      api.fetch(
        new Request('https://localhost/api/reserve', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
          body: JSON.stringify({
            form: 'reserve',
            idempotency_key: key,
            started_at: NOW - 20_000,
            website: '',
            car_id: carId,
            fields: {
              name: 'Jo',
              last_name: 'Citizen',
              phone: '0412345678',
              email: 'jo@example.com',
              postcode: '4000',
            },
          }),
        }),
      );
    const view = async (slug: string) =>
      (await (
        await api.fetch(new Request(`https://localhost/api/cars/${slug}/view.json?photos_count=0`))
      ).json()) as {
        car_fields: Record<string, unknown>;
      };

    it('a car sold after the build cannot be reserved: 409 in plain words, nothing stored, no deposit asked', async () => {
      await replaceStock(store, TENANT, stock(site, { status: 'sold', sold: true }));
      const response = await reserve('car-1', 'reserve-sold');
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        code: 'sold',
        error:
          'Sorry, this car has just been sold. Nothing has been charged. Please choose another car, or call the dealership about one like it.',
      });
      expect(await store.listLeads(TENANT)).toEqual([]);
      expect(await new AccountStore(store.driver).paymentIntents(TENANT)).toEqual([]);
      expect(await store.reservedCars(TENANT)).toEqual([]);
      // The other car, still in stock, can be reserved.
      expect((await reserve('car-2', 'reserve-other')).status).toBe(201);
    });

    it('a car the dealer marked reserved (or dropped from the stock) after the build gets 409 too', async () => {
      await replaceStock(store, TENANT, stock(site, { reserved: true }));
      const reserved = await reserve('car-1', 'reserve-reserved');
      expect(reserved.status).toBe(409);
      expect(await reserved.json()).toMatchObject({ code: 'reserved' });
      await replaceStock(
        store,
        TENANT,
        stock(site).filter((car) => car.id !== 'car-1'),
      );
      expect(await (await reserve('car-1', 'reserve-gone')).json()).toMatchObject({ code: 'sold' });
      expect(await store.listLeads(TENANT)).toEqual([]);
    });

    it("with no stock written yet, the build's copy decides (the API started before any build)", async () => {
      expect((await view(site.cars[0]!.slug)).car_fields).toMatchObject({
        status: 'in_stock',
        price: 31990,
        price_text: '$31,990',
      });
      expect((await reserve('car-1', 'reserve-fallback')).status).toBe(201);
    });

    it("view.json's car_fields come from the stock table: status, sold, reserved and a new price", async () => {
      await replaceStock(
        store,
        TENANT,
        stock(site, { price: 29990, price_type: 'Excl. Govt. Charges' }),
      );
      expect((await view(site.cars[0]!.slug)).car_fields).toMatchObject({
        status: 'in_stock',
        sold: false,
        reserved: false,
        price: 29990,
        price_type: 'Excl. Govt. Charges',
        price_text: '$29,990',
      });
      await replaceStock(store, TENANT, stock(site, { status: 'sold', sold: true }));
      expect((await view(site.cars[0]!.slug)).car_fields).toMatchObject({
        status: 'sold',
        sold: true,
      });
      await replaceStock(store, TENANT, stock(site, { reserved: true }));
      expect((await view(site.cars[0]!.slug)).car_fields).toMatchObject({
        status: 'in_stock',
        reserved: true,
      });
    });

    it('replaceStock is atomic: a reader on another Store instance sees the whole old or the whole new stock, never half', async () => {
      const reader = await openStore({ ...process.env, ...env });
      try {
        const cars = (status: string): StockInput[] =>
          Array.from({ length: 300 }, (_, i) => ({
            id: `c${i}`,
            slug: `car-${i}`,
            status: status as StockInput['status'],
            sold: status === 'sold',
            price: 20000 + i,
          }));
        await replaceStock(store, TENANT, cars('in_stock'));
        const seen = new Set<string>();
        let writing = true;
        const reads = (async () => {
          while (writing) {
            const rows = await stockOf(reader.driver, TENANT);
            seen.add(`${rows.length}:${[...new Set(rows.map((row) => row.status))].join(',')}`);
            // SQLite answers synchronously: let the writer's turn come.
            await new Promise((resolve) => setImmediate(resolve));
          }
        })();
        for (let round = 0; round < 6; round++)
          await replaceStock(store, TENANT, cars(round % 2 ? 'in_stock' : 'sold'));
        writing = false;
        await reads;
        expect([...seen].every((state) => state === '300:in_stock' || state === '300:sold')).toBe(
          true,
        );
      } finally {
        await reader.close();
      }
    });

    it('a sync writes only what changed, and the stock is then exactly the feed: sold, repriced, gone and new cars', async () => {
      const cars = Array.from({ length: 50 }, (_, i): StockInput => ({
        id: `c${i}`,
        slug: `car-${i}`,
        status: 'in_stock',
        sold: false,
        price: 20000 + i,
      }));
      await replaceStock(store, TENANT, cars);
      const next = [
        ...cars
          .filter((car) => car.id !== 'c3')
          .map((car) =>
            car.id === 'c1'
              ? { ...car, status: 'sold' as const, sold: true }
              : car.id === 'c2'
                ? { ...car, price: 19999 }
                : car,
          ),
        { id: 'c99', slug: 'car-99', status: 'in_stock' as const, sold: false, price: 30000 },
      ];
      await replaceStock(store, TENANT, next);
      const rows = await stockOf(store.driver, TENANT);
      expect(rows.map((row) => [row.id, row.status, row.price]).sort()).toEqual(
        next.map((car) => [car.id, car.status, car.price]).sort(),
      );
    });

    // Row locks (FOR SHARE) are PostgreSQL's; SQLite's writer never waits for a reader.
    if (kind.name === 'postgres')
      it('a reservation holding one car does not hold up a sync that leaves that car as it is', async () => {
        const cars = Array.from({ length: 20 }, (_, i): StockInput => ({
          id: `c${i}`,
          slug: `car-${i}`,
          status: 'in_stock',
          sold: false,
          price: 20000 + i,
        }));
        await replaceStock(store, TENANT, cars);
        const other = await openStore({ ...process.env, ...env });
        try {
          const outcome = await other.driver.transaction(async (tx) => {
            // As a reservation does: the car's stock row held FOR SHARE until it commits.
            await stockCar(tx, TENANT, { id: 'c5' }, true);
            const sync = replaceStock(
              store,
              TENANT,
              cars.map((car) => (car.id === 'c6' ? { ...car, price: 1 } : car)),
            ).then(() => 'synced');
            return Promise.race([
              sync,
              new Promise((resolve) => setTimeout(() => resolve('held up'), 5_000)),
            ]);
          });
          expect(outcome).toBe('synced');
        } finally {
          await other.close();
        }
      });

    it('two API instances over one database agree on the stock and on the single reservation', async () => {
      const second = await openStore({ ...process.env, ...env });
      try {
        const api2 = createApi(
          {
            siteFor: (slug) => (slug === TENANT ? site : undefined),
            store: second,
            now: () => NOW,
            accounts: {
              codeSender: new MemoryCodeSender(),
              payments: new RecordingPaymentProvider(),
            },
          },
          () => TENANT,
        );
        await replaceStock(store, TENANT, stock(site, { price: 30500 }));
        const fields = (await (
          await api2.fetch(
            new Request(`https://localhost/api/cars/${site.cars[0]!.slug}/view.json`),
          )
        ).json()) as {
          car_fields: { price: number };
        };
        expect(fields.car_fields.price).toBe(30500);
        const body = (key: string) =>
          JSON.stringify({
            form: 'reserve',
            idempotency_key: key,
            started_at: NOW - 20_000,
            website: '',
            car_id: 'car-1',
            fields: {
              name: 'Jo',
              last_name: 'Citizen',
              phone: '0412345678',
              email: 'jo@example.com',
              postcode: '4000',
            },
          });
        const post = (app: typeof api, key: string) =>
          app.fetch(
            new Request('https://localhost/api/reserve', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
              body: body(key),
            }),
          );
        const statuses = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            Promise.resolve(post(i % 2 ? api : api2, `reserve-race-${i}`)).then((r) => r.status),
          ),
        );
        expect(
          statuses.filter((status) => status === 201),
          String(statuses),
        ).toHaveLength(1);
        expect(statuses.filter((status) => status === 409)).toHaveLength(9);
        expect(await second.reservedCars(TENANT)).toEqual(['car-1']);
      } finally {
        await second.close();
      }
    });
  });
}
