/**
 * npm run build [-- <slug> ...]
 * Validates every tenant file (or the named ones) and builds each site into dist/<slug>/.
 */
import { BuildInputError, buildSites } from './lib/build-all';

const slugs = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const started = performance.now();
try {
  const tenants = await buildSites({ slugs });
  console.log(`Built ${tenants.length} site${tenants.length === 1 ? '' : 's'} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  if (error instanceof BuildInputError) {
    console.error(error.message);
    console.error('Build stopped: fix the problems above. The failing site in dist/ was left as it was.');
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exit(1);
}
