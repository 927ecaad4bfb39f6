import { createHash, type Hash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isUrlSource, resolveLocalFeed } from '../../src/feeds/roots';
import { tenantsDir } from '../../src/tenant/load';
import type { Tenant } from '../../src/tenant/schema';
import { ROOT } from '../paths';

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

async function hashFiles(hash: Hash, files: string[]): Promise<void> {
  for (const file of files) {
    hash.update(path.relative(ROOT, file));
    try {
      const info = await stat(file);
      // Size and mtime for the many public images; content for everything that is text.
      if (file.includes(`${path.sep}public${path.sep}media${path.sep}`))
        hash.update(`${info.size}:${info.mtimeMs}`);
      else hash.update(await readFile(file));
    } catch {
      hash.update('missing');
    }
  }
}

let sharedHash: Promise<string> | undefined;

/**
 * The part every tenant shares (the code, public files, lockfile): read once per process, so a
 * sync of many tenants (or a watch) costs one pass over src/ and public/. Code changes while
 * `npm run sync -- --watch` or `npm start` runs are seen after a restart.
 */
function codeHash(): Promise<string> {
  sharedHash ??= (async () => {
    const hash = createHash('sha256');
    const files = [
      path.join(ROOT, 'astro.config.mjs'),
      path.join(ROOT, 'package-lock.json'),
      ...(await filesUnder(path.join(ROOT, 'src'))),
      ...(await filesUnder(path.join(ROOT, 'public'))),
    ].sort();
    await hashFiles(hash, files);
    return hash.digest('hex');
  })();
  return sharedHash;
}

/** The body digest of each URL feed fetched already, for tenantInputsHash. */
export function urlDigestsOf(
  fetched: ReadonlyMap<string, Uint8Array> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    [...(fetched ?? [])].map(([url, body]) => [
      url,
      createHash('sha256').update(body).digest('hex'),
    ]),
  );
}

/**
 * A fingerprint of everything a tenant's site is built from (its YAML, assets, local feeds, the
 * code, public files, lockfile). `npm start` and `npm test` rebuild a site only when it changed.
 * A feed read from a URL counts by the digest of its body in `urlDigests` (`npm run sync` fetches
 * them); without one such a tenant can't be fingerprinted and always rebuilds.
 */
export async function tenantInputsHash(
  tenant: Tenant & { file: string },
  urlDigests: Record<string, string> = {},
): Promise<string | undefined> {
  const feedSources = Object.values(tenant.feeds).filter(
    (source): source is string => typeof source === 'string',
  );
  const urlSources = feedSources.filter(isUrlSource).sort();
  if (urlSources.some((source) => !urlDigests[source])) return undefined;
  // Only files the build may read are read here; a refused or missing feed fails the build itself.
  const localSources = feedSources.filter((source) => !isUrlSource(source));
  const feedFiles = await Promise.all(
    localSources.map((source) => resolveLocalFeed(source, ROOT).catch(() => undefined)),
  );
  if (feedFiles.includes(undefined)) return undefined;
  const hash = createHash('sha256');
  hash.update(await codeHash());
  for (const source of urlSources) hash.update(`${source}\0${urlDigests[source]}`);
  await hashFiles(
    hash,
    [
      path.join(ROOT, tenant.file),
      ...(feedFiles as string[]),
      ...(await filesUnder(path.join(tenantsDir(ROOT), 'assets', tenant.slug))),
    ].sort(),
  );
  return hash.digest('hex');
}

/**
 * A fingerprint of what a site's pages are rendered with, feeds aside: the code and the tenant's
 * file and assets. A kept render bundle (platform/build/build-incremental.ts) serves only while it holds.
 */
export async function renderInputsHash(tenant: Tenant & { file: string }): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await codeHash());
  await hashFiles(
    hash,
    [
      path.join(ROOT, tenant.file),
      ...(await filesUnder(path.join(tenantsDir(ROOT), 'assets', tenant.slug))),
    ].sort(),
  );
  return hash.digest('hex');
}
