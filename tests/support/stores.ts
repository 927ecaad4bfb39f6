import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../../api/storage/postgres-driver';
import { openSqlite } from '../../api/storage/sqlite-driver';
import { Store } from '../../api/storage/store';

export interface StoreKind {
  name: 'sqlite' | 'postgres';
  /** A fresh, migrated, empty store; `env` points a script (openStore) at it; `dispose` removes it. */
  open(): Promise<{ store: Store; env: Record<string, string>; dispose(): Promise<void> }>;
}

const sqlite: StoreKind = {
  name: 'sqlite',
  async open() {
    const dir = mkdtempSync(path.join(tmpdir(), 'leads-store-'));
    const store = new Store(openSqlite(path.join(dir, 'leads.sqlite')));
    await store.migrate();
    return {
      store,
      env: { DATABASE_URL: '', LEADS_DB_FILE: path.join(dir, 'leads.sqlite') },
      async dispose() {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** Each PostgreSQL store lives in its own schema, dropped afterwards, so runs never see each other's rows. */
function postgres(url: string): StoreKind {
  return {
    name: 'postgres',
    async open() {
      const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      const scoped = new URL(url);
      scoped.searchParams.set('options', `-c search_path=${schema}`);
      const store = new Store(openPostgres(scoped.toString()));
      await store.migrate();
      return {
        store,
        env: { DATABASE_URL: scoped.toString() },
        async dispose() {
          await store.close();
          await admin.query(`DROP SCHEMA ${schema} CASCADE`);
          await admin.end();
        },
      };
    },
  };
}

/** SQLite, and PostgreSQL at DATABASE_URL (`available` false, so its suite is skipped, only when DATABASE_URL is unset; CI sets it). */
export function storeKinds(): (StoreKind & { available: boolean })[] {
  const url = process.env.DATABASE_URL;
  return [
    { ...sqlite, available: true },
    { ...postgres(url ?? 'postgres://unset'), available: Boolean(url) },
  ];
}
