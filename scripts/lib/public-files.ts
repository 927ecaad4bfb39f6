import { copyFileSync, linkSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Put every file of `publicDir` into `outDir` as a hard link: 25 ms for the 2,000 demo images, where
 * Astro's copy took 0.5-1 s of every site's build. Falls back to copying where a link cannot be made
 * (another filesystem). A link shares its file with public/: nothing may write into these files in
 * place (Astro writes no page under a public file's path, and a build writes a new dist/<slug>).
 */
export function linkPublicFiles(publicDir: string, outDir: string): { linked: number; copied: number } {
  let linked = 0;
  let copied = 0;
  let canLink = true;
  const entries = readdirSync(publicDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const from = path.join(entry.parentPath, entry.name);
    const to = path.join(outDir, path.relative(publicDir, from));
    if (entry.isDirectory()) {
      mkdirSync(to, { recursive: true });
      continue;
    }
    if (!entry.isFile()) continue;
    mkdirSync(path.dirname(to), { recursive: true });
    if (canLink) {
      try {
        linkSync(from, to);
        linked++;
        continue;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
        canLink = false;
      }
    }
    copyFileSync(from, to);
    copied++;
  }
  return { linked, copied };
}
