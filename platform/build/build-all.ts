import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  loadTenants,
  TenantConfigError,
  TenantConfigErrors,
  tenantsDir,
  type LoadedTenant,
} from '../../src/tenant/load';
import { copiedValueWarnings, readTenantValues } from '../../src/tenant/copied-values';
import { FeedReadError } from '../../src/feeds/load';
import { buildEnv, EnvError } from '../../src/config/build-env';
import { buildTenant, FeedShrinkError, summarise, type TenantBuildResult } from './build-tenant';
import { NeedsFullBuild, renderChanged } from './build-incremental';
import { tenantInputsHash, urlDigestsOf } from './inputs-hash';
import type { FetchedFeeds } from '../../src/site/prepare';
import { ROOT, siteDir, stampFile } from '../paths';
import { ensureDemoData } from './sample-data';
import { warmPlacesDigest } from './places-digest-warm';
import { recordSwapChanges } from './build-finish';
import type { SiteChanges } from '../cdn/changed-files';
import { purgeWanted } from '../cdn/config';
import { purgeChanges } from '../cdn/publish';

export interface BuildOptions {
  slugs?: string[];
  /** Skip tenants whose inputs have not changed since their last build. */
  onlyStale?: boolean;
  /** Build even from a cars feed that shrank suddenly (src/feeds/shrink.ts). */
  allowShrink?: boolean;
  log?: (line: string) => void;
  /**
   * URL feeds already fetched (npm run sync), by URL: their digests fingerprint the tenant, and the
   * build uses these bytes instead of fetching again, so what was judged is what is published.
   */
  fetched?: FetchedFeeds;
  /**
   * Render only the pages whose inputs changed with the prerender bundle kept from the last full
   * build (platform/build/build-incremental.ts), where it fits; a full build otherwise.
   */
  incremental?: boolean;
  /**
   * Called once a tenant's site is live, with the files its swap changed (undefined when no site
   * was live before) and the CDN purge's words. Asking for it makes every swap compare the new
   * folder with the live one; so does a configured CDN_PURGE.
   */
  onPublished?: (slug: string, published: { changes?: SiteChanges; purge?: string }) => void;
}

/** Tenant config or feed problems an editor must fix; printed without a stack trace. */
export class BuildInputError extends Error {}

/** Whether dist/<slug>/ was built from exactly these inputs (its stamp has this hash). */
export async function isFresh(tenant: LoadedTenant, hash: string | undefined): Promise<boolean> {
  if (!hash || !existsSync(path.join(siteDir(tenant.slug), 'index.html'))) return false;
  try {
    const stamp = JSON.parse(await readFile(stampFile(tenant.slug), 'utf8')) as { hash?: string };
    return stamp.hash === hash;
  } catch {
    return false;
  }
}

/**
 * The time a build is made at: what "sold within N days", opening hours, the footer year and the
 * like are worked out against. SOURCE_DATE_EPOCH (seconds; the reproducible-builds convention) fixes
 * it, so the same inputs build the same bytes.
 */
export function buildTime(
  env: Record<string, string | undefined> = process.env,
  clock = () => new Date(),
): Date {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch === '') return clock();
  if (!/^\d+$/.test(epoch))
    throw new BuildInputError(
      `SOURCE_DATE_EPOCH=${epoch}: expected whole seconds since 1970-01-01 UTC`,
    );
  return new Date(Number(epoch) * 1000);
}

/**
 * Validate the tenants, then build each into dist/<slug>/. A tenant whose feeds can't be read or
 * shrank suddenly is not built (its live site stays) while the others are; the build then fails
 * with their problems. Returns the tenants.
 */
