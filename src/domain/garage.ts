/**
 * What My Garage shows of each car the browser keeps (favourites and recently viewed): the same
 * entry for both lists, a photo, the title with its year, the price and a link to the car. The
 * stored records hold little (a viewed car only SPEC 3's id, stock number, make, model and body),
 * so the rest comes from the site's listed cars, which also says which are sold or gone.
 */
import { formatPrice } from './format';
import { hasPrice, PRICE_ON_APPLICATION } from './price-display';
import { isAvailable } from './stock';

/** A listed car as the site's search index holds it (src/search/document.ts). */
export interface ListedCar {
  objectID: string;
  slug: string;
  name: string;
  year: number;
  price?: number | undefined;
  image?: string | undefined;
  status: string;
  sold?: true | undefined;
}

/** A favourite or a viewed car as kept in the browser: both have id, make and model. */
export interface StoredCar {
  id: string;
  make: string;
  model: string;
  name?: string | undefined;
  slug?: string | undefined;
  stocknum?: string | null | undefined;
  primary_image_url?: string | null | undefined;
}

export interface GarageCar {
  id: string;
  /** "2017 Mitsubishi Triton GLX". */
  title: string;
  /** The car's page; absent while the car is not known to be listed. */
  href?: string | undefined;
  image?: string | undefined;
  /** "$21,990" or "Price on application", once the listed car is known. */
  price?: string | undefined;
  sold: boolean;
  /** No longer on the site: no link (its page is gone). */
  gone: boolean;
}

/** The title with the year in front unless the feed's name already carries it. */
export function titleWithYear(name: string, year: number | undefined): string {
  if (!year || new RegExp(`\\b${year}\\b`).test(name)) return name;
  return `${year} ${name}`;
}

/** What the stored record alone says: its name (else make, model and stock number). */
function storedTitle(car: StoredCar): string {
  if (car.name) return car.name;
  const stock = car.stocknum ? ` (stock number ${car.stocknum})` : '';
  return `${car.make} ${car.model}${stock}`;
}

/**
 * One entry. `listed` is the site's listed cars by id, or undefined while they are loading (or
 * could not be loaded): then only what the record holds is shown.
 */
export function garageCar(
  car: StoredCar,
  listed: ReadonlyMap<string, ListedCar> | undefined,
): GarageCar {
  const stored = {
    id: car.id,
    title: storedTitle(car),
    href: car.slug ? `/cars/${car.slug}` : undefined,
    image: car.primary_image_url ?? undefined,
    sold: false,
    gone: false,
  };
  if (!listed) return stored;
  const found = listed.get(car.id);
  if (!found) return { ...stored, href: undefined, gone: true };
  return {
    id: car.id,
    title: titleWithYear(found.name, found.year),
    href: `/cars/${found.slug}`,
    image: found.image ?? stored.image,
    price: hasPrice(found.price) ? formatPrice(found.price) : PRICE_ON_APPLICATION,
    sold: !isAvailable({ status: found.status, sold: found.sold }),
    gone: false,
  };
}

/** The site's listed cars by id. */
export function listedById(cars: readonly ListedCar[]): Map<string, ListedCar> {
  return new Map(cars.map((car) => [car.objectID, car]));
}
