/**
 * Fixed one-minute windows per key, in memory (per process: a serverless deployment puts the
 * same limits in front at its edge). Answers how long to wait when the key is over its limit.
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly windowMs = 60_000) {}

  /** Counts one call for `key`; returns 0 when allowed, else the seconds to wait. */
  hit(key: string, limit: number, now: number): number {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size > 50_000) this.sweep(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    return window.count > limit ? Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000)) : 0;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
  }
}
