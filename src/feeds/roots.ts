import { realpath } from 'node:fs/promises';
import path from 'node:path';

/**
 * The folders local feed files may be read from: the project's data/ folder, plus the folders
 * listed in FEED_ROOTS (separated like PATH, relative to the project root or absolute; tests use it
 * for their fixtures). A tenant file is untrusted: its feed paths must not reach the rest of the disk.
 */
export function feedRoots(root: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const extra = (env.FEED_ROOTS ?? '').split(path.delimiter).filter(Boolean);
  return ['data', ...extra].map((dir) => path.resolve(root, dir));
}

export const isUrlSource = (source: string): boolean => /^https?:\/\//i.test(source);

/** A source that is neither an http(s) URL nor a file inside the feed folders. */
export class FeedLocationError extends Error {}

function inside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

function describeRoots(root: string, roots: string[]): string {
  return roots.map((dir) => `${path.relative(root, dir) || '.'}/`).join(', ');
}

/**
 * The real path of a local feed file, checked to lie inside one of `roots` both as written and
 * after following symlinks. Throws FeedLocationError for anything else (`/etc/passwd`, `../x`,
 * a symlink out of data/) and the file system's error (e.g. ENOENT) when the file is missing.
 */
export async function resolveLocalFeed(
  source: string,
  root: string,
  roots: string[] = feedRoots(root),
): Promise<string> {
  const refuse = () =>
    new FeedLocationError(
      `refused: a feed must be an http(s) URL or a file under ${describeRoots(root, roots)} (set FEED_ROOTS to allow other folders)`,
    );
  const file = path.resolve(root, source);
  if (!roots.some((dir) => inside(file, dir))) throw refuse();
  const real = await realpath(file);
  const realRoots = await Promise.all(roots.map((dir) => realpath(dir).catch(() => dir)));
  if (!realRoots.some((dir) => inside(real, dir))) throw refuse();
  return real;
}
