import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import path from 'node:path';

/** What a publish changes, as files relative to the site folder (forward slashes), each list sorted. */
export interface SiteChanges {
  /** In both folders with different bytes. */
  changed: string[];
  added: string[];
  deleted: string[];
}

export const NO_CHANGES: SiteChanges = { changed: [], added: [], deleted: [] };

/** What two swaps in a row changed (a partial render swapped in, then a full build): every file either touched. */
export function mergeChanges(first: SiteChanges | undefined, second: SiteChanges): SiteChanges {
  if (!first) return second;
  const union = (a: string[], b: string[]) => [...new Set([...a, ...b])].sort();
  return {
    changed: union(first.changed, second.changed),
    added: union(first.added, second.added),
    deleted: union(first.deleted, second.deleted),
  };
}

export const changeCount = (changes: SiteChanges) =>
  changes.changed.length + changes.added.length + changes.deleted.length;

/** Every file under `dir`, relative, with forward slashes. One blocking walk (a big site has a folder per car). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    );
}

// Reused between comparisons: a publish compares thousands of files, one pair at a time.
const CHUNK = 256 * 1024;
const left = Buffer.allocUnsafe(CHUNK);
const right = Buffer.allocUnsafe(CHUNK);

/** Whether two files of the same size hold the same bytes; stops at the first chunk that differs. */
function sameBytes(a: string, b: string, size: number): boolean {
  const fa = openSync(a, 'r');
  const fb = openSync(b, 'r');
  try {
    for (let at = 0; at < size;) {
      const want = Math.min(CHUNK, size - at);
      const got = readSync(fa, left, 0, want, at);
      if (readSync(fb, right, 0, want, at) !== got || got === 0) return false;
      if (!left.subarray(0, got).equals(right.subarray(0, got))) return false;
      at += got;
    }
    return true;
  } finally {
    closeSync(fa);
    closeSync(fb);
  }
}

/**
 * Compare the live site folder with the one replacing it, file by file. Cheapest test first: the
 * same inode (a partial render hard-links every file it keeps, and public/media is linked in every
 * build) is unchanged without a read; a different size is changed without one; only files of equal
 * size are read, both at once in chunks. Blocking reads: the files were just written or served, so
 * they are in the page cache, and a thread-pool round trip per file would cost more than the read.
 */
export function compareSiteFolders(liveDir: string, nextDir: string): SiteChanges {
  const before = new Set(filesUnder(liveDir));
  const changes: SiteChanges = { changed: [], added: [], deleted: [] };
  for (const file of filesUnder(nextDir)) {
    if (!before.delete(file)) {
      changes.added.push(file);
      continue;
    }
    const next = path.join(nextDir, file);
    const live = path.join(liveDir, file);
    const a = statSync(live, { bigint: true });
    const b = statSync(next, { bigint: true });
    if (a.ino === b.ino && a.dev === b.dev) continue;
    if (a.size !== b.size || !sameBytes(live, next, Number(b.size))) changes.changed.push(file);
  }
  changes.deleted = [...before];
  changes.changed.sort();
  changes.added.sort();
  changes.deleted.sort();
  return changes;
}
