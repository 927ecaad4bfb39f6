import type { Location } from '../../feeds/schemas';
import { groupLocations } from '../../domain/location-blocks';
import { mapMarkers, type MapMarker } from '../../site/map-markers';

/** SPEC 7: GET /api/manufacturer-locations (websites, each with its locations). */
export const MANUFACTURER_LOCATIONS_URL = '/api/manufacturer-locations';

/** SPEC 8: what a failed locations fetch logs (exactly this). */
export const LOCATIONS_FETCH_FAILED = 'Failed to fetch locations';

interface Website {
  locations: Location[];
}

/** The dealership options in a manufacturer-locations answer; throws when it has another shape. */
export function dealershipOptions(body: unknown): MapMarker[] {
  const websites = (body as { websites?: unknown } | null)?.websites;
  if (
    !Array.isArray(websites) ||
    !websites.every((site) => Array.isArray((site as Partial<Website> | null)?.locations))
  ) {
    throw new Error('The answer has no websites with locations.');
  }
  return mapMarkers(groupLocations((websites as Website[]).flatMap((site) => site.locations)));
}

/**
 * The live dealership options for the locator's name search. SPEC 7/8: a failure (network, HTTP
 * status, bad body) logs 'Failed to fetch locations' and gives no options; it never throws.
 */
export async function fetchDealershipOptions(
  url = MANUFACTURER_LOCATIONS_URL,
): Promise<MapMarker[]> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return dealershipOptions(await response.json());
  } catch (cause) {
    console.error(LOCATIONS_FETCH_FAILED);
    // The cause separately, so the logged error stays exactly SPEC's message.
    console.debug(cause);
    return [];
  }
}
