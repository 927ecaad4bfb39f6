import type { Tenant } from '../../src/tenant/schema';
import { CLOUDFLARE_BATCH, CloudflarePurger } from './cloudflare';
import type { Purger } from './purge';
import type { RetryOptions } from './retry';
import { VarnishPurger } from './varnish';

/** A CDN_PURGE that cannot be followed: the publish goes ahead, unpurged, and says why. */
export class PurgeConfigError extends Error {}

/**
 * The caches a publish of `tenant` purges, in the order CDN_PURGE lists them (list the layer
 * nearest the site first, so an outer CDN refetches from a fresh inner one):
 *
 * - `CDN_PURGE`: comma-separated `varnish:<http address>` and `cloudflare`; unset, empty or `off`:
 *   none (local development).
 * - cloudflare: the tenant's `cdn.cloudflare_zone_id`, else `CLOUDFLARE_ZONE_ID`;
 *   `CLOUDFLARE_API_TOKEN`; `CLOUDFLARE_API_BASE` (default the real API); `CLOUDFLARE_PURGE_BATCH`
 *   (URLs per request, default 100).
 */
export function purgersFor(
  tenant: Pick<Tenant, 'cdn'>,
  env: NodeJS.ProcessEnv = process.env,
  retry?: RetryOptions,
): Purger[] {
  const entries = (env.CDN_PURGE ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 1 && entries[0] === 'off') return [];
  return entries.map((entry) => {
    if (entry.startsWith('varnish:')) {
      const address = entry.slice('varnish:'.length);
      if (!URL.canParse(address))
        throw new PurgeConfigError(
          `CDN_PURGE: expected varnish:<http address>, like varnish:http://127.0.0.1:6081, got "${entry}"`,
        );
      try {
        return new VarnishPurger(address, retry);
      } catch (error) {
        throw new PurgeConfigError(`CDN_PURGE: ${(error as Error).message}`);
      }
    }
    if (entry === 'cloudflare') {
      const zoneId = tenant.cdn.cloudflare_zone_id ?? env.CLOUDFLARE_ZONE_ID?.trim();
      const token = env.CLOUDFLARE_API_TOKEN?.trim();
      if (!zoneId)
        throw new PurgeConfigError(
          'cloudflare: no zone id (set cdn.cloudflare_zone_id in the tenant file, or CLOUDFLARE_ZONE_ID)',
        );
      if (!token) throw new PurgeConfigError('cloudflare: CLOUDFLARE_API_TOKEN is not set');
      const batch = env.CLOUDFLARE_PURGE_BATCH?.trim();
      const batchSize = batch ? Number(batch) : CLOUDFLARE_BATCH;
      if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 500)
        throw new PurgeConfigError(
          `CLOUDFLARE_PURGE_BATCH: expected a whole number from 1 to 500, got "${batch}"`,
        );
      const apiBase = env.CLOUDFLARE_API_BASE?.trim() || undefined;
      if (apiBase && !/^https?:\/\//.test(apiBase))
        throw new PurgeConfigError(
          `CLOUDFLARE_API_BASE: expected an http(s) URL, got "${apiBase}"`,
        );
      return new CloudflarePurger({ zoneId, token, apiBase, batchSize, retry });
    }
    throw new PurgeConfigError(
      `CDN_PURGE: unknown cache "${entry}" (expected varnish:<address> or cloudflare, comma-separated)`,
    );
  });
}

/** Whether publishes should work out what they changed: some cache is to be purged (or the setting is wrong, which is reported). */
export const purgeWanted = (env: NodeJS.ProcessEnv = process.env) => {
  const value = env.CDN_PURGE?.trim();
  return Boolean(value) && value !== 'off';
};
