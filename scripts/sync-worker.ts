/**
 * npm run sync-worker [-- <slug> ...] [--interval=<seconds>]
 * One of any number of sync workers sharing the tenants through a job queue in PostgreSQL
 * (platform/sync/queue.ts; DATABASE_URL required): each tenant is synced by one worker at a time,
 * on its interval, and a killed worker's sync runs again on another. Each publish swaps the site
 * in dist/ and purges what changed, so DIST_DIR and BUILD_CACHE_DIR must be folders every worker
 * and edge shares (an NFS/EFS mount). docs/live-stock.md.
 */
import { listTenantSlugs } from '../src/tenant/load';
import { startSyncWorker } from '../platform/sync/queue';
import { createLogger } from '../platform/logger';
import { shutdownOn } from '../platform/process';
import { settleRemovals } from '../platform/build/build-finish';
import { ROOT } from '../platform/paths';
import { parseInterval } from '../platform/sync/watch';

const args = process.argv.slice(2);
const named = args.filter((arg) => !arg.startsWith('-'));
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    'npm run sync-worker: set DATABASE_URL: the sync queue lives in PostgreSQL, shared by every worker (one machine: npm run sync -- --watch).',
  );
  process.exit(1);
}
let interval: number;
try {
  interval = parseInterval(args);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const log = createLogger('sync');
// SYNC_QUEUE_SCHEMA: the schema of the queue's tables (default sync_queue).
const worker = await startSyncWorker({
  databaseUrl,
  schema: process.env.SYNC_QUEUE_SCHEMA || undefined,
  slugs: named.length ? named : await listTenantSlugs(ROOT),
  root: ROOT,
  log,
  intervalSeconds: interval,
});
shutdownOn(log, async () => {
  await worker.stop();
  await settleRemovals();
  return 'clean';
});
