import { placesDigest } from '../site/places-digest';

/** The dealer locator's postcodes and suburbs; the browser fetches it only when someone searches by place. */
export function GET() {
  return new Response(placesDigest(), { headers: { 'Content-Type': 'application/json' } });
}
