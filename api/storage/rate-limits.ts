import { DEFAULT_WINDOW_MS, secondsUntil, type Limit, type RateLimiter } from '../rate-limit';
import type { SqlDriver, SqlRunner } from './sql';

/** A limit with no room left until `until`. */
class Full extends Error {
  constructor(
    readonly key: string,
    readonly limit: number,
    readonly until: number,
  ) {
    super(`Rate limit ${key} is full.`);
  }
}

/** How a key's count changes: a window that has run out starts again at 1. */
const BUMP = `hits = CASE WHEN rate_limits.expires_at <= ? THEN 1 ELSE rate_limits.hits + 1 END,
  expires_at = CASE WHEN rate_limits.expires_at <= ? THEN excluded.expires_at ELSE rate_limits.expires_at END`;

/**
 * SQLite: counts one call for `limit.key` unless it is at its limit, else throws Full, inside a
 * transaction that the throw rolls back (SQLite runs one transaction at a time).
 */
async function countOne(
  runner: SqlRunner,
  { key, limit, windowMs = DEFAULT_WINDOW_MS }: Limit,
  now: number,
): Promise<void> {
  if (limit >= 1) {
    const counted = await runner.all(
      `INSERT INTO rate_limits (key, hits, expires_at) VALUES (?, 1, ?)
       ON CONFLICT (key) DO UPDATE SET ${BUMP}
       WHERE rate_limits.expires_at <= ? OR rate_limits.hits < ?
       RETURNING hits`,
      [key, now + windowMs, now, now, now, limit],
    );
    if (counted.length) return;
  }
  const rows = await runner.all(`SELECT expires_at FROM rate_limits WHERE key = ?`, [key]);
  throw new Full(key, limit, rows[0] ? Number(rows[0].expires_at) : now + windowMs);
}

async function takeOnSqlite(
  driver: SqlDriver,
  limits: Limit[],
  now: number,
): Promise<Full | undefined> {
  try {
    await driver.transaction(async (tx) => {
      for (const limit of limits) await countOne(tx, limit, now);
    });
    return undefined;
  } catch (error) {
    if (error instanceof Full) return error;
    throw error;
  }
}

/** The text the PostgreSQL statement fails with when a key is full (a failed statement rolls back all its counts). */
const FULL_MARK = 'rate limit full';

/**
 * PostgreSQL: every key in one statement, in sorted order, committed on its own without waiting
 * for the disk (counts need not survive a crash). One round trip, and a key's row is locked only
 * while the statement runs: the per-site row every request counts is the hot one. A concurrent
 * upsert of the same row waits for this one, then sees its count. When any key is full the
 * statement fails (a cast of FULL_MARK to integer, only then evaluated), undoing the others.
 */
function postgresStatement(count: number): string {
  const rows = Array.from({ length: count }, () => `(?::text, ?::integer, ?::bigint)`).join(', ');
  return `WITH input (key, lim, expires) AS (VALUES ${rows}),
    counted AS (
      INSERT INTO rate_limits (key, hits, expires_at)
      SELECT key, 1, expires FROM input ORDER BY key
      ON CONFLICT (key) DO UPDATE SET ${BUMP}
      WHERE rate_limits.expires_at <= ?::bigint OR rate_limits.hits < (SELECT lim FROM input WHERE input.key = excluded.key)
      RETURNING 1
    )
    SELECT set_config('synchronous_commit', 'off', true),
      CASE WHEN (SELECT count(*) FROM counted) = ? THEN 0 ELSE ('${FULL_MARK}: ' || (SELECT count(*) FROM counted))::integer END AS refused`;
}

