import { copyFileSync, linkSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Folders of public/ that hold only static files no build writes into (the generated demo
 * images), so their files can be hard links: nothing writes through a link into public/.
 */
const LINKED_FOLDERS = new Set(['media']);

/**
 * Put public/ into a site's fresh output folder. Files under LINKED_FOLDERS become hard links: 25 ms
 * for the 2,090 demo images, where Astro's copy took 0.5-1 s of every site's build. Everything
 * else is copied, as is everything where a link cannot be made (another filesystem, a file with too
 * many links); symbolic links are copied as the files they point to.
 */
export function putPublicFiles(
  publicDir: string,
  outDir: string,
): { linked: number; copied: number } {
  let linked = 0;
  let copied = 0;
  let canLink = true;
  for (const entry of readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
    const from = path.join(entry.parentPath, entry.name);
    const relative = path.relative(publicDir, from);
    const to = path.join(outDir, relative);
    if (entry.isDirectory()) {
      mkdirSync(to, { recursive: true });
      continue;
    }
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    mkdirSync(path.dirname(to), { recursive: true });
    if (canLink && entry.isFile() && LINKED_FOLDERS.has(relative.split(path.sep)[0] ?? '')) {
      try {
        linkSync(from, to);
        linked++;
        continue;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK')
          throw error;
        canLink = false;
      }
    }
    copyFileSync(from, to);
    copied++;
  }
  return { linked, copied };
}
