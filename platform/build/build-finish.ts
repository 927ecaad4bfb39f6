import { spawn } from 'node:child_process';
import { existsSync, renameSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { LoadedTenant } from '../../src/tenant/load';
import type { SiteData } from '../../src/site/types';
import { unresizedPhotosNote } from '../../src/site/unresized-photos';
import { compareSiteFolders, mergeChanges, type SiteChanges } from '../cdn/changed-files';
import { indexNowKeyFile } from '../../src/syndication/indexnow';
import { MAX_LINE_LENGTH, HEADERS_FILE, writeHeadersFile } from '../edge/headers';
import { listHtmlFiles } from './html-files';
import { DIST, pageScanFile, siteDir } from '../paths';
import { writeSitemap } from './sitemap';
import { writeSyndication } from './syndication';

const MAX_REPORTED_RECORDS = 20;

/** The files writeSiteExtras writes, relative to the site: a partial render removes them from its copy first. */
export function siteExtraFiles(site: Pick<SiteData, 'tenant'>): string[] {
  const key = site.tenant.syndication.indexnow_key;
  return [
    'sitemap.xml',
    HEADERS_FILE,
    'feeds',
    ...(key ? [indexNowKeyFile(key).path.replace(/^\/+/, '')] : []),
  ];
}

/**
 * What the build adds to Astro's pages: sitemap.xml (from the pages written), the vehicle-listing
 * feeds and _headers. Returns the HTML files and the cars left out of the listing feeds.
 */
export async function writeSiteExtras(
  outDir: string,
  tenant: LoadedTenant,
  site: SiteData,
  builtAt: string,
  log: (line: string) => void,
): Promise<{ htmlFiles: string[]; feedsLeftOut: number; feedSeconds: number }> {
  const htmlFiles = listHtmlFiles(outDir);
  await writeSitemap(outDir, tenant.url, builtAt, htmlFiles, site.cars);
  const feedsStarted = performance.now();
  const syndication = await writeSyndication(outDir, site);
  const feedSeconds = (performance.now() - feedsStarted) / 1000;
  for (const line of syndication.lines.slice(0, MAX_REPORTED_RECORDS)) log(`  ${line}`);
  const { blockedVideoHosts, tooLong } = await writeHeadersFile(
    outDir,
    tenant,
    htmlFiles,
    pageScanFile(tenant.slug),
  );
  for (const header of tooLong)
    log(`  ! _headers: ${header} is longer than Cloudflare Pages accepts (${MAX_LINE_LENGTH})`);
  for (const origin of blockedVideoHosts)
    log(
      `  ! videos from ${origin} are blocked by the site's Content-Security-Policy: add it to media_hosts.video`,
    );
  const unresized = unresizedPhotosNote(site);
  if (unresized) log(`  ! ${unresized}`);
  return { htmlFiles, feedsLeftOut: syndication.leftOut, feedSeconds };
}

/** Old site folders being removed by this process, by path. */
const removing = new Map<string, Promise<void>>();

/**
 * `rm -rf` in a process of its own: Node's recursive rm would fill libuv's thread pool for seconds
 * and hold up the sync's own file work (writing the stock state took 1.3 s behind it).
 */
function removeTree(dir: string): Promise<void> {
  if (process.platform === 'win32') return rm(dir, { recursive: true, force: true });
  return new Promise((resolve) => {
    const child = spawn('rm', ['-rf', '--', dir], { stdio: 'ignore' });
    child.on('close', () => resolve());
    child.on('error', () => resolve(rm(dir, { recursive: true, force: true })));
  });
}

/** Remove `dir` without waiting for it (best effort: a folder left over is removed by the next swap). */
function removeLater(dir: string): Promise<void> {
  let removal = removing.get(dir);
  if (!removal) {
    removal = removeTree(dir)
      .catch(() => {})
      .finally(() => removing.delete(dir));
    removing.set(dir, removal);
  }
  return removal;
}

/** Wait for the old folders still being removed (a command that exits calls this first). */
export async function settleRemovals(): Promise<void> {
  await Promise.all(removing.values());
}

/** Slugs whose next swap is to record what it changes (undefined until it has, or with no live site). */
const recording = new Map<string, SiteChanges | undefined>();

/**
 * Have swaps of `slug` compare the new folder with the live one (platform/cdn/changed-files.ts),
 * for purging and announcing exactly what changed. Returns a function that gives what the swaps
 * since changed (undefined if none swapped, or none was live) and stops recording.
 */
export function recordSwapChanges(slug: string): () => SiteChanges | undefined {
  recording.set(slug, undefined);
  return () => {
    const changes = recording.get(slug);
    recording.delete(slug);
    return changes;
  };
}

/** Where the live folder waits during a swap: the edge answers from it for the moment dist/<slug> is missing. */
export const previousSiteDir = (slug: string) => path.join(DIST, `.prev-${slug}`);

/**
 * Put a complete site folder in place of dist/<slug>/: two renames. Between them the live folder
 * sits at a fixed name (`.prev-<slug>`), where the edge (platform/edge/caddyfile.ts) looks for a
 * request that falls in that gap; then it gets a name of its own (`.old-<slug>.<time>.<pid>`: a
 * slug holds no dot). Returns its removal (tens of thousands of files on a big site, seconds of
 * work) for the caller to start once the rest is live; a sync does not wait for it. Old folders
 * left by an earlier process are removed as well.
 */
export async function swapSite(slug: string, builtDir: string): Promise<() => Promise<void>> {
  const target = siteDir(slug);
  const previous = previousSiteDir(slug);
  const leftOver = new RegExp(`^\\.old-${slug}(\\.\\d+\\.\\d+)?$`);
  const old = () => path.join(DIST, `.old-${slug}.${Date.now()}.${process.pid}`);
  if (existsSync(previous)) await rename(previous, old()); // a crash between the renames left it
  if (recording.has(slug) && existsSync(target))
    recording.set(slug, mergeChanges(recording.get(slug), compareSiteFolders(target, builtDir)));
  if (existsSync(target)) renameSync(target, previous);
  renameSync(builtDir, target);
  if (existsSync(previous)) await rename(previous, old());
  const oldFolders = (await readdir(DIST))
    .filter((name) => leftOver.test(name))
    .map((name) => path.join(DIST, name));
  return () => Promise.all(oldFolders.map(removeLater)).then(() => {});
}
