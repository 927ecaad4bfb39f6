/**
 * Writes the demo feeds (data/demo/<slug>/*.json) and every image they reference
 * (public/media/**) for the demo tenants whose files exist under tenants/.
 */
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CarInput, FeedName } from '../../src/feeds/schemas';
import { parseTenant } from '../../src/tenant/load';
import { GROUP_BRANDS, MAKE_COLOURS } from './catalogue/brands';
import { buildCars, carContext, tenantRng } from './cars';
import { specialHours } from './hours';
import { writeCarImages, writeDrawnImage } from './images';
import { buildNetwork } from './locations';
import { brandLogoUrl, buildManufacturers } from './manufacturers';
import { buildModels } from './models';
import { buildOffers } from './offers';
import { buildReviews } from './reviews';
import { addViewerMedia, viewerMediaImages } from './viewer-media';
import { historyReportFiles } from './history-reports';
import { brandLogoSvg, locationSvg, modelSvg, offerSvg } from './svg/scenes';
import { PROFILES, type TenantProfile } from './tenants';
import { slugify } from './text';
import { startOfUtcDay } from './time';

export const DEFAULT_SEED = 1;
export const DEMO_DATA_DIR = 'data/demo';
/** Folders under public/media that the generator owns and clears before writing. */
const MEDIA_DIRS = ['cars', 'brands', 'models', 'locations', 'offers'];

export interface GenerateOptions {
  /** Project root: data/demo and public/media are written under it. */
  root: string;
  /** ISO instant all timestamps are relative to; default the start of the current UTC day. */
  now?: string;
  seed?: number;
  /** Where tenants/<slug>.yaml are read (default `<root>/tenants`). */
  tenantsDir?: string;
}

export interface WrittenFeed {
  file: string;
  records: number;
  bytes: number;
}

export interface GenerateResult {
  now: string;
  seed: number;
  feeds: WrittenFeed[];
  images: number;
  imageBytes: number;
  ms: number;
}

/** The instant generation uses by default: midnight UTC today (the only clock read). */
export function defaultNow(): string {
  return new Date(startOfUtcDay(Date.now())).toISOString();
}

/** A JSON array with one record per line: readable diffs, compact files. */
function feedJson(records: readonly unknown[]): string {
  return records.length
    ? `[\n${records.map((record) => JSON.stringify(record)).join(',\n')}\n]\n`
    : '[]\n';
}

interface TenantFeeds {
  cars: CarInput[];
  feeds: Partial<Record<FeedName, readonly unknown[]>>;
  images: Map<string, string>;
}

/** Every feed and image of one tenant, in memory. */
function buildTenant(
  profile: TenantProfile,
  seed: number,
  nowMs: number,
  soldDays: number,
): TenantFeeds {
  const rng = tenantRng(seed, profile.slug);
  const network = buildNetwork(profile, rng.fork('locations'));
  const cars = addViewerMedia(
    buildCars(carContext(profile, seed, nowMs, soldDays, network), profile.carCount),
  );
  const images = viewerMediaImages(cars);
  for (const [url, pdf] of historyReportFiles(cars)) images.set(url, pdf);
  for (const location of network.locations) {
    const url = location.image?.image.url;
    if (url)
      images.set(
        url,
        locationSvg(location.name, profile.colour, location.location_type ?? 'sales'),
      );
  }
  const feeds: TenantFeeds['feeds'] = {
    cars,
    locations: network.locations,
    special_hours: specialHours(rng.fork('special-hours'), network.hoursTargets, nowMs),
    reviews: buildReviews(rng.fork('reviews'), profile, network, nowMs),
  };
  if (profile.template === 'dealer' || profile.template === 'manufacturer') {
    const { models, images: modelImages } = buildModels(profile.template, profile.idBase);
    feeds.models = models;
    for (const image of modelImages)
      images.set(image.url, modelSvg(image.title, image.shape, image.paint));
  }
  if (profile.template === 'group')
    feeds.manufacturers = buildManufacturers(network, profile.idBase);
  const { offers, images: offerImages } = buildOffers(profile, nowMs);
  feeds.offers = offers;
  for (const image of offerImages)
    images.set(
      image.url,
      offerSvg(image.title, image.line, image.colour, image.shape, image.paint),
    );
  return { cars, feeds, images };
}

/** Wordmarks for the group's brands and for every make in stock. */
function brandLogos(makes: Iterable<string>): Map<string, string> {
  const logos = new Map<string, string>();
  for (const brand of GROUP_BRANDS)
    logos.set(brandLogoUrl(brand.slug), brandLogoSvg(brand.name, brand.colour));
  for (const make of makes) {
    const url = brandLogoUrl(slugify(make));
    if (!logos.has(url))
      logos.set(
        url,
        brandLogoSvg(
          make,
          GROUP_BRANDS.find((brand) => brand.name === make)?.colour ??
            MAKE_COLOURS[make] ??
            '#1d2430',
        ),
      );
  }
  return logos;
}

/** Generate everything for the demo tenants. Same seed and now give byte-identical files. */
export async function generateSampleData(options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const root = path.resolve(options.root);
  const now = new Date(options.now ?? defaultNow()).toISOString();
  const nowMs = Date.parse(now);
  const seed = options.seed ?? DEFAULT_SEED;
  const tenantsDir = options.tenantsDir ?? path.join(root, 'tenants');

  await Promise.all(
    MEDIA_DIRS.map((dir) =>
      rm(path.join(root, 'public', 'media', dir), { recursive: true, force: true }),
    ),
  );
  const result: GenerateResult = { now, seed, feeds: [], images: 0, imageBytes: 0, ms: 0 };
  const images = new Map<string, string>();
  const makes = new Set<string>();
  const allCars: CarInput[] = [];

  for (const profile of PROFILES) {
    let text: string;
    try {
      text = await readFile(path.join(tenantsDir, `${profile.slug}.yaml`), 'utf8');
    } catch {
      continue; // The demo tenant was removed; nothing to generate for it.
    }
    const tenant = parseTenant(text, `tenants/${profile.slug}.yaml`);
    const built = buildTenant(profile, seed, nowMs, tenant.stock.include_sold_cars_days);
    await rm(path.join(root, DEMO_DATA_DIR, profile.slug), { recursive: true, force: true });
    for (const [feed, source] of Object.entries(tenant.feeds) as [FeedName, string | undefined][]) {
      // Only feeds the tenant reads from data/demo are ours to write (never a fixture or a URL).
      if (!source?.startsWith(`${DEMO_DATA_DIR}/`)) continue;
      const records = built.feeds[feed] ?? [];
      const file = path.join(root, source);
      const json = feedJson(records);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, json);
      result.feeds.push({
        file: path.relative(root, file),
        records: records.length,
        bytes: Buffer.byteLength(json),
      });
    }
    for (const [url, svg] of built.images) images.set(url, svg);
    for (const car of built.cars) makes.add(car.make);
    allCars.push(...built.cars);
  }

  for (const [url, svg] of brandLogos(makes)) images.set(url, svg);
  // Model pictures are photos on a real site, so they are WebP (raster.ts); the rest stays as drawn.
  await Promise.all([...images].map(([url, svg]) => writeDrawnImage(root, url, svg)));
  // Car images (and the not-found placeholder) are drawn from the URLs the cars reference.
  result.images = images.size + (await writeCarImages(root, allCars));
  result.imageBytes = await folderBytes(path.join(root, 'public', 'media'));
  result.ms = Math.round(performance.now() - started);
  return result;
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}
