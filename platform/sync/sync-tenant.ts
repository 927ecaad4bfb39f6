import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseFeedBytes, readFeedBytes, validateFeed, FeedReadError } from '../../src/feeds/load';
import { isUrlSource } from '../../src/feeds/roots';
import { feedFetchSettings, redirectNote } from '../../src/feeds/fetch-feed';
import { carsFeedShrinkProblem } from '../../src/feeds/shrink';
import { FEED_NAMES, type FeedName } from '../../src/feeds/schemas';
import { loadTenant, TenantConfigError, type LoadedTenant } from '../../src/tenant/load';
import { BuildInputError, buildSites, isFresh } from '../build/build-all';
import { tenantInputsHash, urlDigestsOf } from '../build/inputs-hash';
import { BUILD_CACHE, ROOT, siteDir, snapshotFile } from '../paths';
import { syncMeilisearchStock } from '../search/meilisearch-sync';
import type { SiteData } from '../../src/site/types';
import { scriptEnv } from '../script-env';
import { announceChanges, changedPagePaths } from './announce';
import type { SiteChanges } from '../cdn/changed-files';
import { purgeWanted } from '../cdn/config';
import { conditionalFetch, FeedFetchError } from './fetch';
import { describeChanges, diffStock, stockState, type StockChanges, type StockState } from './diff';

export interface SyncOptions {
  allowShrink?: boolean;
  /** Tell search engines of the pages a rebuild changed (IndexNow; only tenants with an indexnow_key). */
  announce?: boolean;
  /** Build log lines (problems with records, shrink warnings); the summary line is returned. */
  log?: (line: string) => void;
}

export interface SyncResult {
  slug: string;
  outcome: 'unchanged' | 'rebuilt' | 'failed';
  changes?: StockChanges;
  seconds: number;
  /** "bayside-toyota: 1 sold, 2 price changes -> rebuilt in 9.8 s" */
  line: string;
}

/** The cars the live site was last built from, by id: what the next sync diffs against. */
const stockStateFile = (slug: string) => path.join(BUILD_CACHE, slug, 'stock-state.json');
const feedCacheDir = (slug: string) => path.join(BUILD_CACHE, slug, 'feeds');
/** What the last sync sent to Meilisearch (a digest per car). */
const meilisearchStateFile = (slug: string) =>
  path.join(BUILD_CACHE, slug, 'meilisearch-sent.json');

async function readStockState(slug: string): Promise<StockState | undefined> {
  try {
    return JSON.parse(await readFile(stockStateFile(slug), 'utf8')) as StockState;
  } catch {
    return undefined;
  }
}

async function writeStockState(slug: string, state: StockState): Promise<void> {
  const file = stockStateFile(slug);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(`${file}.tmp`, JSON.stringify(state));
  await rename(`${file}.tmp`, file);
}

/**
 * Read every feed of a tenant once: local files as they are, URLs conditionally (an unchanged one is
 * a 304) within the tenant's limits. The build is handed these same bytes (`fetched`).
 */
async function readTenantFeeds(
  tenant: LoadedTenant,
  log: (line: string) => void,
): Promise<{ cars: Uint8Array; fetched: Map<string, Uint8Array> }> {
  const fetched = new Map<string, Uint8Array>();
  const settings = feedFetchSettings(tenant);
  let cars: Uint8Array | undefined;
  for (const name of FEED_NAMES as readonly FeedName[]) {
    const source = tenant.feeds[name];
    if (typeof source !== 'string') continue;
    let bytes: Uint8Array;
    if (isUrlSource(source)) {
      if (fetched.has(source)) continue;
      try {
        const answer = await conditionalFetch(source, feedCacheDir(tenant.slug), name, settings);
        bytes = answer.body;
        fetched.set(source, bytes);
        const note = redirectNote(name, source, answer.url);
        if (note) log(`  ${tenant.slug}: ${note}`);
      } catch (error) {
        if (error instanceof FeedFetchError) throw new FeedReadError(name, source, error.message);
        throw error;
      }
    } else if (name === 'cars') {
      bytes = await readFeedBytes(name, source, ROOT);
    } else continue; // other local files count through the inputs hash
    if (name === 'cars') cars = bytes;
  }
  return { cars: cars ?? fetched.get(tenant.feeds.cars)!, fetched };
}

