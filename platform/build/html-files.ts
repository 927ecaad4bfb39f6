import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Every .html file under `dir`, as paths relative to it (forward slashes). One blocking walk: the
 * promise-based one costs a thread-pool round trip per folder, and a big site has one per car.
 */
export function listHtmlFiles(dir: string): string[] {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

/** "cars/abc/index.html" -> "/cars/abc"; "index.html" -> "/"; "404.html" -> "/404". */
export function htmlFileToPath(file: string): string {
  const withoutIndex = file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return `/${withoutIndex}`.replace(/\/+$/, '') || '/';
}
