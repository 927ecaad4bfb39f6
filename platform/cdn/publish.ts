import type { Tenant } from '../../src/tenant/schema';
import type { SiteChanges } from './changed-files';
import { purgersFor, purgeWanted } from './config';
import type { RetryOptions } from './retry';
import { purgeUrls } from './urls';

const urlCount = (count: number) => `${count} URL${count === 1 ? '' : 's'}`;

/**
 * After a publish has swapped a site in: purge the URLs whose bytes it changed from every
 * configured cache. Resolves with the words for the build or sync line ("purged 14 URLs
 * (varnish)"), undefined when no cache is configured. Never throws: the site is live whatever
 * the CDN says, so a failure is logged as one line and reported in the words.
 */
export async function purgeChanges(
  tenant: Pick<Tenant, 'url' | 'cdn'>,
  changes: SiteChanges | undefined,
  {
    env = process.env,
    log = () => {},
    retry,
  }: { env?: NodeJS.ProcessEnv; log?: (line: string) => void; retry?: RetryOptions } = {},
): Promise<string | undefined> {
  if (!purgeWanted(env)) return undefined;
  const failed = (words: string) => {
    log(`  ! ${words}`);
    return words;
  };
  // A first publish here (or dist/ lost): nothing to compare with, and purging every URL of a big site would take an hour of Cloudflare's rate limit.
  if (!changes)
    return failed(
      'CDN not purged: no earlier site here to compare with (purge it by hand if the CDN held an older copy)',
    );
  try {
    const purgers = purgersFor(tenant, env, retry);
    const urls = purgeUrls(tenant.url, changes);
    if (!urls.length) return 'nothing to purge';
    const done: string[] = [];
    const failures: string[] = [];
    for (const purger of purgers) {
      const result = await purger.purge(urls);
      if (result.failed)
        failures.push(
          `${purger.name}: ${result.failed} of ${urlCount(urls.length)} not purged (${result.error})`,
        );
      else done.push(purger.name);
    }
    if (!failures.length) return `purged ${urlCount(urls.length)} (${done.join(', ')})`;
    return failed(
      `${done.length ? `purged ${urlCount(urls.length)} (${done.join(', ')}), ` : ''}CDN purge failed: ${failures.join('; ')}`,
    );
  } catch (error) {
    // A CDN_PURGE that cannot be followed (PurgeConfigError), or a bug: either way the site is live.
    return failed(`CDN not purged: ${(error as Error).message}`);
  }
}