const secondsSince = (started: number) => (performance.now() - started) / 1000;

/**
 * A tenant on Meilisearch: the published stock's changes to its index (platform/search). Never
 * fails the sync (the site is live already); the line says what was sent or why not.
 */
async function sendStockToMeilisearch(tenant: LoadedTenant): Promise<string> {
  const host = scriptEnv().MEILISEARCH_HOST ?? tenant.search.meilisearch?.host;
  if (!host) return 'Meilisearch not updated: no host';
  try {
    const site = JSON.parse(await readFile(snapshotFile(tenant.slug), 'utf8')) as SiteData;
    const sent = await syncMeilisearchStock(
      site,
      { host, apiKey: scriptEnv().MEILISEARCH_ADMIN_KEY, index: tenant.search.meilisearch?.index },
      meilisearchStateFile(tenant.slug),
    );
    return `Meilisearch: ${sent.upserted} updated, ${sent.deleted} removed`;
  } catch (error) {
    return `Meilisearch not updated (next sync retries): ${(error as Error).message.split('\n')[0]}`;
  }
}

/** "not synced: <tenant>: feeds.cars (<url>): <reason>; ..." — one line, whatever failed. */
const failedLine = (slug: string, reason: string, seconds: number) =>
  `not synced: ${slug}: ${reason}; the live site was left as it was (${seconds.toFixed(1)} s)`;

/**
 * One sync of one tenant. Never throws: anything unexpected is a failed sync too, so one tenant's
 * trouble can't stop `--watch` syncing the others.
 */
export async function syncTenant(slug: string, options: SyncOptions = {}): Promise<SyncResult> {
  const started = performance.now();
  try {
    return await syncTenantOnce(slug, options);
  } catch (error) {
    const seconds = secondsSince(started);
    const reason = `unexpected error: ${String((error as Error)?.message ?? error).split('\n')[0]}`;
    return { slug, outcome: 'failed', seconds, line: failedLine(slug, reason, seconds) };
  }
}

/**
 * One sync of one tenant: read its feeds, and rebuild its site (swapped in whole, as builds are)
 * only if its inputs changed. Whatever fails (a tenant file error, a feed that 500s, a feed that
 * shrank suddenly, a build that throws) leaves the live site as it was and is reported in the line.
 */
