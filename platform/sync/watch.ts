import type { LoadedTenant } from '../../src/tenant/load';

export const DEFAULT_INTERVAL_SECONDS = 60;

/** Seconds between two syncs of a tenant: its own `sync.interval_seconds`, else the command's. */
export function syncInterval(
  tenant: { sync: Pick<LoadedTenant['sync'], 'interval_seconds'> } | undefined,
  fallbackSeconds = DEFAULT_INTERVAL_SECONDS,
): number {
  return tenant?.sync.interval_seconds ?? fallbackSeconds;
}

/** The longest a failing tenant waits between tries under --watch. */
export const MAX_BACKOFF_SECONDS = 30 * 60;

/**
 * Seconds until a tenant is read again after `failures` failed syncs in a row: its interval, doubled
 * per failure up to 30 minutes, so a broken feed host is not hammered while the others carry on.
 */
export function nextSyncDelay(intervalSeconds: number, failures: number): number {
  if (failures <= 0) return intervalSeconds;
  return Math.max(intervalSeconds, Math.min(MAX_BACKOFF_SECONDS, intervalSeconds * 2 ** failures));
}

/** "--interval=30" -> 30; the default when absent. */
export function parseInterval(args: readonly string[]): number {
  const arg = args.find((a) => a.startsWith('--interval'));
  if (!arg) return DEFAULT_INTERVAL_SECONDS;
  const match = /^--interval=(\d+(?:\.\d+)?)$/.exec(arg);
  if (!match || Number(match[1]) <= 0)
    throw new Error(`${arg}: expected --interval=<seconds>, like --interval=60`);
  return Number(match[1]);
}

/** Runs jobs one at a time, in order: two builds at once would only slow both on a small machine. */
export function serialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(job: () => Promise<T>): Promise<T> => {
    const run = tail.then(job, job);
    tail = run.catch(() => {});
    return run;
  };
}
