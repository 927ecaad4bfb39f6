import { DEFAULT_WINDOW_MS, secondsUntil, type Limit, type RateLimiter } from '../rate-limit';
import type { SqlDriver, SqlRunner } from './sql';

/** A limit with no room left until `until`; thrown inside the transaction so its other counts roll back. */
class Full extends Error {
  constructor(
    readonly key: string,
    readonly limit: number,
    readonly until: number,
  ) {
    super(`Rate limit ${key} is full.`);
  }
}

/**
 * Counts one call for `limit.key`, resetting a window that has run out, unless the key is already
 * at its limit. One statement, so concurrent callers each see the others' committed counts:
 * PostgreSQL makes a second upsert of the same row wait for the first transaction to end.
 */
async function count(runner: SqlRunner, { key, limit, windowMs = DEFAULT_WINDOW_MS }: Limit, now: number): Promise<void> {
  if (limit >= 1) {
    const counted = await runner.all(
      `INSERT INTO rate_limits (key, hits, expires_at) VALUES (?, 1, ?)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.expires_at <= ? THEN 1 ELSE rate_limits.hits + 1 END,
         expires_at = CASE WHEN rate_limits.expires_at <= ? THEN excluded.expires_at ELSE rate_limits.expires_at END
       WHERE rate_limits.expires_at <= ? OR rate_limits.hits < ?
       RETURNING hits`,
      [key, now + windowMs, now, now, now, limit],
    );
    if (counted.length) return;
  }
  const rows = await runner.all(`SELECT expires_at FROM rate_limits WHERE key = ?`, [key]);
  throw new Full(key, limit, rows[0] ? Number(rows[0].expires_at) : now + windowMs);
}

/**
 * Rate limits counted in the shared database (table rate_limits), so every API process and
 * serverless instance over it enforces one count. A `take` of several limits is one transaction:
 * a limit found full rolls back the others' counts, so the committed count of a key never passes
 * its limit however many callers race. Keys are counted in sorted order, so two transactions
 * never wait on each other's rows the other way round (no deadlocks on PostgreSQL).
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
    const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    try {
      // One key on PostgreSQL needs no transaction (one statement is atomic); SQLite's group
      // commit shares one fsync between the transactions of concurrent requests, so it stays.
      if (sorted.length === 1 && this.driver.dialect === 'postgres') await count(this.driver, sorted[0]!, now);
      else
        await this.driver.transaction(async (tx) => {
          // Counts need not survive a crash, so this commit does not wait for the disk: every
          // request's per-site row is held for less time (for this transaction only).
          if (this.driver.dialect === 'postgres') await tx.run(`SET LOCAL synchronous_commit TO OFF`);
          for (const limit of sorted) await count(tx, limit, now);
        });
      return 0;
    } catch (error) {
      if (!(error instanceof Full)) throw error;
      this.remember(error, now);
      return secondsUntil(error.until, now);
    }
  }

  private knownFull(limits: Limit[], now: number): number {
    let wait = 0;
    for (const { key, limit } of limits) {
      const full = this.full.get(key);
      // A larger limit than the one it was full at (a changed setting) may have room: ask the database.
      if (full && now < full.until && limit <= full.limit) wait = Math.max(wait, secondsUntil(full.until, now));
    }
    return wait;
  }

  private remember({ key, limit, until }: Full, now: number): void {
    if (this.full.size >= 10_000) for (const [old, entry] of this.full) if (now >= entry.until) this.full.delete(old);
    if (this.full.size >= 10_000) this.full.clear();
    this.full.set(key, { limit, until });
  }
}