async function takeOnPostgres(
  driver: SqlDriver,
  limits: Limit[],
  now: number,
): Promise<Full | undefined> {
  const counted = limits.filter(({ limit }) => limit >= 1);
  if (counted.length < limits.length)
    return new Full(limits.find(({ limit }) => limit < 1)!.key, 0, now + DEFAULT_WINDOW_MS);
  const params = counted.flatMap(({ key, limit, windowMs = DEFAULT_WINDOW_MS }) => [
    key,
    limit,
    now + windowMs,
  ]);
  // A key seen full may be free again by the time it is read (another call's count rolled back): try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await driver.all(postgresStatement(counted.length), [
        ...params,
        now,
        now,
        now,
        counted.length,
      ]);
      return undefined;
    } catch (error) {
      if (!String((error as Error).message).includes(FULL_MARK)) throw error;
    }
    const rows = await driver.all(
      `SELECT key, hits, expires_at FROM rate_limits WHERE key IN (${counted.map(() => '?').join(', ')})`,
      counted.map(({ key }) => key),
    );
    for (const { key, limit } of counted) {
      const row = rows.find((each) => each.key === key);
      if (row && Number(row.expires_at) > now && Number(row.hits) >= limit)
        return new Full(key, limit, Number(row.expires_at));
    }
  }
  // Still racing: refuse this call for a second, without remembering any key as full.
  return new Full('', 0, now + 1_000);
}

/**
 * Rate limits counted in the shared database (table rate_limits), so every API process and
 * serverless instance over it enforces one count. A `take` of several limits counts all of them
 * atomically or none (one transaction on SQLite, one statement on PostgreSQL): a full limit undoes
 * the others' counts, so the committed count of a key never passes its limit however many
 * callers race. Keys are counted in sorted order, so two callers never wait on each other's rows
 * the other way round (no deadlocks on PostgreSQL).
 *
 * In front sits a local memory of keys seen full and until when: a full key stays full until its
 * window ends (counts only rise within a window), so refusing it here refuses only what the
 * database would, and a flooding address costs no database work after its first refusal.
 * Windows that ran out are deleted at most once a minute per limiter.
 */
export class SharedRateLimiter implements RateLimiter {
  private full = new Map<string, { limit: number; until: number }>();
  private nextSweep = Number.NEGATIVE_INFINITY;

  constructor(private readonly driver: SqlDriver) {}

  hit(key: string, limit: number, now: number, windowMs?: number): Promise<number> {
    return this.take([{ key, limit, windowMs }], now);
  }

  async take(limits: Limit[], now: number): Promise<number> {
    const known = this.knownFull(limits, now);
    if (known) return known;
    if (now >= this.nextSweep) {
      this.nextSweep = now + 60_000;
      await this.driver.run(`DELETE FROM rate_limits WHERE expires_at <= ?`, [now]);
    }
    // Sorted, and one entry per key (the tightest limit).
    const sorted = [...limits].sort((a, b) =>
      a.key < b.key ? -1 : a.key > b.key ? 1 : a.limit - b.limit,
    );
    const unique = sorted.filter(
      (limit, index) => index === 0 || sorted[index - 1]!.key !== limit.key,
    );
    const full =
      this.driver.dialect === 'postgres'
        ? await takeOnPostgres(this.driver, unique, now)
        : await takeOnSqlite(this.driver, unique, now);
    if (!full) return 0;
    if (full.key) this.remember(full, now);
    return secondsUntil(full.until, now);
  }

  private knownFull(limits: Limit[], now: number): number {
    let wait = 0;
    for (const { key, limit } of limits) {
      const full = this.full.get(key);
      // A larger limit than the one it was full at (a changed setting) may have room: ask the database.
      if (full && now < full.until && limit <= full.limit)
        wait = Math.max(wait, secondsUntil(full.until, now));
    }
    return wait;
  }

  private remember({ key, limit, until }: Full, now: number): void {
    if (this.full.size >= 10_000)
      for (const [old, entry] of this.full) if (now >= entry.until) this.full.delete(old);
    if (this.full.size >= 10_000) this.full.clear();
    this.full.set(key, { limit, until });
  }
}