export async function buildSites({
  slugs,
  onlyStale = false,
  allowShrink = false,
  log = console.log,
  fetched,
  incremental = false,
  onPublished,
}: BuildOptions = {}): Promise<LoadedTenant[]> {
  let tenants: LoadedTenant[];
  try {
    tenants = await loadTenants(slugs, ROOT);
  } catch (error) {
    if (error instanceof TenantConfigErrors || error instanceof TenantConfigError)
      throw new BuildInputError(error.message);
    throw error;
  }
  // A warning, not an error: a dealer group may share a phone or a feed on purpose.
  for (const warning of copiedValueWarnings(
    await readTenantValues(tenantsDir(ROOT), ROOT),
    slugs ?? [],
  ))
    log(`! ${warning}`);
  await ensureDemoData(tenants, log);
  const now = buildTime();
  try {
    buildEnv(); // BUILD_THREADS and the like, checked before any site is built
  } catch (error) {
    if (error instanceof EnvError) throw new BuildInputError(error.message);
    throw error;
  }
  let placesDigest: Promise<void> | undefined;
  const notBuilt: string[] = [];
  for (const tenant of tenants) {
    const hash = await tenantInputsHash(tenant, urlDigestsOf(fetched));
    if (onlyStale && (await isFresh(tenant, hash))) {
      log(`= ${tenant.slug}: up to date (dist/${tenant.slug}/)`);
      continue;
    }
    const swapChanges = onPublished || purgeWanted() ? recordSwapChanges(tenant.slug) : undefined;
    try {
      const partial = incremental
        ? await tryRenderChanged(tenant, now, log, allowShrink, fetched)
        : undefined;
      if (!partial) {
        log(`> ${tenant.slug}: building (${tenant.template})`);
        placesDigest ??= warmPlacesDigest(log);
      }
      const result =
        partial ?? (await buildTenant(tenant, now, (line) => log(line), { allowShrink, fetched }));
      await mkdir(path.dirname(stampFile(tenant.slug)), { recursive: true });
      await writeFile(stampFile(tenant.slug), JSON.stringify({ hash, builtAt: now.toISOString() }));
      // The site is live: purge what changed (never throws; a failure is one logged line).
      const changes = swapChanges?.();
      const purge = await purgeChanges(tenant, changes, { log });
      log(
        `✔ ${tenant.slug}: ${summarise(result)} -> dist/${tenant.slug}/${purge ? `; ${purge}` : ''}`,
      );
      onPublished?.(tenant.slug, { changes, purge });
    } catch (error) {
      swapChanges?.();
      if (!(error instanceof FeedReadError || error instanceof FeedShrinkError)) throw error;
      log(`✘ ${tenant.slug}: not built, see below`);
      notBuilt.push(`${tenant.file}: ${error.message}`);
    }
  }
  await placesDigest;
  if (notBuilt.length) throw new BuildInputError(notBuilt.join('\n'));
  return tenants;
}

/**
 * A partial render of the tenant (only what changed), or undefined when it needs a full build. Bad
 * feeds fail as in a full build; a partial render that fails otherwise falls back to a full build.
 */
async function tryRenderChanged(
  tenant: LoadedTenant,
  now: Date,
  log: (line: string) => void,
  allowShrink: boolean,
  fetched: FetchedFeeds | undefined,
): Promise<TenantBuildResult | undefined> {
  try {
    const { result, rendered, reused, searchPagesKept, warm } = await renderChanged(
      tenant,
      now,
      log,
      { allowShrink, fetched },
    );
    log(
      `  partial render: ${rendered} files rendered, ${reused} cars' pages kept, ${searchPagesKept} search pages kept${warm ? ' (render threads kept from the last one)' : ''}`,
    );
    return result;
  } catch (error) {
    if (error instanceof FeedReadError || error instanceof FeedShrinkError) throw error;
    log(
      `  ${error instanceof NeedsFullBuild ? '' : '! partial render failed: '}${(error as Error).message.split('\n')[0]}; building in full`,
    );
    return undefined;
  }
}

/**
 * The slugs CI shard `index` of `count` (1-based) builds: every count-th of the sorted list, so
 * each job of a matrix gets an even share and together they build every tenant once.
 */
export function shardSlugs(slugs: readonly string[], index: number, count: number): string[] {
  if (
    !Number.isInteger(count) ||
    count < 1 ||
    !Number.isInteger(index) ||
    index < 1 ||
    index > count
  )
    throw new BuildInputError(
      `--shard=${index}/${count}: expected --shard=<i>/<n> with 1 <= i <= n`,
    );
  return [...slugs].sort().filter((_, position) => position % count === index - 1);
}

/** "--shard=2/4" -> { index: 2, count: 4 }; undefined when absent. */
export function parseShard(args: readonly string[]): { index: number; count: number } | undefined {
  const arg = args.find((a) => a.startsWith('--shard'));
  if (!arg) return undefined;
  const match = /^--shard=(\d+)\/(\d+)$/.exec(arg);
  if (!match) throw new BuildInputError(`${arg}: expected --shard=<i>/<n>, like --shard=1/4`);
  return { index: Number(match[1]), count: Number(match[2]) };
}

/** The tenants among `tenants` whose live site was not built from their current inputs. */
export async function staleTenants(tenants: LoadedTenant[]): Promise<LoadedTenant[]> {
  const stale: LoadedTenant[] = [];
  for (const tenant of tenants)
    if (!(await isFresh(tenant, await tenantInputsHash(tenant)))) stale.push(tenant);
  return stale;
}
