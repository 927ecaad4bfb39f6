import { existsSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lastBuildFile, siteDir } from '../paths';

/** The live site's build: written when it is swapped into dist/<slug>/. */
export interface LastBuild {
  cars: number;
  pages: number;
  builtAt: string;
}

export async function writeLastBuild(slug: string, build: LastBuild): Promise<void> {
  const file = lastBuildFile(slug);
  await writeFile(`${file}.tmp`, JSON.stringify(build));
  await rename(`${file}.tmp`, file);
}

/** Car pages of a built site: dist/<slug>/cars/<car>/index.html (trade-in is not a car). */
async function countCarPages(site: string): Promise<number | undefined> {
  const dir = path.join(site, 'cars');
  if (!existsSync(dir)) return undefined;
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.filter(
    (entry) =>
      entry.isDirectory() &&
      entry.name !== 'trade-in' &&
      existsSync(path.join(dir, entry.name, 'index.html')),
  ).length;
}

/**
 * How many cars the live site lists: from its build record, or (a site built before the record
 * existed, or a cleared .build/) counted from its car pages. Undefined when there is no live site.
 */
export async function liveCarCount(slug: string): Promise<number | undefined> {
  try {
    const record = JSON.parse(await readFile(lastBuildFile(slug), 'utf8')) as Partial<LastBuild>;
    if (typeof record.cars === 'number' && existsSync(siteDir(slug))) return record.cars;
  } catch {
    // no record: count the pages instead
  }
  return existsSync(path.join(siteDir(slug), 'index.html'))
    ? countCarPages(siteDir(slug))
    : undefined;
}
