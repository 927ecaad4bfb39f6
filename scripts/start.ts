/**
 * npm start [-- <slug> ...]
 * Builds the demo tenants when their inputs changed (or were never built), then serves every site
 * on its own local port with the API. No database or search server needed.
 */
import { BuildInputError, buildSites } from './lib/build-all';
import { serveSites } from './serve';

const slugs = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
try {
  await buildSites({ slugs, onlyStale: true });
} catch (error) {
  console.error(error instanceof BuildInputError ? error.message : error);
  process.exit(1);
}
await serveSites(slugs);
