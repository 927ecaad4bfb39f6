import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { EVENTS } from '../analytics/events';
import { track } from '../analytics/track';
import {
  FAVOURITES_KEY,
  parseFavourites,
  toggleFavouriteIn,
  type Favourite,
} from '../domain/favourites';

export { FAVOURITES_KEY, type Favourite };

/** Favourites, kept in local storage (also read before hydration: see client:interaction's `stored`). */
export const $favourites = persistentAtom<Favourite[]>(FAVOURITES_KEY, [], {
  decode: parseFavourites,
  encode: JSON.stringify,
});

export const $favouriteIds = computed(
  $favourites,
  (list) => new Set(list.map((favourite) => favourite.id)),
);

export function isFavourite(id: string): boolean {
  return $favouriteIds.get().has(id);
}

/** SPEC 4: favourites toggle add/remove; adding fires event 39. Returns whether it is now a favourite. */
export function toggleFavourite(car: Favourite): boolean {
  const { list, outcome } = toggleFavouriteIn($favourites.get(), car);
  $favourites.set(list);
  favouritePressed(car, outcome);
  return outcome === 'added';
}

/**
 * A press the page saved before the island woke (islands/early-press.ts): the list is read again
 * from storage, and the press fires what a live press fires.
 */
export function favouriteSavedEarly(car: Favourite, outcome: 'added' | 'removed' | 'full'): void {
  $favourites.set(parseFavourites(localStorage.getItem(FAVOURITES_KEY)));
  favouritePressed(car, outcome);
}

function favouritePressed(car: Favourite, outcome: string): void {
  if (outcome === 'added') track(EVENTS.favouriteCar, { car_id: car.id });
}
