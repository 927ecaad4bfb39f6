/** SPEC 9 nearest dealership constants. */
export const EARTH_RADIUS_KM = 6371;
export const RADIUS_OPTIONS_KM = [25, 50, 75, 100, 150, 250, 500, 750, 1000] as const;
export const DEFAULT_RADIUS_KM = 50;
/** Choosing a place searches within 250 km (SPEC 4). */
export const PLACE_RADIUS_KM = 250;
/** SPEC 4/9: the nearest-dealership list shows 5, whatever the search started from. */
export const NEAREST_RESULT_LIMIT = 5;

export interface LatLng {
  lat: number;
  lng: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine, Earth radius 6371 km). */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Ranked<T> {
  item: T;
  distanceKm: number;
}

/** Items within `radiusKm` of a point, nearest first (ties by input order), at most `limit` (5). */
export function nearest<T>(
  items: T[],
  position: (item: T) => LatLng | undefined,
  from: LatLng,
  radiusKm: number,
  limit: number = NEAREST_RESULT_LIMIT,
): Ranked<T>[] {
  return items
    .flatMap((item, index) => {
      const at = position(item);
      return at ? [{ item, distanceKm: haversineKm(from, at), index }] : [];
    })
    .filter((entry) => entry.distanceKm <= radiusKm)
    .sort((a, b) => a.distanceKm - b.distanceKm || a.index - b.index)
    .slice(0, limit)
    .map(({ item, distanceKm }) => ({ item, distanceKm }));
}

/** "12.3 km" (one decimal below 100 km, whole km above). */
export function formatDistance(km: number): string {
  return km < 100 ? `${km.toFixed(1)} km` : `${Math.round(km).toLocaleString('en-AU')} km`;
}

/** SPEC 5 autocomplete: case-insensitive substring match; nothing listed for an empty input. */
export function autocomplete<T>(items: T[], label: (item: T) => string, input: string): T[] {
  const query = input.trim().toLowerCase();
  if (!query) return [];
  return items.filter((item) => label(item).toLowerCase().includes(query));
}
