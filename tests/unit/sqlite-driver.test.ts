import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SqlDriver } from '../../api/storage/sql';
import { openSqlite } from '../../api/storage/sqlite-driver';

// The SQLite driver commits the transactions of one event-loop turn together (one fsync). Each
// must still behave as if it ran alone: its own rollback, its own result, and on disk once resolved.
let dir: string;
let file: string;
let driver: SqlDriver;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'group-commit-'));
  file = path.join(dir, 'db.sqlite');
  driver = openSqlite(file);
  await driver.run('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
});
afterEach(async () => {
  await driver.close();
  rmSync(dir, { recursive: true, force: true });
});

it('rolls back only the failing transaction of a batch and resolves the others after commit', async () => {
  const results = await Promise.allSettled(
    Array.from({ length: 50 }, (_, i) =>
      driver.transaction(async (tx) => {
        await tx.run('INSERT INTO t (id, v) VALUES (?, ?)', [i, `row ${i}`]);
        if (i % 10 === 3) throw new Error(`work ${i} failed`);
        await tx.run('UPDATE t SET v = ? WHERE id = ?', [`done ${i}`, i]);
        return i;
      }),
    ),
  );
  expect(
    results
      .filter((result) => result.status === 'rejected')
      .map((result) => (result as PromiseRejectedResult).reason.message),
  ).toEqual([3, 13, 23, 33, 43].map((i) => `work ${i} failed`));
  expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(45);

  // A second connection (another process would see the same) reads what was committed.
  const reader = new DatabaseSync(file, { readOnly: true });
  const rows = reader.prepare('SELECT id, v FROM t ORDER BY id').all() as {
    id: number;
    v: string;
  }[];
  reader.close();
  expect(rows).toHaveLength(45);
  expect(rows.every((row) => row.v === `done ${row.id}` && row.id % 10 !== 3)).toBe(true);
});

it('lets a later transaction of the same batch see an earlier one, as if run one after another', async () => {
  const [first, second] = await Promise.all([
    driver.transaction(async (tx) =>
      tx.run('INSERT INTO t (id, v) VALUES (1, ?) ON CONFLICT (id) DO NOTHING', ['first']),
    ),
    driver.transaction(async (tx) =>
      tx.run('INSERT INTO t (id, v) VALUES (1, ?) ON CONFLICT (id) DO NOTHING', ['second']),
    ),
  ]);
  expect([first, second]).toEqual([1, 0]);
  expect(await driver.all('SELECT v FROM t')).toEqual([{ v: 'first' }]);
});
