/**
 * npm run worker [-- <slug> ...]
 * The lead outbox alone: delivers leads to CRMs and e-mail, retries, and sends outage alerts. Any
 * number run beside `npm run api` (or instead of its own, with OUTBOX=off there): each delivery is
 * claimed under a lease in the shared database, so each lead is delivered once.
 */
import { apiEnv } from '../api/env';
import { startOutboxWorker } from '../api/outbox/worker';
import { openStore } from '../api/storage/store';
import { siteSnapshots } from '../platform/api/site-snapshots';
import { createLogger } from '../platform/logger';
import { shutdownOn, tenantsOrExit } from '../platform/process';
import { loadTenants } from '../src/tenant/load';
import { ROOT, snapshotFile } from '../platform/paths';

const named = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const tenants = await tenantsOrExit('worker', () =>
  loadTenants(named.length ? named : undefined, ROOT),
);
const log = createLogger('worker');
const settings = apiEnv();
const store = await openStore();
const served = new Set(tenants.map((tenant) => tenant.slug));
const siteFor = siteSnapshots(snapshotFile, (slug, problem) => log.warn({ tenant: slug }, problem));
const worker = startOutboxWorker({
  store,
  siteFor: (slug) => (served.has(slug) ? siteFor(slug) : undefined),
  intervalMs: settings.OUTBOX_INTERVAL_MS,
  leaseMs: settings.OUTBOX_LEASE_MS,
  alertAfterMs: settings.OUTBOX_ALERT_AFTER_MS,
  batch: settings.OUTBOX_BATCH,
  log: (line) => log.warn(line),
});
log.info({ tenants: tenants.length }, 'outbox worker started');
shutdownOn(log, async (deadlineMs) => {
  const finished = worker
    .stop()
    .then(() => store.close())
    .then(() => 'clean' as const);
  return Promise.race([
    finished,
    new Promise<'deadline'>((resolve) => setTimeout(() => resolve('deadline'), deadlineMs).unref()),
  ]);
});
