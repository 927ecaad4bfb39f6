import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Row, SqlDriver, SqlRunner, SqlValue } from './sql';

/**
 * SQLite file through Node's built-in `node:sqlite`. WAL with synchronous FULL: a commit is on
 * disk before it returns, so a lead acknowledged with a 2xx survives a crash or power cut.
 * Statements run synchronously on one connection; a lock keeps one transaction's statements
 * from interleaving with another request's.
 */
export function openSqlite(file: string): SqlDriver {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA foreign_keys = ON');

  const runner: SqlRunner = {
    all: async (sql, params = []) => db.prepare(sql).all(...(params as SqlValue[])) as Row[],
    run: async (sql, params = []) => Number(db.prepare(sql).run(...(params as SqlValue[])).changes),
  };

  let queue: Promise<unknown> = Promise.resolve();
  function locked<T>(work: () => Promise<T>): Promise<T> {
    const result = queue.then(work, work);
    queue = result.catch(() => undefined);
    return result;
  }

  return {
    dialect: 'sqlite',
    all: (sql, params) => locked(() => runner.all(sql, params)),
    run: (sql, params) => locked(() => runner.run(sql, params)),
    transaction: (work) =>
      locked(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(runner);
          db.exec('COMMIT');
          return result;
        } catch (error) {
          db.exec('ROLLBACK');
          throw error;
        }
      }),
    close: () => locked(async () => db.close()),
  };
}
