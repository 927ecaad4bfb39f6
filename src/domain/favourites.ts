/** SPEC 3 "Favourite": what is kept in the browser for each favourite car. */
export interface Favourite {
  id: string;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url?: string | null;
}

/** The localStorage key of the favourites list (each dealer site is its own origin, so lists never mix). */
export const FAVOURITES_KEY = 'favourites';

/** SPEC 4: a press on the heart takes the car off the list if it is there, and adds it otherwise. */
export function toggleFavouriteIn(
  list: readonly Favourite[],
  car: Favourite,
): { list: Favourite[]; outcome: 'added' | 'removed' } {
  if (list.some((favourite) => favourite.id === car.id))
    return { list: list.filter((favourite) => favourite.id !== car.id), outcome: 'removed' };
  return { list: [...list, favouriteEntry(car)], outcome: 'added' };
}

/** Exactly the fields a favourite keeps, whatever else the car given has. */
export function favouriteEntry(car: Favourite): Favourite {
  return {
    id: car.id,
    name: car.name,
    slug: car.slug,
    make: car.make,
    model: car.model,
    primary_image_url: car.primary_image_url ?? null,
  };
}

/** The stored list as written by this site; anything else (hand-edited, foreign) reads as empty. */
export function parseFavourites(raw: string | null): Favourite[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(value)
      ? value.filter((entry): entry is Favourite => typeof (entry as Favourite)?.id === 'string')
      : [];
  } catch {
    return [];
  }
}
