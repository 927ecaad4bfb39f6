import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isUrlSource, resolveLocalFeed } from '../../src/feeds/roots';
import { tenantsDir } from '../../src/tenant/load';
import type { Tenant } from '../../src/tenant/schema';
import { ROOT } from './paths';

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

/**
 * A fingerprint of everything a tenant's site is built from (its YAML, assets, local feeds, the
 * code, public files, lockfile). `npm start` and `npm test` rebuild a site only when it changed.
 * Feeds read from URLs can't be fingerprinted here, so such tenants always rebuild.
 */
export async function tenantInputsHash(tenant: Tenant & { file: string }): Promise<string | undefined> {
  const feedSources = Object.values(tenant.feeds).filter((source): source is string => typeof source === 'string');
  if (feedSources.some(isUrlSource)) return undefined;
  // Only files the build may read are read here; a refused or missing feed fails the build itself.
  const feedFiles = await Promise.all(feedSources.map((source) => resolveLocalFeed(source, ROOT).catch(() => undefined)));
  if (feedFiles.includes(undefined)) return undefined;
  const files = [
    path.join(ROOT, tenant.file),
    ...(feedFiles as string[]),
    path.join(ROOT, 'astro.config.mjs'),
    path.join(ROOT, 'package-lock.json'),
    ...(await filesUnder(path.join(tenantsDir(ROOT), 'assets', tenant.slug))),
    ...(await filesUnder(path.join(ROOT, 'src'))),
    ...(await filesUnder(path.join(ROOT, 'public'))),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(ROOT, file));
    try {
      const info = await stat(file);
      // Size and mtime for the many public images; content for everything that is text.
      if (file.includes(`${path.sep}public${path.sep}media${path.sep}`)) hash.update(`${info.size}:${info.mtimeMs}`);
      else hash.update(await readFile(file));
    } catch {
      hash.update('missing');
    }
  }
  return hash.digest('hex');
}
