import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Every .html file under `dir`, as paths relative to it (forward slashes). */
export async function listHtmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** "cars/abc/index.html" -> "/cars/abc"; "index.html" -> "/"; "404.html" -> "/404". */
export function htmlFileToPath(file: string): string {
  const withoutIndex = file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return `/${withoutIndex}`.replace(/\/+$/, '') || '/';
}
