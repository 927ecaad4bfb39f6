import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { Row, SqlDriver, SqlRunner, SqlValue } from './sql';

/**
 * SQLite file through Node's built-in `node:sqlite`. WAL with synchronous FULL: a commit is on
 * disk before it returns, so a lead acknowledged with a 2xx survives a crash or power cut.
 * Statements run synchronously on one connection; a lock keeps one transaction's statements
 * from interleaving with another request's, and concurrent transactions share one commit (below).
 */
export function openSqlite(file: string): SqlDriver {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA foreign_keys = ON');

  // Each distinct SQL text is prepared once (the API runs the same few statements for every lead).
  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  const runner: SqlRunner = {
    all: async (sql, params = []) => prepared(sql).all(...(params as SqlValue[])) as Row[],
    run: async (sql, params = []) => Number(prepared(sql).run(...(params as SqlValue[])).changes),
  };

  let queue: Promise<unknown> = Promise.resolve();
  function locked<T>(work: () => Promise<T>): Promise<T> {
    const result = queue.then(work, work);
    queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Group commit: transactions asked for in the same turn of the event loop run one after another
   * inside one SQLite transaction, each in its own SAVEPOINT (a failing one is rolled back alone),
   * and are committed together with one fsync. Nobody's promise settles before that COMMIT has
   * returned, so a resolved transaction is still on disk; only the fsync is shared.
   */
  type Pending = {
    work: (tx: SqlRunner) => Promise<unknown>;
    resolve(value: unknown): void;
    reject(error: unknown): void;
  };
  let waiting: Pending[] = [];

  async function commitBatch(batch: Pending[]): Promise<void> {
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      db.exec('BEGIN IMMEDIATE');
      for (const item of batch) {
        db.exec('SAVEPOINT batch_item');
        try {
          const value = await item.work(runner);
          db.exec('RELEASE batch_item');
          outcomes.push({ ok: true, value });
        } catch (error) {
          db.exec('ROLLBACK TO batch_item');
          db.exec('RELEASE batch_item');
          outcomes.push({ ok: false, value: error });
        }
      }
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, index) =>
      outcomes[index]!.ok
        ? item.resolve(outcomes[index]!.value)
        : item.reject(outcomes[index]!.value),
    );
  }

  return {
    dialect: 'sqlite',
    all: (sql, params) => locked(() => runner.all(sql, params)),
    run: (sql, params) => locked(() => runner.run(sql, params)),
    transaction: <T>(work: (tx: SqlRunner) => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
        // After this turn's I/O callbacks: every request that reached its commit joins the batch.
        if (waiting.length === 1)
          setImmediate(() => {
            const batch = waiting;
            waiting = [];
            void locked(() => commitBatch(batch));
          });
      }),
    close: () => locked(async () => db.close()),
  };
}
