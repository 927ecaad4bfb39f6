import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A temporary folder of its own for a test that builds or syncs sites: tenants, dist/, .build/,
 * the stock (SQLite) and feeds outside data/. Call before importing the build modules: they read
 * these when they load. Returns the folder.
 */
export function isolateBuild(prefix: string): string {
  const work = mkdtempSync(path.join(tmpdir(), prefix));
  process.env.TENANTS_DIR = path.join(work, 'tenants');
  process.env.DIST_DIR = path.join(work, 'dist');
  process.env.BUILD_CACHE_DIR = path.join(work, 'cache');
  process.env.FEED_ROOTS = ['tests/fixtures/feeds', path.join(work, 'feeds')].join(path.delimiter);
  process.env.LEADS_DB_FILE = path.join(work, 'stock.sqlite');
  delete process.env.DATABASE_URL;
  return work;
}
