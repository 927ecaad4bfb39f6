/** One limit to check: at most `limit` calls per window (default one minute) for `key`. */
export interface Limit {
  key: string;
  limit: number;
  windowMs?: number;
}

export const DEFAULT_WINDOW_MS = 60_000;

/**
 * Fixed windows per key: a key's window starts at its first call and lasts `windowMs`. Both
 * methods answer 0 when the call is allowed (and counted), else the seconds to wait.
 */
export interface RateLimiter {
  /** Counts one call for `key`. */
  hit(key: string, limit: number, now: number, windowMs?: number): Promise<number>;
  /**
   * One call against several limits at once (per visitor and per site): counted against all of
   * them when every one has room, against none when any is full. So a refused call spends no
   * budget, and one address hammering past its own limit can't use up the budget it shares with others.
   */
  take(limits: Limit[], now: number): Promise<number>;
}

/** Seconds until `until`, at least 1 (a Retry-After of 0 would invite an instant retry). */
export const secondsUntil = (until: number, now: number): number =>
  Math.max(1, Math.ceil((until - now) / 1000));

/**
 * The limiter for an app without storage (tests of stateless routes): counts in this process only.
 * The API with a store counts in the shared database instead (api/storage/rate-limits.ts).
 */
export class MemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { until: number; count: number }>();

  async hit(key: string, limit: number, now: number, windowMs?: number): Promise<number> {
    return this.take([{ key, limit, windowMs }], now);
  }

  async take(limits: Limit[], now: number): Promise<number> {
    let wait = 0;
    const windows = limits.map(({ key, limit, windowMs = DEFAULT_WINDOW_MS }) => {
      const window = this.current(key, now, windowMs);
      if (window.count >= limit) wait = Math.max(wait, secondsUntil(window.until, now));
      return window;
    });
    if (!wait) for (const window of windows) window.count++;
    return wait;
  }

  private current(key: string, now: number, windowMs: number): { until: number; count: number } {
    let window = this.windows.get(key);
    if (!window || now >= window.until) {
      if (this.windows.size > 50_000)
        for (const [old, { until }] of this.windows) if (now >= until) this.windows.delete(old);
      window = { until: now + windowMs, count: 0 };
      this.windows.set(key, window);
    }
    return window;
  }
}
