import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { OriginalProblem } from './original-problem';
import { MAX_ORIGINAL_BYTES } from './remote-original';

/** A site file found for a path: its size and mtime tell a replaced file from the one cached. */
export interface SiteFile {
  file: string;
  size: number;
  mtimeMs: number;
}

/**
 * The file a site path (`/media/a%20b.jpg`; the query is ignored) names under `roots`, first
 * found: 400 for a path that can't be decoded, 403 outside the roots, 404 when none has it.
 */
export async function siteFileFor(roots: readonly string[], sitePath: string): Promise<SiteFile> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(sitePath, 'http://site.invalid').pathname);
  } catch {
    throw new OriginalProblem(400, 'url is not a valid site path.');
  }
  for (const root of roots) {
    const file = path.resolve(root, `.${pathname}`);
    if (!file.startsWith(root + path.sep))
      throw new OriginalProblem(403, 'That path is outside the site.');
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) continue;
    if (info.size > MAX_ORIGINAL_BYTES)
      throw new OriginalProblem(
        413,
        `The original image is larger than ${MAX_ORIGINAL_BYTES / 1024 / 1024} MB.`,
      );
    return { file, size: info.size, mtimeMs: info.mtimeMs };
  }
  throw new OriginalProblem(404, 'There is no such image on this site.');
}

export async function readSiteFile({ file }: SiteFile): Promise<Buffer> {
  return readFile(file).catch(() => {
    throw new OriginalProblem(404, 'There is no such image on this site.');
  });
}
