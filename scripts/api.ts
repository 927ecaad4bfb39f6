/**
 * npm run api [-- <slug> ...]
 * The production API for every tenant (or those named) in one process: the tenant comes from the
 * request's Host (its `url` host or one of its `hostnames`). Reads each site's data from its last
 * build. Environment: PORT (8787), HOST (127.0.0.1), TRUST_PROXY, DATABASE_URL, OUTBOX=off (run
 * `npm run worker` instead), SHUTDOWN_DEADLINE_MS (20000); docs/deploy.md has the whole table.
 * With NODE_ENV=production it refuses to start, naming every unsafe or missing setting.
 */
import { loadTenants } from '../src/tenant/load';
import { startApiServer, configProblems } from '../platform/api/server';
import { createLogger } from '../platform/logger';
import { ROOT, snapshotFile } from '../platform/paths';
import { tenantsOrExit, shutdownOn } from '../platform/process';

const named = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const tenants = await tenantsOrExit('api', () =>
  loadTenants(named.length ? named : undefined, ROOT),
);
const problems = configProblems(tenants, process.env);
if (problems.length) {
  console.error(
    `npm run api: not started (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
  );
  process.exit(1);
}
const log = createLogger('api');
const running = await startApiServer({ tenants, snapshotFile, log });
shutdownOn(log, (deadlineMs) => running.shutdown(deadlineMs));
