import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { isUrlSource } from '../../src/feeds/roots';
import { loadTenant, tenantsDir } from '../../src/tenant/load';
import { ROOT } from '../paths';
import { syncTenant } from './sync-tenant';
import { serialQueue } from './watch';

const DEBOUNCE_MS = 300;

/**
 * While `npm start` serves: a change to a tenant file or one of its local feed files syncs that
 * tenant in the background (debounced; one build at a time). The new site is swapped in whole and
 * the local server serves it from the next request on. Returns a function that stops watching.
 */
export async function rebuildOnChange(
  slugs: string[],
  log: (line: string) => void = console.log,
): Promise<() => void> {
  const run = serialQueue();
  const timers = new Map<string, NodeJS.Timeout>();
  const watchers: FSWatcher[] = [];
  // Which tenants read each watched file: tenant files and local feeds (re-read after each sync).
  const readers = new Map<string, Set<string>>();
  const watchedDirs = new Set<string>();

  const schedule = (slug: string) => {
    clearTimeout(timers.get(slug));
    timers.set(
      slug,
      setTimeout(() => {
        timers.delete(slug);
        void run(async () => {
          const result = await syncTenant(slug, { log });
          log(result.line);
          await track(slug);
        });
      }, DEBOUNCE_MS),
    );
  };

  const watchDir = (dir: string) => {
    if (watchedDirs.has(dir)) return;
    watchedDirs.add(dir);
    try {
      // Editors often save by writing a new file and renaming it over the old: watch the folder.
      const watcher = watch(dir, (_event, name) => {
        if (!name) return;
        for (const slug of readers.get(path.join(dir, name.toString())) ?? []) schedule(slug);
      });
      watcher.on('error', () => {});
      watchers.push(watcher);
    } catch {
      // a folder that can't be watched: that tenant rebuilds on the next `npm start` instead
    }
  };

  const addReader = (file: string, slug: string) => {
    if (!readers.has(file)) readers.set(file, new Set());
    readers.get(file)!.add(slug);
    watchDir(path.dirname(file));
  };

  async function track(slug: string) {
    addReader(path.join(tenantsDir(ROOT), `${slug}.yaml`), slug);
    const tenant = await loadTenant(slug, ROOT).catch(() => undefined);
    for (const source of Object.values(tenant?.feeds ?? {}))
      if (typeof source === 'string' && !isUrlSource(source))
        addReader(path.resolve(ROOT, source), slug);
  }

  for (const slug of slugs) await track(slug);
  return () => {
    for (const watcher of watchers) watcher.close();
    for (const timer of timers.values()) clearTimeout(timer);
  };
}
