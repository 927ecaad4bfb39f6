import { PgBoss, type Job } from 'pg-boss';
import type { Logger } from 'pino';
import { syncTenant, type SyncResult } from './sync-tenant';
import { nextSyncDelay, syncInterval } from './watch';
import { WARM_TENANTS, warmRenderThreads } from '../build/build-incremental';
import { loadTenant } from '../../src/tenant/load';

/**
 * Syncs as jobs in PostgreSQL (pg-boss), shared by any number of sync workers on any number of
 * machines. One queue, one job chain per tenant keyed by its slug: the queue's `stately` policy
 * lets a tenant have at most one job waiting and one running, so a tenant is synced by one worker
 * at a time. Each run queues the tenant's next run (its interval; longer after failures), so a
 * failing tenant backs off while the others keep their pace. A worker that dies mid-sync stops
 * sending heartbeats and pg-boss hands its job to another worker.
 */
export const SYNC_QUEUE = 'tenant-sync';
/** The least pg-boss allows; a killed worker's sync runs elsewhere within about this long. */
const HEARTBEAT_SECONDS = 10;
/** How often each worker makes sure every tenant has a job (a chain can end, e.g. a job that failed for good). */
const ENSURE_EVERY_MS = 30_000;

export interface SyncJob {
  slug: string;
  /** Failed syncs in a row before this run (backs the tenant off). */
  failures: number;
}

export interface SyncWorkerOptions {
  databaseUrl: string;
  /** The PostgreSQL schema the queue's tables live in (pg-boss creates it). */
  schema?: string;
  slugs: string[];
  root: string;
  log: Logger;
  /** Seconds between syncs of a tenant that sets none (as `npm run sync -- --watch --interval`). */
  intervalSeconds: number;
  /** The sync itself (tests may wrap it); the real one publishes and purges. */
  sync?: (slug: string) => Promise<SyncResult>;
}

export async function startSyncWorker({
  databaseUrl,
  schema = 'sync_queue',
  slugs,
  root,
  log,
  intervalSeconds,
  sync,
}: SyncWorkerOptions) {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema,
    monitorIntervalSeconds: 5,
    superviseIntervalSeconds: 5,
  });
  boss.on('error', (error: Error) => log.error({ err: error.message }, 'queue error'));
  await boss.start();
  await boss
    .createQueue(SYNC_QUEUE, {
      policy: 'stately',
      heartbeatSeconds: HEARTBEAT_SECONDS,
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 30 * 60,
    })
    .catch((error: Error) => {
      // Another worker created it first.
      if (!/already exists/i.test(error.message)) throw error;
    });

  const queue = (job: SyncJob, afterSeconds = 0) =>
    boss.send(SYNC_QUEUE, job, { singletonKey: job.slug, startAfter: afterSeconds });
  // A tenant with a job waiting is left alone (the queue refuses a second); at start a missing one
  // runs at once, later one interval on (its chain ended; a running sync queues its own next).
  const ensure = async (afterSeconds: number) => {
    for (const slug of slugs)
      await queue({ slug, failures: 0 }, afterSeconds).catch((error: Error) =>
        log.warn({ tenant: slug, err: error.message }, 'could not queue a sync'),
      );
  };
  await ensure(0);
  const ensureTimer = setInterval(() => void ensure(intervalSeconds), ENSURE_EVERY_MS);

  const run =
    sync ??
    ((slug: string) =>
      syncTenant(slug, { announce: true, log: (line) => log.info({ tenant: slug }, line.trim()) }));
  // As `sync --watch` does: after a tenant's first sync here, its render threads load the site's
  // code, so its first change does not wait for that. Only a worker of a few tenants keeps them all
  // warm (threads hold a site in memory); one of many renders on fresh threads.
  const warmed = new Set<string>();
  const warm = async (slug: string) => {
    if (sync || slugs.length > WARM_TENANTS || warmed.has(slug)) return;
    warmed.add(slug);
    const tenant = await loadTenant(slug, root).catch(() => undefined);
    if (tenant && (await warmRenderThreads(tenant).catch(() => false)))
      log.info({ tenant: slug }, 'render threads ready');
  };
  await boss.work<SyncJob>(
    SYNC_QUEUE,
    { localConcurrency: 1, pollingIntervalSeconds: 1 },
    async ([job]: Job<SyncJob>[]) => {
      const { slug, failures } = job!.data;
      const result = await run(slug);
      (result.outcome === 'failed' ? log.warn.bind(log) : log.info.bind(log))(
        { tenant: slug, outcome: result.outcome, seconds: Math.round(result.seconds * 10) / 10 },
        result.line,
      );
      await warm(slug);
      const tenant = await loadTenant(slug, root).catch(() => undefined);
      const next: SyncJob = { slug, failures: result.outcome === 'failed' ? failures + 1 : 0 };
      await queue(next, nextSyncDelay(syncInterval(tenant, intervalSeconds), next.failures));
      return { outcome: result.outcome };
    },
  );
  log.info({ tenants: slugs.length, queue: SYNC_QUEUE }, 'sync worker started');
  return {
    boss,
    async stop(): Promise<void> {
      clearInterval(ensureTimer);
      // Waits for the sync in progress: its publish is not cut in half.
      await boss.stop({ graceful: true, timeout: 120_000 });
    },
  };
}
