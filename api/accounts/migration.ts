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
