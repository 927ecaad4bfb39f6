import pg from 'pg';
import type { Row, SqlDriver, SqlRunner, SqlValue } from './sql';

/** `?` placeholders to PostgreSQL's `$1, $2, ...` (our statements never hold a literal `?`). */
export function numberPlaceholders(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}

function runnerOf(client: pg.Pool | pg.PoolClient): SqlRunner {
  return {
    all: async (sql, params: SqlValue[] = []) =>
      (await client.query(numberPlaceholders(sql), params)).rows as Row[],
    run: async (sql, params: SqlValue[] = []) =>
      (await client.query(numberPlaceholders(sql), params)).rowCount ?? 0,
  };
}

/** PostgreSQL through a `pg` pool (`DATABASE_URL`). */
export function openPostgres(connectionString: string): SqlDriver {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const runner = runnerOf(pool);
  return {
    dialect: 'postgres',
    ...runner,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(runnerOf(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
