import { createHash } from 'node:crypto';
import { isAvailable } from '../../src/domain/stock';
import { carPath } from '../../src/site/paths';

/** What a car looks like to a shopper, as far as stock changes go. */
export interface CarState {
  status: string;
  sold: boolean;
  reserved: boolean;
  price?: number;
  /** The car's page (its URL outlives the record: a removed car's page is announced as gone). */
  path?: string;
  /** A digest of everything else the car's pages show (title, text, specs, photos, ...). */
  details?: string;
}

/** Car states by car id: what a sync remembers of the last feed it built from. */
export type StockState = Record<string, CarState>;

export interface StockChanges {
  added: string[];
  sold: string[];
  reserved: string[];
  priceChanged: string[];
  /** Text, specifications, photos or other fields changed, with status and price as they were. */
  detailsChanged: string[];
  /** Status changed in some other way (e.g. unsold, unreserved, "in_transit"). */
  statusChanged: string[];
  removed: string[];
  /** Cars whose record is now malformed: left out of the build, but not counted as removed. */
  unreadable: string[];
}

interface CarLike {
  id?: string | number;
  slug?: string;
  status?: string;
  sold?: boolean | null;
  reserved?: boolean | null;
  price?: number | null;
  [field: string]: unknown;
}

/**
 * Fields left out of the details digest: those counted on their own (status, price), and those
 * that change without the pages showing it (views counts up all day; updated_at moves with them).
 */
const NOT_DETAILS = new Set([
  'id',
  'status',
  'sold',
  'reserved',
  'price',
  'sold_date_timestamp',
  'views',
  'updated_at',
]);

function detailsDigest(car: CarLike): string {
  const details = Object.fromEntries(
    Object.entries(car).filter(([field]) => !NOT_DETAILS.has(field)),
  );
  return createHash('sha1').update(JSON.stringify(details)).digest('base64url').slice(0, 16);
}

/** The stock state of validated car records (records without an id can't be followed and are skipped). */
export function stockState(cars: readonly CarLike[]): StockState {
  const state: StockState = {};
  for (const car of cars) {
    if (car.id === undefined) continue;
    state[String(car.id)] = {
      status: car.status ?? '',
      // SPEC 4: anything not in_stock or coming_soon shows as sold.
      sold: !isAvailable({ status: car.status ?? '', sold: car.sold ?? undefined }),
      reserved: car.reserved === true,
      ...(typeof car.price === 'number' ? { price: car.price } : {}),
      ...(car.slug ? { path: carPath({ slug: car.slug }) } : {}),
      details: detailsDigest(car),
    };
  }
  return state;
}

/**
 * What changed between two reads of a cars feed. `rejectedIds` are the ids of records that failed
 * validation this time: a car whose record went bad is reported as unreadable, never as removed
 * (the dealer's system most likely sent a broken record, not a sale).
 */
export function diffStock(
  before: StockState,
  after: StockState,
  rejectedIds: Iterable<string> = [],
): StockChanges {
  const changes: StockChanges = {
    added: [],
    sold: [],
    reserved: [],
    priceChanged: [],
    detailsChanged: [],
    statusChanged: [],
    removed: [],
    unreadable: [],
  };
  const rejected = new Set(rejectedIds);
  for (const [id, car] of Object.entries(after)) {
    const old = before[id];
    if (!old) {
      changes.added.push(id);
      continue;
    }
    if (car.sold && !old.sold) changes.sold.push(id);
    else if (car.reserved && !old.reserved && !car.sold) changes.reserved.push(id);
    else if (car.status !== old.status || car.sold !== old.sold || car.reserved !== old.reserved)
      changes.statusChanged.push(id);
    if (car.price !== old.price) changes.priceChanged.push(id);
    // A state kept before digests existed has none: its cars are not all "changed".
    if (old.details !== undefined && car.details !== old.details) changes.detailsChanged.push(id);
  }
  for (const id of Object.keys(before)) {
    if (id in after) continue;
    (rejected.has(id) ? changes.unreadable : changes.removed).push(id);
  }
  return changes;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** "1 sold, 2 price changes, 4 detail changes" (empty when nothing changed). */
export function describeChanges(changes: StockChanges): string {
  const parts: string[] = [];
  if (changes.added.length) parts.push(`${changes.added.length} added`);
  if (changes.sold.length) parts.push(`${changes.sold.length} sold`);
  if (changes.reserved.length) parts.push(`${changes.reserved.length} reserved`);
  if (changes.priceChanged.length) parts.push(plural(changes.priceChanged.length, 'price change'));
  if (changes.detailsChanged.length)
    parts.push(plural(changes.detailsChanged.length, 'detail change'));
  if (changes.statusChanged.length)
    parts.push(plural(changes.statusChanged.length, 'status change'));
  if (changes.removed.length) parts.push(`${changes.removed.length} removed`);
  if (changes.unreadable.length)
    parts.push(
      `${plural(changes.unreadable.length, 'malformed record')} (kept out, not counted as removed)`,
    );
  return parts.join(', ');
}

export function hasChanges(changes: StockChanges): boolean {
  return Object.values(changes).some((ids) => ids.length > 0);
}
