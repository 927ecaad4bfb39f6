/**
 * npm start [-- <slug> ...]
 * Builds the demo tenants when their inputs changed (or were never built), then serves every site
 * on its own local port with the API. No database or search server needed. While it serves, a
 * change to a tenant file or a local feed file rebuilds that site in the background and the
 * server serves the new build as soon as it is swapped in.
 */
import { listTenantSlugs } from '../src/tenant/load';
import { BuildInputError, buildSites } from '../platform/build/build-all';
import { ROOT } from '../platform/paths';
import { rebuildOnChange } from '../platform/sync/live-rebuild';
import { serveSites } from './serve';

const slugs = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
try {
  await buildSites({ slugs, onlyStale: true });
} catch (error) {
  console.error(error instanceof BuildInputError ? error.message : error);
  process.exit(1);
}
await serveSites(slugs);
await rebuildOnChange(slugs.length ? slugs : await listTenantSlugs(ROOT));
console.log('Watching tenant files and local feeds: a change rebuilds that site.');
