/** One limit to check: at most `limit` calls per window for `key`. */
export interface Limit {
  key: string;
  limit: number;
}

/**
 * Fixed one-minute windows per key, in memory (per process: a serverless deployment puts the
 * same limits in front at its edge). Answers how long to wait when the key is over its limit.
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly windowMs = 60_000) {}

  /** Counts one call for `key`; returns 0 when allowed, else the seconds to wait. */
  hit(key: string, limit: number, now: number): number {
    return this.take([{ key, limit }], now);
  }

  /**
   * One call against several limits at once (per visitor and per site): counted against all of
   * them when every one has room, against none when any is full. So a refused call spends no
   * budget, and one address hammering past its own limit can't use up the budget it shares with others.
   */
  take(limits: Limit[], now: number): number {
    let wait = 0;
    const windows = limits.map(({ key, limit }) => {
      const window = this.current(key, now);
      if (window.count >= limit) wait = Math.max(wait, Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)));
      return window;
    });
    if (!wait) for (const window of windows) window.count++;
    return wait;
  }

  private current(key: string, now: number): { start: number; count: number } {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size > 50_000) this.sweep(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    return window;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
  }
}
