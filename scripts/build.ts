/**
 * npm run build [-- <slug> ...] [--allow-shrink]
 * Validates every tenant file (or the named ones) and builds each site into dist/<slug>/.
 * --allow-shrink builds even from a cars feed that is empty, mostly invalid or less than half
 * of the last build's (otherwise that site is not built and its live site stays).
 */
import { BuildInputError, buildSites } from './lib/build-all';

const args = process.argv.slice(2);
const slugs = args.filter((arg) => !arg.startsWith('-'));
const started = performance.now();
try {
  const tenants = await buildSites({ slugs, allowShrink: args.includes('--allow-shrink') });
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
