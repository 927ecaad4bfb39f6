/**
 * npm run sync [-- <slug> ...] [--watch] [--interval=<seconds>] [--allow-shrink]
 * Reads every tenant's feeds (URLs conditionally: an unchanged feed is one 304), says what changed
 * in each dealer's stock, and rebuilds only the sites whose inputs changed, swapping each in whole.
 * A feed that fails, is too large or too slow, or empties suddenly leaves that live site as it was,
 * with one "not synced: <tenant>: ..." line. --watch repeats every
 * --interval seconds (default 60; a tenant's sync.interval_seconds overrides it). Changed car pages
 * of tenants with an indexnow_key are announced to IndexNow (INDEXNOW=off stops it).
 */
import { listTenantSlugs, loadTenant } from '../src/tenant/load';
import { ROOT } from '../platform/paths';
import { warmRenderThreads } from '../platform/build/build-incremental';
import { settleRemovals } from '../platform/build/build-finish';
import { syncTenant } from '../platform/sync/sync-tenant';
import { nextSyncDelay, parseInterval, syncInterval } from '../platform/sync/watch';

const args = process.argv.slice(2);
const named = args.filter((arg) => !arg.startsWith('-'));
const allowShrink = args.includes('--allow-shrink');
let interval: number;
try {
  interval = parseInterval(args);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const slugs = named.length ? named : await listTenantSlugs(ROOT);

async function syncOne(slug: string): Promise<boolean> {
  const result = await syncTenant(slug, {
    allowShrink,
    announce: true,
    log: (line) => console.log(line),
  });
  (result.outcome === 'failed' ? console.error : console.log)(result.line);
  return result.outcome !== 'failed';
}

if (!args.includes('--watch')) {
  let ok = true;
  for (const slug of slugs) ok = (await syncOne(slug)) && ok;
  await settleRemovals();
  process.exit(ok ? 0 : 1);
}

// Watch: each tenant is due again its interval after its last sync (longer after failures, see
// nextSyncDelay); syncs run one at a time, and no tenant's failure stops the others.
const due = new Map(slugs.map((slug) => [slug, 0]));
const failures = new Map(slugs.map((slug) => [slug, 0]));
const warmed = new Set<string>();
let stopping = false;
const stop = () => (stopping = true);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(`Syncing ${slugs.join(', ')} every ${interval} s (Ctrl+C to stop)`);
while (!stopping) {
  for (const slug of slugs) {
    if (stopping || due.get(slug)! > Date.now()) continue;
    const ok = await syncOne(slug);
    failures.set(slug, ok ? 0 : failures.get(slug)! + 1);
    const tenant = await loadTenant(slug, ROOT).catch(() => undefined);
    // The first change should not wait for the render threads to load the site's code.
    if (tenant && !warmed.has(slug)) {
      warmed.add(slug);
      const started = performance.now();
      await warmRenderThreads(tenant).then(
        (done) =>
          done &&
          console.log(
            `  ${slug}: render threads ready (${((performance.now() - started) / 1000).toFixed(1)} s)`,
          ),
        (error: unknown) =>
          console.error(`  ${slug}: render threads not warmed up: ${(error as Error).message}`),
      );
    }
    const delay = nextSyncDelay(syncInterval(tenant, interval), failures.get(slug)!);
    if (!ok) console.error(`  ${slug}: next try in ${delay} s`);
    due.set(slug, Date.now() + delay * 1000);
  }
  const next = Math.min(...due.values());
  while (!stopping && Date.now() < next)
    await new Promise((resolve) => setTimeout(resolve, Math.min(250, next - Date.now())));
}
await settleRemovals();
process.exit(0);
