import type { Car } from '../../feeds/schemas';
import { isAvailable } from '../stock';

/** SPEC 9: at most 6 similar cars, 10 hits per query. */
export const SIMILAR_MAX = 6;
export const SIMILAR_HITS_PER_QUERY = 10;

/** SPEC 9: the price window either side of the car's price: 10,000 under 50,000, else 25,000. */
export function priceWindow(price: number): number {
  return price < 50_000 ? 10_000 : 25_000;
}

/** The car a similar-cars block is for: what its queries filter on (the page writes it as data- attributes). */
export interface SimilarSubject {
  id: string;
  make: string;
  model: string;
  /** Left out when the car has no price: the queries then match on model and body alone. */
  price?: number;
  simple_body?: string;
}

/** What the merge reads from a search hit. */
export interface SimilarHit {
  objectID: string;
  price?: number;
  status: string;
  sold?: boolean;
}

export function similarSubject(
  car: Pick<Car, 'id' | 'make' | 'model' | 'price' | 'simple_body'>,
): SimilarSubject {
  return {
    id: String(car.id),
    make: car.make,
    model: car.model,
    ...(typeof car.price === 'number' && car.price > 0 ? { price: car.price } : {}),
    ...(car.simple_body ? { simple_body: car.simple_body } : {}),
  };
}

/**
 * The block's cards from the queries' hits, in query order (same model first): each query's
 * first 10 hits, closest price first; the car itself, unavailable cars and cars outside the price
 * window left out (whatever the service returned); unique by id; at most 6.
 */
export function mergeSimilar<T extends SimilarHit>(
  subject: SimilarSubject,
  hitLists: readonly (readonly T[])[],
): T[] {
  const { price } = subject;
  const distance = (hit: T) =>
    price === undefined || typeof hit.price !== 'number' ? 0 : Math.abs(hit.price - price);
  const fits = (hit: T) =>
    hit.objectID !== subject.id &&
    isAvailable({ status: hit.status as Car['status'], sold: hit.sold }) &&
    (price === undefined || (typeof hit.price === 'number' && distance(hit) <= priceWindow(price)));
  const seen = new Set<string>();
  const out: T[] = [];
  for (const hits of hitLists) {
    const ordered = hits
      .slice(0, SIMILAR_HITS_PER_QUERY)
      .filter(fits)
      .sort((a, b) => distance(a) - distance(b) || a.objectID.localeCompare(b.objectID));
    for (const hit of ordered) {
      if (seen.has(hit.objectID)) continue;
      seen.add(hit.objectID);
      out.push(hit);
      if (out.length === SIMILAR_MAX) return out;
    }
  }
  return out;
}
