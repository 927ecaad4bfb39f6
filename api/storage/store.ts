import { apiEnv } from '../env';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { stockCar, unavailableReason, type UnavailableReason } from '../stock/stock';
import { migrate } from './migrations';
import { openPostgres } from './postgres-driver';
import type { Row, SqlDriver, SqlRunner } from './sql';
import { openSqlite } from './sqlite-driver';

export type DeliveryChannel = 'webhook' | 'email' | 'log';
export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One POST of a lead form (or one step of a multi-step form). */
export interface LeadSubmission {
  tenant: string;
  idempotencyKey: string;
  form: string;
  category?: string | null;
  subcategory?: string | null;
  carId?: string | null;
  fields: Record<string, unknown>;
  /** Continue this multi-step lead instead of starting a new one. */
  leadId?: string | null;
  /** False for an early step of a multi-step form: stored, but not delivered yet. */
  isLastStep: boolean;
  /** Where the finished lead goes; one outbox row each, in the same transaction as the lead. */
  channels: DeliveryChannel[];
  /**
   * A reservation: hold `carId` for this lead in the same transaction. The store keeps at most one
   * active hold per car (tenant, car_id), so of shoppers racing for one car exactly one is stored;
   * the others get `reason: 'car_reserved'` and nothing of theirs is kept.
   */
  reserveCar?: boolean;
  now: number;
}

export type SubmitResult =
  | { ok: true; leadId: string; created: boolean }
  | { ok: false; error: string; reason?: 'car_reserved' }
  | { ok: false; error: string; reason: 'car_unavailable'; unavailable: UnavailableReason };

export interface Delivery {
  id: string;
  leadId: string;
  tenant: string;
  channel: DeliveryChannel;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  deliveredAt: number | null;
}

export interface StoredLead {
  id: string;
  tenant: string;
  form: string;
  category: string | null;
  subcategory: string | null;
  carId: string | null;
  fields: Record<string, unknown>;
  status: 'open' | 'submitted';
  createdAt: number;
  updatedAt: number;
  deliveries: Delivery[];
}

export interface VisitorEvent {
  id: string;
  tenant: string;
  kind: string;
  data: Record<string, unknown>;
  createdAt: number;
}

const num = (value: unknown): number => Number(value);
const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

function toDelivery(row: Row): Delivery {
  return {
    id: String(row.id),
    leadId: String(row.lead_id),
    tenant: String(row.tenant),
    channel: row.channel as DeliveryChannel,
    status: row.status as DeliveryStatus,
    attempts: num(row.attempts),
    nextAttemptAt: num(row.next_attempt_at),
    lastError: (row.last_error as string | null) ?? null,
    deliveredAt: numOrNull(row.delivered_at),
  };
}

/**
 * Everything the API keeps: leads (with idempotency keys and their outbox), view counts and
 * visitor events (phone reveals, valuations). One class over either database driver.
 */
export class Store {
  /** The latest day countView has seen: older visitor rows were deleted when it began. */
  private viewDay = Number.NEGATIVE_INFINITY;

  constructor(readonly driver: SqlDriver) {}

  migrate(): Promise<number> {
    return migrate(this.driver);
  }

  close(): Promise<void> {
    return this.driver.close();
  }

