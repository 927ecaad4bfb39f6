import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRateLimiter, type RateLimiter } from '../../api/rate-limit';
import { openPostgres } from '../../api/storage/postgres-driver';
import { SharedRateLimiter } from '../../api/storage/rate-limits';
import type { SqlDriver } from '../../api/storage/sql';
import type { Store } from '../../api/storage/store';
import { storeKinds } from '../support/stores';

const NOW = Date.parse('2026-11-23T10:00:00Z');

/** How a limiter behaves, the same in memory and in either database. */
function behaves(limiter: () => RateLimiter) {
  it('allows `limit` calls in a window, then answers the seconds left in it; a new window starts afresh', async () => {
    const calls: number[] = [];
    for (let i = 0; i < 4; i++) calls.push(await limiter().hit('ip:a', 3, NOW + i * 1_000));
    expect(calls).toEqual([0, 0, 0, 57]);
    expect(await limiter().hit('ip:a', 3, NOW + 59_999)).toBe(1);
    expect(await limiter().hit('ip:a', 3, NOW + 60_000)).toBe(0);
    // A window of its own length per limit.
    expect(await limiter().take([{ key: 'code:a', limit: 1, windowMs: 15 * 60_000 }], NOW)).toBe(0);
    expect(
      await limiter().take([{ key: 'code:a', limit: 1, windowMs: 15 * 60_000 }], NOW + 60_000),
    ).toBe(14 * 60);
  });

  it('counts a call against all its limits or none: a call one limit refuses spends nothing from the other', async () => {
    const take = (visitor: string, at = NOW) =>
      limiter().take(
        [
          { key: `ip:${visitor}`, limit: 2 },
          { key: 'site', limit: 3 },
        ],
        at,
      );
    expect([await take('a'), await take('a'), await take('a'), await take('a')]).toEqual([
      0, 0, 60, 60,
    ]);
    // Visitor a's refused calls left the site's third place to b.
    expect(await take('b')).toBe(0);
    expect(await take('c')).toBe(60);
  });
}

describe('in memory (an app without a store)', () => {
  let memory: MemoryRateLimiter;
  beforeEach(() => {
    memory = new MemoryRateLimiter();
  });
  behaves(() => memory);
});

for (const kind of storeKinds()) {
  describe.skipIf(!kind.available)(`in the shared database, ${kind.name}`, () => {
    let store: Store;
    let env: Record<string, string>;
    let dispose: () => Promise<void>;
    let shared: SharedRateLimiter;
    const extra: SqlDriver[] = [];
    beforeEach(async () => {
      ({ store, env, dispose } = await kind.open());
      shared = new SharedRateLimiter(store.driver);
    });
    afterEach(async () => {
      for (const driver of extra.splice(0)) await driver.close();
      await dispose();
    });

    behaves(() => shared);

    /** Limiters as separate API instances have them: on PostgreSQL each with its own connection pool. */
    function instances(count: number): SharedRateLimiter[] {
      return Array.from({ length: count }, () => {
        if (kind.name !== 'postgres') return new SharedRateLimiter(store.driver);
        const driver = openPostgres(env.DATABASE_URL!);
        extra.push(driver);
        return new SharedRateLimiter(driver);
      });
    }

    it('300 calls at once through 3 instances: never more than each limit in total, and no room left unused', async () => {
      const limiters = instances(3);
      const visitors = ['a', 'b', 'c', 'd', 'e'];
      const waits = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          limiters[i % 3]!.take(
            [
              { key: `ip:${visitors[i % 5]}`, limit: 10 },
              { key: 'site', limit: 30 },
            ],
            NOW + (i % 7),
          ),
        ),
      );
      const allowed = waits.flatMap((wait, i) => (wait === 0 ? [visitors[i % 5]!] : []));
      console.info(
        `[${kind.name}] 300 concurrent takes over 3 instances: ${allowed.length} allowed (site limit 30)`,
      );
      expect(allowed).toHaveLength(30);
      for (const visitor of visitors)
        expect(allowed.filter((each) => each === visitor).length).toBeLessThanOrEqual(10);
      const rows = await store.driver.all(`SELECT key, hits FROM rate_limits ORDER BY key`);
      expect(Number(rows.find((row) => row.key === 'site')?.hits)).toBe(30);
      expect(
        rows.filter((row) => row.key !== 'site').reduce((sum, row) => sum + Number(row.hits), 0),
      ).toBe(30);
    });

    it('an instance that saw a key full refuses it without counting; another instance agrees; both allow it once the window ends', async () => {
      const [first, second] = instances(2);
      for (let i = 0; i < 5; i++) await first!.hit('ip:flood', 5, NOW);
      for (let i = 0; i < 100; i++) expect(await first!.hit('ip:flood', 5, NOW + 1_000)).toBe(59);
      expect(await second!.hit('ip:flood', 5, NOW + 2_000)).toBe(58);
      expect(
        Number(
          (await store.driver.all(`SELECT hits FROM rate_limits WHERE key = 'ip:flood'`))[0]?.hits,
        ),
      ).toBe(5);
      expect(await first!.hit('ip:flood', 5, NOW + 60_000)).toBe(0);
      expect(await second!.hit('ip:flood', 5, NOW + 60_000)).toBe(0);
    });

    it('deletes windows that have run out', async () => {
      await shared.hit('ip:gone', 5, NOW);
      await shared.hit('ip:kept', 5, NOW + 50_000);
      await new SharedRateLimiter(store.driver).hit('ip:new', 5, NOW + 61_000);
      const keys = (await store.driver.all(`SELECT key FROM rate_limits ORDER BY key`)).map(
        (row) => row.key,
      );
      expect(keys).toEqual(['ip:kept', 'ip:new']);
    });
  });
}
