import type { SearchDocument } from '../../../src/search/document';

/** A listed used Toyota Corolla with the given id, changed by `partial`. */
export function searchDocument(id: number, partial: Partial<SearchDocument>): SearchDocument {
  return {
    objectID: String(id),
    slug: `car-${id}`,
    name: `Car ${id}`,
    year: 2020,
    make: 'Toyota',
    model: 'Corolla',
    car_type: 'used',
    status: 'in_stock',
    ...partial,
  };
}