  /**
   * Stores a lead (or one step of it) exactly once per idempotency key. A finished lead gets its
   * outbox rows in the same transaction, so once this resolves the lead will be delivered.
   */
  async submitLead(input: LeadSubmission): Promise<SubmitResult> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.submitOnce(input);
      } catch (error) {
        if (error instanceof CarAlreadyReserved)
          return { ok: false, reason: 'car_reserved', error: error.message };
        if (error instanceof CarNotInStock)
          return {
            ok: false,
            reason: 'car_unavailable',
            unavailable: error.reason,
            error: error.message,
          };
        if (!(error instanceof IdempotencyRace) || attempt >= 2) throw error;
      }
    }
  }

  private submitOnce(input: LeadSubmission): Promise<SubmitResult> {
    return this.driver.transaction(async (tx): Promise<SubmitResult> => {
      const seen = await tx.all(
        `SELECT lead_id FROM lead_requests WHERE tenant = ? AND idempotency_key = ?`,
        [input.tenant, input.idempotencyKey],
      );
      if (seen[0]) return { ok: true, leadId: String(seen[0].lead_id), created: false };

      let leadId: string;
      if (input.leadId) {
        const rows = await tx.all(`SELECT fields, status FROM leads WHERE id = ? AND tenant = ?`, [
          input.leadId,
          input.tenant,
        ]);
        const lead = rows[0];
        if (!lead)
          return { ok: false, error: 'This enquiry could not be found. Please start again.' };
        if (lead.status !== 'open')
          return { ok: false, error: 'This enquiry has already been sent.' };
        leadId = input.leadId;
        const fields = {
          ...(JSON.parse(String(lead.fields)) as Record<string, unknown>),
          ...input.fields,
        };
        await tx.run(
          `UPDATE leads SET fields = ?, category = COALESCE(?, category), subcategory = COALESCE(?, subcategory), car_id = COALESCE(?, car_id), status = ?, updated_at = ? WHERE id = ?`,
          [
            JSON.stringify(fields),
            input.category ?? null,
            input.subcategory ?? null,
            input.carId ?? null,
            input.isLastStep ? 'submitted' : 'open',
            input.now,
            leadId,
          ],
        );
      } else {
        leadId = randomUUID();
        await tx.run(
          `INSERT INTO leads (id, tenant, form, category, subcategory, car_id, fields, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            leadId,
            input.tenant,
            input.form,
            input.category ?? null,
            input.subcategory ?? null,
            input.carId ?? null,
            JSON.stringify(input.fields),
            input.isLastStep ? 'submitted' : 'open',
            input.now,
            input.now,
          ],
        );
      }
      // ON CONFLICT: a concurrent request with the same key waits for our commit, then loses here.
      const claimed = await tx.run(
        `INSERT INTO lead_requests (tenant, idempotency_key, lead_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (tenant, idempotency_key) DO NOTHING`,
        [input.tenant, input.idempotencyKey, leadId, input.now],
      );
      if (!claimed) throw new IdempotencyRace();
      // After the idempotency claim: a retry racing its own first try is answered as a repeat, not a clash.
      if (input.reserveCar) await this.holdCar(tx, input.tenant, input.carId, leadId, input.now);
      if (input.isLastStep) await this.enqueue(tx, leadId, input.tenant, input.channels, input.now);
      return { ok: true, leadId, created: true };
    });
  }

  /**
   * Claims the car for `leadId`, or throws CarAlreadyReserved (rolling back the whole lead). The
   * partial unique index decides: a concurrent claim waits for the first one's commit, then loses.
   */
  private async holdCar(
    tx: SqlRunner,
    tenant: string,
    carId: string | null | undefined,
    leadId: string,
    now: number,
  ): Promise<void> {
    if (!carId) throw new Error('A reservation needs a car.');
    // The live stock (written by each build or sync) has the last word; FOR SHARE holds off a
    // concurrent replaceStock until this reservation is decided. No stock yet: the route's SiteData check stands.
    const stocked = await stockCar(tx, tenant, { id: carId }, this.driver.dialect === 'postgres');
    const reason = stocked === 'unknown' ? undefined : unavailableReason(stocked);
    if (reason) throw new CarNotInStock(reason);
    const held = await tx.run(
      `INSERT INTO car_reservations (lead_id, tenant, car_id, created_at, released_at) VALUES (?, ?, ?, ?, NULL) ON CONFLICT DO NOTHING`,
      [leadId, tenant, carId, now],
    );
    if (!held) throw new CarAlreadyReserved();
  }

  /** The car ids with an active reservation on this site. */
  async reservedCars(tenant: string): Promise<string[]> {
    const rows = await this.driver.all(
      `SELECT car_id FROM car_reservations WHERE tenant = ? AND released_at IS NULL ORDER BY car_id`,
      [tenant],
    );
    return rows.map((row) => String(row.car_id));
  }

  /** Ends the active hold on a car (the dealer let the reservation go), so it can be reserved again. */
  async releaseCar(tenant: string, carId: string, now: number): Promise<boolean> {
    return (
      (await this.driver.run(
        `UPDATE car_reservations SET released_at = ? WHERE tenant = ? AND car_id = ? AND released_at IS NULL`,
        [now, tenant, carId],
      )) > 0
    );
  }

  private async enqueue(
    tx: SqlRunner,
    leadId: string,
    tenant: string,
    channels: DeliveryChannel[],
    now: number,
  ): Promise<void> {
    for (const channel of channels) {
      await tx.run(
        `INSERT INTO outbox (id, lead_id, tenant, channel, status, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, ?, 'pending', 0, ?, ?) ON CONFLICT (lead_id, channel) DO NOTHING`,
        [randomUUID(), leadId, tenant, channel, now, now],
      );
    }
  }

  async getLead(tenant: string, id: string): Promise<StoredLead | undefined> {
    const rows = await this.driver.all(`SELECT * FROM leads WHERE tenant = ? AND id = ?`, [
      tenant,
      id,
    ]);
    if (!rows[0]) return undefined;
    const deliveries = await this.driver.all(
      `SELECT * FROM outbox WHERE lead_id = ? ORDER BY channel`,
      [id],
    );
    return this.toLead(rows[0], deliveries.map(toDelivery));
  }

  async listLeads(tenant: string): Promise<StoredLead[]> {
    const rows = await this.driver.all(
      `SELECT * FROM leads WHERE tenant = ? ORDER BY created_at, id`,
      [tenant],
    );
    const deliveries = (
      await this.driver.all(`SELECT * FROM outbox WHERE tenant = ?`, [tenant])
    ).map(toDelivery);
    return rows.map((row) =>
      this.toLead(
        row,
        deliveries.filter((delivery) => delivery.leadId === row.id),
      ),
    );
  }

  async countLeads(): Promise<number> {
    return num((await this.driver.all(`SELECT COUNT(*) AS n FROM leads`))[0]?.n);
  }

  private toLead(row: Row, deliveries: Delivery[]): StoredLead {
    return {
      id: String(row.id),
      tenant: String(row.tenant),
      form: String(row.form),
      category: (row.category as string | null) ?? null,
      subcategory: (row.subcategory as string | null) ?? null,
      carId: (row.car_id as string | null) ?? null,
      fields: JSON.parse(String(row.fields)) as Record<string, unknown>,
      status: row.status as StoredLead['status'],
      createdAt: num(row.created_at),
      updatedAt: num(row.updated_at),
      deliveries,
    };
  }

  /**
   * Leases up to `limit` due deliveries for `leaseMs`: another worker (or process) skips them until
   * the lease runs out, so a delivery is attempted by one worker at a time.
   */
  claimDueDeliveries(now: number, limit: number, leaseMs: number): Promise<Delivery[]> {
    return this.driver.transaction(async (tx) => {
      const due = await tx.all(
        `SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? AND lease_until <= ? ORDER BY next_attempt_at, id LIMIT ?${
          this.driver.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : ''
        }`,
        [now, now, limit],
      );
      const claimed: Delivery[] = [];
      for (const { id } of due) {
        const rows = await tx.all(
          `UPDATE outbox SET lease_until = ? WHERE id = ? AND status = 'pending' AND lease_until <= ? RETURNING *`,
          [now + leaseMs, String(id), now],
        );
        if (rows[0]) claimed.push(toDelivery(rows[0]));
      }
      return claimed;
    });
  }

  /** The receiver acknowledged: never attempted again. */
  async markDelivered(id: string, now: number): Promise<void> {
    await this.driver.run(
      `UPDATE outbox SET status = 'delivered', delivered_at = ?, attempts = attempts + 1, last_error = NULL, lease_until = 0 WHERE id = ?`,
      [now, id],
    );
  }

  /** A failed attempt: try again at `nextAttemptAt`, or stop (status failed) when `giveUp`. */
  async markAttemptFailed(
    id: string,
    error: string,
    nextAttemptAt: number,
    giveUp: boolean,
  ): Promise<void> {
    await this.driver.run(
      `UPDATE outbox SET status = ?, attempts = attempts + 1, last_error = ?, next_attempt_at = ?, lease_until = 0 WHERE id = ?`,
      [giveUp ? 'failed' : 'pending', error.slice(0, 1000), nextAttemptAt, id],
    );
  }

  async deliveries(tenant?: string): Promise<Delivery[]> {
    const rows = tenant
      ? await this.driver.all(`SELECT * FROM outbox WHERE tenant = ? ORDER BY created_at, id`, [
          tenant,
        ])
      : await this.driver.all(`SELECT * FROM outbox ORDER BY created_at, id`);
    return rows.map(toDelivery);
  }

  /**
   * Counts a view of a car unless this visitor (an opaque key, see the view route) already viewed
   * it on `day`, and returns the car's total. Days before `day` are forgotten as a new day starts.
   */
  async countView(
    tenant: string,
    carSlug: string,
    visit: { visitor: string; day: number },
  ): Promise<number> {
    if (visit.day > this.viewDay) {
      this.viewDay = visit.day;
      await this.driver.run(`DELETE FROM car_view_visitors WHERE day < ?`, [visit.day]);
    }
    return this.driver.transaction(async (tx) => {
      const first = await tx.run(
        `INSERT INTO car_view_visitors (tenant, car_slug, day, visitor) VALUES (?, ?, ?, ?) ON CONFLICT (tenant, car_slug, day, visitor) DO NOTHING`,
        [tenant, carSlug, visit.day, visit.visitor],
      );
      if (!first) return this.viewsIn(tx, tenant, carSlug);
      const rows = await tx.all(
        `INSERT INTO car_views (tenant, car_slug, views) VALUES (?, ?, 1) ON CONFLICT (tenant, car_slug) DO UPDATE SET views = car_views.views + 1 RETURNING views`,
        [tenant, carSlug],
      );
      return num(rows[0]?.views);
    });
  }

  /** The counted views of a car (0 before the first). */
  views(tenant: string, carSlug: string): Promise<number> {
    return this.viewsIn(this.driver, tenant, carSlug);
  }

  private async viewsIn(runner: SqlRunner, tenant: string, carSlug: string): Promise<number> {
    const rows = await runner.all(`SELECT views FROM car_views WHERE tenant = ? AND car_slug = ?`, [
      tenant,
      carSlug,
    ]);
    return rows[0] ? num(rows[0].views) : 0;
  }

  async recordEvent(
    tenant: string,
    kind: string,
    data: Record<string, unknown>,
    now: number,
  ): Promise<string> {
    const id = randomUUID();
    await this.driver.run(
      `INSERT INTO visitor_events (id, tenant, kind, data, created_at) VALUES (?, ?, ?, ?, ?)`,
      [id, tenant, kind, JSON.stringify(data), now],
    );
    return id;
  }

  async events(tenant: string, kind: string): Promise<VisitorEvent[]> {
    const rows = await this.driver.all(
      `SELECT * FROM visitor_events WHERE tenant = ? AND kind = ? ORDER BY created_at, id`,
      [tenant, kind],
    );
    return rows.map((row) => ({
      id: String(row.id),
      tenant: String(row.tenant),
      kind: String(row.kind),
      data: JSON.parse(String(row.data)) as Record<string, unknown>,
      createdAt: num(row.created_at),
    }));
  }
}

/** Two requests with one idempotency key raced; the caller retries and gets the winner's lead. */
export class IdempotencyRace extends Error {
  constructor() {
    super('Another request with this idempotency key was stored first.');
  }
}

/** Someone else holds the car; the transaction rolls back and submitLead answers `reason: 'car_reserved'`. */
export class CarAlreadyReserved extends Error {
  constructor() {
    super('This car already has an active reservation.');
  }
}

/** The live stock says the car was sold or reserved since the page was built; the lead rolls back. */
export class CarNotInStock extends Error {
  constructor(readonly reason: UnavailableReason) {
    super(`The live stock says this car is ${reason}.`);
  }
}

/** The default SQLite file, under the gitignored .data/ folder. */
export const DEFAULT_SQLITE_FILE = path.join(process.cwd(), '.data', 'leads.sqlite');

/** PostgreSQL when DATABASE_URL is set, else the SQLite file (LEADS_DB_FILE or .data/leads.sqlite). Migrated. */
export async function openStore(env: NodeJS.ProcessEnv = process.env): Promise<Store> {
  const { DATABASE_URL, LEADS_DB_FILE } = apiEnv(env);
  const driver = DATABASE_URL
    ? openPostgres(DATABASE_URL)
    : openSqlite(LEADS_DB_FILE ?? DEFAULT_SQLITE_FILE);
  const store = new Store(driver);
  await store.migrate();
  return store;
}
