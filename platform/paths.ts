import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scriptEnv } from './script-env';

/**
 * The project root, whatever directory a script is started from: the nearest folder above this
 * module with a package.json (tests run bundled copies of the runtime from under `.cache/`).
 */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '..');
  }
}
export const ROOT = projectRoot(path.dirname(fileURLToPath(import.meta.url)));
/** Output folders; tests point them elsewhere with DIST_DIR and BUILD_CACHE_DIR. */
const env = scriptEnv();
export const DIST = path.resolve(ROOT, env.DIST_DIR);
export const BUILD_CACHE = path.resolve(ROOT, env.BUILD_CACHE_DIR);

export const siteDir = (slug: string) => path.join(DIST, slug);
export const snapshotFile = (slug: string) => path.join(BUILD_CACHE, slug, 'site.json');
/** Written once site.json is complete; `astro build` waits for it (src/build/render-threads.ts). */
export const readyFile = (slug: string) => path.join(BUILD_CACHE, slug, 'site.ready.json');
export const stampFile = (slug: string) => path.join(BUILD_CACHE, slug, 'stamp.json');
/** What the live site in dist/<slug>/ was built from (cars listed, pages): the feed shrink guard compares against it. */
/** What each built page holds that _headers needs (platform/edge/headers.ts), by the page file's identity. */
export const pageScanFile = (slug: string) => path.join(BUILD_CACHE, slug, 'page-scan.json');
export const lastBuildFile = (slug: string) => path.join(BUILD_CACHE, slug, 'last-build.json');
