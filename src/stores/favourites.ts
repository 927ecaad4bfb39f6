import { persistentJSON } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { EVENTS } from '../analytics/events';
import { track } from '../analytics/track';

/** SPEC 3 "Favourite": what is kept in the browser for each favourite car. */
export interface Favourite {
  id: string;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url?: string | null;
}

/** Favourites, kept in local storage (each dealer site is its own origin, so lists never mix). */
/** The localStorage key (also read before hydration: see client:interaction's `stored`). */
export const FAVOURITES_KEY = 'favourites';
export const $favourites = persistentJSON<Favourite[]>(FAVOURITES_KEY, []);

export const $favouriteIds = computed($favourites, (list) => new Set(list.map((favourite) => favourite.id)));

export function isFavourite(id: string): boolean {
  return $favouriteIds.get().has(id);
}

/** SPEC 4: favourites toggle add/remove; adding fires event 39. Returns whether it is now a favourite. */
export function toggleFavourite(car: Favourite): boolean {
  const list = $favourites.get();
  if (list.some((favourite) => favourite.id === car.id)) {
    $favourites.set(list.filter((favourite) => favourite.id !== car.id));
    return false;
  }
  $favourites.set([
    ...list,
    { id: car.id, name: car.name, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.primary_image_url ?? null },
  ]);
  track(EVENTS.favouriteCar, { car_id: car.id });
  return true;
}
