import { createHash } from 'node:crypto';
import type { Car } from '../../src/feeds/schemas';
import { isReservable } from '../../src/domain/reservable';
import { isAvailable } from '../../src/domain/stock';
import { formatPrice } from '../../src/domain/format';
import type { Row, SqlRunner } from '../storage/sql';
import type { Store } from '../storage/store';

/** A car as the API checks it: what decides whether it can still be sold, and the price the page shows. */
export interface StockCar {
  id: string;
  slug: string;
  status: string;
  sold: boolean;
  reserved: boolean;
  price: number | null;
  price_type: string | null;
  /** The price as the page prints it ('$42,990'), or null when unpriced. */
  price_text: string | null;
  updated_at: string | null;
  /** Changes whenever any of the fields above does: lets a sync skip cars that did not change. */
  hash: string;
}

export type StockInput = Pick<
  Car,
  'id' | 'slug' | 'status' | 'sold' | 'reserved' | 'price' | 'price_type' | 'updated_at'
>;

const priced = (price: unknown): price is number =>
  typeof price === 'number' && Number.isFinite(price) && price > 0;

export function toStockCar(car: StockInput): StockCar {
  const fields = {
    id: String(car.id),
    slug: car.slug,
    status: String(car.status ?? 'others'),
    sold: car.sold === true,
    reserved: car.reserved === true,
    price: priced(car.price) ? car.price : null,
    price_type: car.price_type ?? null,
    price_text: priced(car.price) ? formatPrice(car.price) : null,
    updated_at: car.updated_at ?? null,
  };
  return {
    ...fields,
    hash: createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 32),
  };
}

/** Rows deleted per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const DELETE_BATCH = 500;

/**
 * Replaces a site's stock with `cars` in one transaction: a reader (a reservation, view.json)
 * sees the old list or the new one, never half of each. Only rows that changed are written (a
 * sync of a 10,000-car feed with ten changes writes ten), so a reservation holding an unchanged
 * car's row does not hold up the sync either. The build calls it after swapping the site into
 * dist/; a sync may call it whenever the feeds change.
 */
export async function replaceStock(
  store: Store,
  tenant: string,
  cars: StockInput[],
  now = Date.now(),
): Promise<number> {
  const rows = cars.map(toStockCar);
  return store.driver.transaction(async (tx) => {
    const stored = new Map(
      (await tx.all(`SELECT car_id, content_hash FROM car_stock WHERE tenant = ?`, [tenant])).map(
        (row) => [String(row.car_id), String(row.content_hash)],
      ),
    );
    const unchanged = new Set(
      rows.filter((car) => stored.get(car.id) === car.hash).map((car) => car.id),
    );
    const stale = [...stored.keys()].filter((id) => !unchanged.has(id));
    for (let start = 0; start < stale.length; start += DELETE_BATCH) {
      const batch = stale.slice(start, start + DELETE_BATCH);
      await tx.run(
        `DELETE FROM car_stock WHERE tenant = ? AND car_id IN (${batch.map(() => '?').join(', ')})`,
        [tenant, ...batch],
      );
    }
    for (const car of rows) {
      if (unchanged.has(car.id)) continue;
      await tx.run(
        `INSERT INTO car_stock (tenant, car_id, slug, status, sold, reserved, price, price_type, price_text, updated_at, content_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          tenant,
          car.id,
          car.slug,
          car.status,
          car.sold ? 1 : 0,
          car.reserved ? 1 : 0,
          car.price,
          car.price_type,
          car.price_text,
          car.updated_at,
          car.hash,
        ],
      );
    }
    await tx.run(
      `INSERT INTO stock_tenants (tenant, cars, replaced_at) VALUES (?, ?, ?) ON CONFLICT (tenant) DO UPDATE SET cars = excluded.cars, replaced_at = excluded.replaced_at`,
      [tenant, rows.length, now],
    );
    return rows.length;
  });
}

function fromRow(row: Row): StockCar {
  return {
    id: String(row.car_id),
    slug: String(row.slug),
    status: String(row.status),
    sold: Number(row.sold) === 1,
    reserved: Number(row.reserved) === 1,
    price: row.price === null || row.price === undefined ? null : Number(row.price),
    price_type: (row.price_type as string | null) ?? null,
    price_text: (row.price_text as string | null) ?? null,
    updated_at: (row.updated_at as string | null) ?? null,
    hash: String(row.content_hash),
  };
}

/**
 * The stored stock's word on one car: `unknown` when no build has written this site's stock yet
 * (the caller falls back to the build's SiteData), `missing` when the stock no longer lists it.
 */
export async function stockCar(
  runner: SqlRunner,
  tenant: string,
  by: { id: string } | { slug: string },
  lock = false,
): Promise<StockCar | 'unknown' | 'missing'> {
  const known = await runner.all(`SELECT cars FROM stock_tenants WHERE tenant = ?`, [tenant]);
  if (!known[0]) return 'unknown';
  const [column, value] = 'id' in by ? ['car_id', by.id] : ['slug', by.slug];
  const rows = await runner.all(
    `SELECT * FROM car_stock WHERE tenant = ? AND ${column} = ?${lock ? ' FOR SHARE' : ''}`,
    [tenant, value],
  );
  return rows[0] ? fromRow(rows[0]) : 'missing';
}

/** Every car of a site's stored stock, by id (empty when none was written). */
export async function stockOf(runner: SqlRunner, tenant: string): Promise<StockCar[]> {
  return (
    await runner.all(`SELECT * FROM car_stock WHERE tenant = ? ORDER BY car_id`, [tenant])
  ).map(fromRow);
}

/** Why the stock says a car cannot be reserved or bought now, or undefined when it can. */
export function unavailableReason(car: StockCar | 'missing'): UnavailableReason | undefined {
  if (car === 'missing') return 'sold';
  if (!isAvailable({ status: car.status as Car['status'], sold: car.sold })) return 'sold';
  if (car.reserved) return 'reserved';
  if (
    !isReservable({
      status: car.status as Car['status'],
      sold: car.sold,
      reserved: car.reserved,
      price: car.price,
    })
  )
    return 'unavailable';
  return undefined;
}

export type UnavailableReason = 'sold' | 'reserved' | 'unavailable';

/** What a shopper reads when the car went after the page was built (409 from reserve and buy-online). */
export const UNAVAILABLE_MESSAGES: Record<UnavailableReason, string> = {
  sold: 'Sorry, this car has just been sold. Nothing has been charged. Please choose another car, or call the dealership about one like it.',
  reserved:
    'Sorry, this car was just reserved by another shopper. Nothing has been charged. Please choose another car, or call the dealership about it.',
  unavailable:
    'Sorry, this car is no longer available to reserve. Nothing has been charged. Please call the dealership about it.',
};
