/**
 * One interface for every cache a publish must purge (platform/cdn/varnish.ts,
 * platform/cdn/cloudflare.ts), so the publish code never knows which CDN is in front.
 */
export interface PurgeResult {
  /** URLs the cache said it purged. */
  purged: number;
  /** URLs it did not, after retries. */
  failed: number;
  /** HTTP requests sent, retries included. */
  requests: number;
  /** Why the first failed URL failed: "HTTP 403: Authentication error (10000)". */
  error?: string;
}

export interface Purger {
  /** "varnish", "cloudflare": what the sync line names. */
  readonly name: string;
  /** Purge these absolute URLs. Never throws: a failure is counted and described. */
  purge(urls: string[]): Promise<PurgeResult>;
}

/** Run `work` on every item, at most `limit` at once. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const runner = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
}
