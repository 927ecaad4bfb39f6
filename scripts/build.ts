/**
 * npm run build [-- <slug> ...] [--allow-shrink] [--changed] [--shard=<i>/<n>]
 * Validates every tenant file (or the named ones) and builds each site into dist/<slug>/.
 * --allow-shrink builds even from a cars feed that is empty, mostly invalid or less than half
 * of the last build's (otherwise that site is not built and its live site stays).
 * --changed builds only tenants whose inputs (tenant file, feeds, code) changed since their last build.
 * --shard=<i>/<n> builds every n-th tenant of the sorted list, starting with the i-th (a CI matrix).
 */
import { listTenantSlugs } from '../src/tenant/load';
import { BuildInputError, buildSites, parseShard, shardSlugs } from '../platform/build/build-all';
import { ROOT } from '../platform/paths';

const args = process.argv.slice(2);
const started = performance.now();
try {
  let slugs = args.filter((arg) => !arg.startsWith('-'));
  const shard = parseShard(args);
  if (shard) {
    slugs = shardSlugs(
      slugs.length ? slugs : await listTenantSlugs(ROOT),
      shard.index,
      shard.count,
    );
    console.log(`Shard ${shard.index}/${shard.count}: ${slugs.join(', ') || '(no tenants)'}`);
  }
  const tenants =
    shard && !slugs.length
      ? []
      : await buildSites({
          slugs,
          allowShrink: args.includes('--allow-shrink'),
          onlyStale: args.includes('--changed'),
        });
  console.log(
    `Built ${tenants.length} site${tenants.length === 1 ? '' : 's'} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  if (error instanceof BuildInputError) {
    console.error(error.message);
    console.error(
      'Build stopped: fix the problems above. The failing site in dist/ was left as it was.',
    );
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exit(1);
}
