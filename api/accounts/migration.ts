/** Accounts tables (appended to api/storage/migrations.ts; version 101 keeps clear of the leads series). */
export const ACCOUNTS_MIGRATION = {
  version: 101,
  name: 'accounts: users by phone, one-time codes, sessions, watchlists, payment intents',
  sql: [
    `CREATE TABLE account_users (
      id TEXT PRIMARY KEY,
      tenant TEXT NOT NULL,
      phone TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      UNIQUE (tenant, phone)
    )`,
    `CREATE TABLE sign_in_codes (
      id TEXT PRIMARY KEY,
      tenant TEXT NOT NULL,
      phone TEXT NOT NULL,
      code_hash TEXT NOT NULL,
      expires_at BIGINT NOT NULL,
      used_at BIGINT,
      attempts INTEGER NOT NULL DEFAULT 0,
      created_at BIGINT NOT NULL
    )`,
    `CREATE INDEX sign_in_codes_phone ON sign_in_codes (tenant, phone, created_at)`,
    `CREATE TABLE account_sessions (
      token_hash TEXT PRIMARY KEY,
      tenant TEXT NOT NULL,
      user_id TEXT NOT NULL REFERENCES account_users (id),
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      ended_at BIGINT
    )`,
    `CREATE TABLE watchlist_entries (
      tenant TEXT NOT NULL,
      user_id TEXT NOT NULL REFERENCES account_users (id),
      car_id TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      PRIMARY KEY (tenant, user_id, car_id)
    )`,
    `CREATE TABLE payment_intents (
      id TEXT PRIMARY KEY,
      tenant TEXT NOT NULL,
      lead_id TEXT NOT NULL REFERENCES leads (id),
      car_id TEXT NOT NULL,
      amount_cents BIGINT NOT NULL,
      description TEXT NOT NULL,
      provider TEXT NOT NULL,
      status TEXT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
  ],
};

/**
 * One active reservation per car, processed payment events, and the site-wide code budget's index.
 * A hold is active while `released_at` is NULL; the partial unique index lets the database itself
 * refuse a second active hold on the same car, on SQLite and PostgreSQL alike.
 */
export const ACCOUNTS_RESERVATIONS_MIGRATION = {
  version: 102,
  name: 'accounts: one active reservation per car, payment events kept once, code sends by site',
  sql: [
    `CREATE TABLE car_reservations (
      lead_id TEXT PRIMARY KEY REFERENCES leads (id),
      tenant TEXT NOT NULL,
      car_id TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      released_at BIGINT
    )`,
    `CREATE UNIQUE INDEX car_reservations_one_active ON car_reservations (tenant, car_id) WHERE released_at IS NULL`,
    `CREATE TABLE payment_events (
      provider TEXT NOT NULL,
      event_id TEXT NOT NULL,
      tenant TEXT NOT NULL,
      intent_id TEXT NOT NULL REFERENCES payment_intents (id),
      status TEXT NOT NULL,
      applied INTEGER NOT NULL,
      received_at BIGINT NOT NULL,
      PRIMARY KEY (provider, event_id)
    )`,
    `CREATE INDEX sign_in_codes_sent ON sign_in_codes (tenant, created_at)`,
  ],
};

/**
 * The network (/24 or /64) each code was requested from, for the per-network limits, and an index
 * for counting a site's or a network's codes of the last hour (api/accounts/code-limits.ts).
 */
export const ACCOUNTS_SIGN_IN_NETWORKS_MIGRATION = {
  version: 103,
  name: 'accounts: the network each sign-in code was requested from',
  sql: [
    `ALTER TABLE sign_in_codes ADD COLUMN network TEXT`,
    `CREATE INDEX sign_in_codes_network ON sign_in_codes (tenant, network, created_at)`,
  ],
};
