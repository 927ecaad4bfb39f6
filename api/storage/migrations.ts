import {
  ACCOUNTS_MIGRATION,
  ACCOUNTS_RESERVATIONS_MIGRATION,
  ACCOUNTS_SIGN_IN_NETWORKS_MIGRATION,
} from '../accounts/migration';
import type { SqlDriver } from './sql';

/**
 * Schema changes in order; each runs once, in its own transaction, and is recorded in
 * schema_migrations. The SQL is written to mean the same on SQLite and PostgreSQL. Never edit a
 * shipped migration: add the next one.
 */
export const MIGRATIONS: { version: number; name: string; sql: string[] }[] = [
  {
    version: 1,
    name: 'leads, idempotency keys, outbox, views and visitor events',
    sql: [
      `CREATE TABLE leads (
        id TEXT PRIMARY KEY,
        tenant TEXT NOT NULL,
        form TEXT NOT NULL,
        category TEXT,
        subcategory TEXT,
        car_id TEXT,
        fields TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      `CREATE INDEX leads_tenant_created ON leads (tenant, created_at)`,
      `CREATE TABLE lead_requests (
        tenant TEXT NOT NULL,
        idempotency_key TEXT NOT NULL,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        created_at BIGINT NOT NULL,
        PRIMARY KEY (tenant, idempotency_key)
      )`,
      `CREATE TABLE outbox (
        id TEXT PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id),
        tenant TEXT NOT NULL,
        channel TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        lease_until BIGINT NOT NULL DEFAULT 0,
        last_error TEXT,
        delivered_at BIGINT,
        created_at BIGINT NOT NULL,
        UNIQUE (lead_id, channel)
      )`,
      `CREATE INDEX outbox_due ON outbox (status, next_attempt_at)`,
      `CREATE TABLE car_views (
        tenant TEXT NOT NULL,
        car_slug TEXT NOT NULL,
        views BIGINT NOT NULL,
        PRIMARY KEY (tenant, car_slug)
      )`,
      `CREATE TABLE visitor_events (
        id TEXT PRIMARY KEY,
        tenant TEXT NOT NULL,
        kind TEXT NOT NULL,
        data TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX visitor_events_kind ON visitor_events (tenant, kind, created_at)`,
    ],
  },
  ACCOUNTS_MIGRATION,
  ACCOUNTS_RESERVATIONS_MIGRATION,
  {
    version: 2,
    name: 'outbox outages: when each site channel started failing, and whether its fallback address was told',
    sql: [
      `CREATE TABLE outbox_outages (
        tenant TEXT NOT NULL,
        channel TEXT NOT NULL,
        failing_since BIGINT NOT NULL,
        last_error TEXT,
        alerted_at BIGINT,
        alert_not_before BIGINT NOT NULL DEFAULT 0,
        PRIMARY KEY (tenant, channel)
      )`,
    ],
  },
  {
    version: 3,
    name: 'car view visitors: one counted view per visitor, car and day',
    sql: [
      `CREATE TABLE car_view_visitors (
        tenant TEXT NOT NULL,
        car_slug TEXT NOT NULL,
        day INTEGER NOT NULL,
        visitor TEXT NOT NULL,
        PRIMARY KEY (tenant, car_slug, day, visitor)
      )`,
      `CREATE INDEX car_view_visitors_day ON car_view_visitors (day)`,
    ],
  },
  {
    version: 4,
    name: "live stock: each site's cars as its last build read them, for the API to check against",
    sql: [
      `CREATE TABLE car_stock (
        tenant TEXT NOT NULL,
        car_id TEXT NOT NULL,
        slug TEXT NOT NULL,
        status TEXT NOT NULL,
        sold INTEGER NOT NULL,
        reserved INTEGER NOT NULL,
        price DOUBLE PRECISION,
        price_type TEXT,
        price_text TEXT,
        updated_at TEXT,
        content_hash TEXT NOT NULL,
        PRIMARY KEY (tenant, car_id)
      )`,
      `CREATE UNIQUE INDEX car_stock_slug ON car_stock (tenant, slug)`,
      // A row here means the site's stock was written at least once (even with no cars).
      `CREATE TABLE stock_tenants (
        tenant TEXT PRIMARY KEY,
        cars INTEGER NOT NULL,
        replaced_at BIGINT NOT NULL
      )`,
    ],
  },
  {
    version: 5,
    name: 'rate limits: one count per key and window, shared by every API process (api/storage/rate-limits.ts)',
    sql: [
      `CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        hits INTEGER NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      `CREATE INDEX rate_limits_expiry ON rate_limits (expires_at)`,
    ],
  },
  ACCOUNTS_SIGN_IN_NETWORKS_MIGRATION,
];

/** Applies the migrations this database has not had yet. Safe to run from several processes at once. */
export async function migrate(driver: SqlDriver): Promise<number> {
  await driver.run(
    `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`,
  );
  let applied = 0;
  for (const migration of MIGRATIONS) {
    const done = await driver.transaction(async (tx) => {
      // Claim the version first: a second process doing the same waits here, then skips it.
      const claimed = await tx.run(
        `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?) ON CONFLICT (version) DO NOTHING`,
        [migration.version, migration.name, Date.now()],
      );
      if (!claimed) return false;
      for (const statement of migration.sql) await tx.run(statement);
      return true;
    });
    if (done) applied++;
  }
  return applied;
}
