/**
 * Keeps the demo data fresh without anyone thinking about it: the build calls
 * `ensureSampleData(root)`, which regenerates when data/demo is missing or incomplete, when the
 * generator changed, or when the data was made on an earlier day (sold cars and offers are
 * relative to the generation day, so yesterday's data would drift out of its scenarios).
 */
import { createHash } from 'node:crypto';
import { access, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_SEED,
  DEMO_DATA_DIR,
  defaultNow,
  generateSampleData,
  type GenerateOptions,
  type GenerateResult,
} from './generate';
import { NOT_FOUND_URL } from './images';
import { PROFILES } from './tenants';

/** Bump when the output changes in a way the source hash would not show (it rarely is needed). */
export const GENERATOR_VERSION = 1;
export const STAMP_FILE = `${DEMO_DATA_DIR}/.stamp.json`;

export interface Stamp {
  version: string;
  now: string;
  seed: number;
}

let cachedVersion: string | undefined;

/** GENERATOR_VERSION plus a hash of this folder's sources, so any code change regenerates. */
export async function generatorVersion(): Promise<string> {
  if (cachedVersion) return cachedVersion;
  const dir = path.dirname(fileURLToPath(import.meta.url));
  const files = (await readdir(dir, { recursive: true }))
    .filter((name) => name.endsWith('.ts'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(await readFile(path.join(dir, file)));
  cachedVersion = `${GENERATOR_VERSION}+${hash.digest('hex').slice(0, 12)}`;
  return cachedVersion;
}

export async function readStamp(root: string): Promise<Stamp | undefined> {
  try {
    const stamp = JSON.parse(await readFile(path.join(root, STAMP_FILE), 'utf8')) as Partial<Stamp>;
    return typeof stamp.version === 'string' &&
      typeof stamp.now === 'string' &&
      typeof stamp.seed === 'number'
      ? (stamp as Stamp)
      : undefined;
  } catch {
    return undefined;
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Generate and record what was generated; the stamp is written last, so a crash means "regenerate". */
export async function generateAndStamp(options: GenerateOptions): Promise<GenerateResult> {
  const result = await generateSampleData(options);
  const stamp: Stamp = { version: await generatorVersion(), now: result.now, seed: result.seed };
  await writeFile(path.join(options.root, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
  return result;
}

/** Why the data must be regenerated, or undefined when it is current. */
export async function staleReason(root: string, now = defaultNow()): Promise<string | undefined> {
  const stamp = await readStamp(root);
  if (!stamp) return 'no demo data yet';
  if (stamp.version !== (await generatorVersion())) return 'the generator changed';
  if (stamp.now.slice(0, 10) !== now.slice(0, 10))
    return `the data is from ${stamp.now.slice(0, 10)}`;
  const tenantsPresent = await Promise.all(
    PROFILES.map((profile) => exists(path.join(root, 'tenants', `${profile.slug}.yaml`))),
  );
  const dirs = PROFILES.filter((_, i) => tenantsPresent[i]).map((profile) =>
    path.join(root, DEMO_DATA_DIR, profile.slug, 'cars.json'),
  );
  const present = await Promise.all(
    [...dirs, path.join(root, 'public', ...NOT_FOUND_URL.split('/').filter(Boolean))].map(exists),
  );
  if (present.includes(false)) return 'some generated files are missing';
  return undefined;
}

/** Regenerate the demo data when it is missing, outdated or from an earlier day. */
export async function ensureSampleData(
  root: string,
): Promise<{ generated: boolean; reason?: string }> {
  const reason = await staleReason(root);
  if (!reason) return { generated: false };
  await generateAndStamp({ root, seed: DEFAULT_SEED });
  return { generated: true, reason };
}