async function syncTenantOnce(
  slug: string,
  { allowShrink = false, announce = false, log = () => {} }: SyncOptions,
): Promise<SyncResult> {
  const started = performance.now();
  // With BUILD_TIMINGS: where a rebuilding sync's time went, besides the build's own steps.
  const steps: string[] = [];
  let stepStarted = started;
  const step = (name: string) => {
    steps.push(`${name} ${secondsSince(stepStarted).toFixed(1)} s`);
    stepStarted = performance.now();
  };
  const failed = (reason: string): SyncResult => {
    const seconds = secondsSince(started);
    return { slug, outcome: 'failed', seconds, line: failedLine(slug, reason, seconds) };
  };
  let tenant: LoadedTenant;
  try {
    tenant = await loadTenant(slug, ROOT);
  } catch (error) {
    if (error instanceof TenantConfigError) return failed(error.message.replace(/\n/g, '; '));
    throw error;
  }
  let feeds: Awaited<ReturnType<typeof readTenantFeeds>>;
  let after: StockState;
  let rejectedIds: string[];
  let emptied: string | undefined;
  try {
    feeds = await readTenantFeeds(tenant, log);
  } catch (error) {
    if (error instanceof FeedReadError) return failed(error.message);
    throw error;
  }
  step('read feeds');
  const before = await readStockState(slug);
  const hash = await tenantInputsHash(tenant, urlDigestsOf(feeds.fetched));
  step('inputs hash');
  // Nothing changed: known before the feed is validated (most of an unchanged sync's time at 1,000 cars).
  const fresh = Boolean(before) && (await isFresh(tenant, hash));
  if (fresh) {
    const seconds = secondsSince(started);
    return {
      slug,
      outcome: 'unchanged',
      seconds,
      line: `${slug}: unchanged (${seconds.toFixed(1)} s)`,
    };
  }
  try {
    const result = validateFeed(
      'cars',
      parseFeedBytes('cars', tenant.feeds.cars, feeds.cars),
      tenant.feeds.cars,
    );
    after = stockState(result.records);
    rejectedIds = result.rejected.flatMap((record) => (record.id === undefined ? [] : [record.id]));
    // An empty or mostly invalid feed is refused before any build starts (the build's own guard
    // also compares against the last build's count, which needs the tenant's stock selection).
    const records = result.records.length + result.rejected.length;
    emptied = carsFeedShrinkProblem({
      records,
      invalid: result.rejected.length,
      listed: result.records.length,
    });
  } catch (error) {
    if (error instanceof FeedReadError) return failed(error.message);
    throw error;
  }
  step('validate');
  if (await isFresh(tenant, hash)) {
    // The first sync of a site built by `npm run build`: record the stock it starts from.
    await writeStockState(slug, after);
    const seconds = secondsSince(started);
    return {
      slug,
      outcome: 'unchanged',
      seconds,
      line: `${slug}: unchanged (${seconds.toFixed(1)} s)`,
    };
  }
  const changes = before ? diffStock(before, after, rejectedIds) : undefined;
  step('changes');
  const what = changes
    ? describeChanges(changes) || 'site inputs changed (no car changes)'
    : `first sync, ${Object.keys(after).length} cars`;
  if (emptied && !allowShrink)
    return {
      ...failed(
        `feeds.cars (${tenant.feeds.cars}): ${emptied}; if the feed is right: npm run sync -- ${slug} --allow-shrink`,
      ),
      changes,
    };
  // What the swap changed: for IndexNow, and the CDN purge's words for the line.
  let published: { changes?: SiteChanges; purge?: string } | undefined;
  const wantsChanges = (announce && Boolean(tenant.syndication.indexnow_key)) || purgeWanted();
  try {
    await buildSites({
      slugs: [slug],
      allowShrink,
      fetched: feeds.fetched,
      incremental: true,
      log: (line) => line.startsWith('  ') && log(line),
      onPublished: wantsChanges ? (_, outcome) => (published = outcome) : undefined,
    });
  } catch (error) {
    // A sudden shrink, an unreadable feed or a failed build: the swap never happened.
    const reason =
      error instanceof BuildInputError
        ? error.message.replace(/\n/g, '; ')
        : `build failed: ${(error as Error).message.split('\n')[0]}`;
    return { ...failed(`${what}, but ${reason}`), changes };
  }
  step('build');
  await writeStockState(slug, after);
  step('stock state');
  if (scriptEnv().BUILD_TIMINGS) log(`    sync steps: ${steps.join(', ')}`);
  const seconds = secondsSince(started);
  const malformed = rejectedIds.flatMap((id) => before?.[id]?.path ?? []);
  const announced =
    announce && published?.changes
      ? await announceChanges(tenant, changedPagePaths(published.changes, siteDir(slug), malformed))
      : undefined;
  const searchIndex =
    tenant.search.backend === 'meilisearch' ? await sendStockToMeilisearch(tenant) : undefined;
  const notes = [published?.purge, announced, searchIndex]
    .filter(Boolean)
    .map((words) => `; ${words}`)
    .join('');
  return {
    slug,
    outcome: 'rebuilt',
    changes,
    seconds,
    line: `${slug}: ${what} -> rebuilt in ${seconds.toFixed(1)} s${notes}`,
  };
}
