import type { APIRoute } from 'astro';
import { groupLocations } from '../../domain/location-blocks';
import { getSite } from '../../site/data';
import { markerHoursOptions, mapMarkers } from '../../site/map-markers';

/**
 * DEALERSHIPS_JSON (src/domain/location-browse.ts): every dealership (location group) with its
 * position, links and popup hours. Fetched by the nearest-dealership search when a shopper
 * searches and by the map of all locations when it nears the screen, instead of sitting in the
 * HTML of every locator and contact page.
 */
export const GET: APIRoute = () => {
  const { locations, tenant } = getSite();
  const markers = mapMarkers(groupLocations(locations), markerHoursOptions(tenant));
  return new Response(JSON.stringify(markers), { headers: { 'Content-Type': 'application/json' } });
};
