import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RENDER_BUNDLE_FILE, RENDERED_FILES } from '../../src/build/render-threads';
import { footerNavigation, headerNavigation } from '../../src/site/navigation';
import type { SiteData } from '../../src/site/types';
import type { LoadedTenant } from '../../src/tenant/load';
import { renderInputsHash } from './inputs-hash';
import { BUILD_CACHE } from '../paths';
import { searchPageKeys } from './search-page-keys';

/** The prerender bundle the live site was built with (src/build/render-threads.ts keeps it). */
export const renderBundleDir = (slug: string) => path.join(BUILD_CACHE, slug, 'render-bundle');
/** Where a full build's Astro process leaves it; moved to renderBundleDir once the site is live. */
export const nextRenderBundleDir = (slug: string) =>
  path.join(BUILD_CACHE, slug, 'render-bundle.next');
const renderStateFile = (slug: string) => path.join(BUILD_CACHE, slug, 'render-state.json');

/** What the live site's pages were rendered from: a partial render compares against it. */
export interface RenderState {
  /** renderInputsHash: the code, tenant file and assets the bundle was built with. */
  inputs: string;
  /** The time the pages were rendered at (site data `builtAt`). */
  builtAt: string;
  /** PageKeys of the live site. */
  shared: string;
  cars: Record<string, string>;
  /** The search route pages' keys, by page path (absent in a state written before they were kept). */
  searchPages?: Record<string, string>;
  /** The files (relative to the site) Astro's routes wrote, sorted. */
  files: string[];
}

export interface PageKeys {
  /** Everything a car page reads besides its own car: all site data but the cars, and what the header and footer list of them. */
  shared: string;
  /** Each listed car's record, by slug. */
  cars: Record<string, string>;
  /** What each search route page (and /cars) is rendered from, by page path (search-page-keys.ts). */
  searchPages: Record<string, string>;
}

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * What each car's pages (/cars/<slug>/ and the pages under it) are rendered from. A car page reads
 * its car, the site's other data and the time, and of the other cars only what the header and
 * footer show (makes, body types and brands in stock); a page that comes to read more of them must
 * add it to `shared` (tests/unit/build-incremental.test.ts compares with a full build).
 */
export function pageKeys(site: SiteData): PageKeys {
  const nowMs = Date.parse(site.builtAt);
  // Three digests in one: which part changed shows in the state file.
  const shared = [
    { ...site, cars: undefined },
    headerNavigation(site, nowMs),
    footerNavigation(site, nowMs),
  ]
    .map((part) => digest(JSON.stringify(part)))
    .join('.');
  const cars: Record<string, string> = {};
  for (const car of site.cars) cars[car.slug] = digest(JSON.stringify(car));
  return { shared, cars, searchPages: searchPageKeys(site, shared, cars) };
}

export async function readRenderState(slug: string): Promise<RenderState | undefined> {
  try {
    return JSON.parse(await readFile(renderStateFile(slug), 'utf8')) as RenderState;
  } catch {
    return undefined;
  }
}

export async function writeRenderState(slug: string, state: RenderState): Promise<void> {
  const file = renderStateFile(slug);
  await writeFile(`${file}.tmp`, JSON.stringify(state));
  await rename(`${file}.tmp`, file);
}

/**
 * After a full build is live: its prerender bundle becomes the one partial renders use, with the
 * keys and files of its pages. Without a bundle (an Astro run that kept none) partial renders are
 * off until the next full build.
 */
export async function keepRenderBundle(
  tenant: LoadedTenant,
  site: SiteData,
  nextDir = nextRenderBundleDir(tenant.slug),
): Promise<void> {
  const dir = renderBundleDir(tenant.slug);
  await rm(renderStateFile(tenant.slug), { force: true });
  await rm(dir, { recursive: true, force: true });
  if (!existsSync(path.join(nextDir, RENDER_BUNDLE_FILE))) return;
  await rename(nextDir, dir);
  const files = JSON.parse(await readFile(path.join(dir, RENDERED_FILES), 'utf8')) as string[];
  await writeRenderState(tenant.slug, {
    inputs: await renderInputsHash(tenant),
    builtAt: site.builtAt,
    ...pageKeys(site),
    files,
  });
}
