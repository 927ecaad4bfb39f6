import { add, complement, emptySet, fullSet, type Bitset } from './bitset';
import type { SearchDocument } from './document';

/**
 * The embedded engine's columns over its documents (./engine.ts), each built the first time a
 * query needs it: a facet field's value ids per document, the documents holding each value, and a
 * typed column per number. Facet and numeric filter strings are answered as bitsets over them.
 */

/** One facet field: each document's value ids (several for lists such as body), values by id. */
export interface FacetColumn {
  values: string[];
  ids: Map<string, number>;
  /** Document d's value ids are valueIds[offsets[d] .. offsets[d + 1]). */
  offsets: Uint32Array;
  valueIds: Uint32Array;
  /** Per value id, the documents holding it (built when a filter first asks). */
  sets: Array<Bitset | undefined>;
}

export interface Columns {
  facetColumn(field: string): FacetColumn;
  /** "make:Toyota", "-make:Toyota" or `make:"Toyota"` -> the documents it matches. */
  facetFilterSet(filter: string): Bitset;
  /** A number field as a typed column, NaN where a document has none. */
  numberColumn(field: string): Float64Array;
  /** "price>=20000" -> the documents it matches; a missing value never matches a bound. */
  numericFilterSet(filter: string): Bitset;
}

const NUMERIC = /^\s*([a-z_]+)\s*(<=|>=|!=|<|>|=)\s*(-?[\d.]+)\s*$/;

/** Remembers the last `limit` answers of `build` by key (typing repeats words and filters). */
export function memo<T>(limit: number, build: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = build(key);
      cache.set(key, value);
      if (cache.size > limit) cache.delete(cache.keys().next().value!);
    }
    return value;
  };
}

function fieldNumber(doc: SearchDocument, field: string): number | undefined {
  const value = (doc as unknown as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : undefined;
}

function compareNumber(value: number, op: string, bound: number): boolean {
  if (op === '<=') return value <= bound;
  if (op === '>=') return value >= bound;
  if (op === '<') return value < bound;
  if (op === '>') return value > bound;
  if (op === '!=') return value !== bound;
  return value === bound;
}

export function createColumns(docs: SearchDocument[]): Columns {
  const size = docs.length;

  const facetColumns = new Map<string, FacetColumn>();
  function facetColumn(field: string): FacetColumn {
    let column = facetColumns.get(field);
    if (column) return column;
    const values: string[] = [];
    const ids = new Map<string, number>();
    const offsets = new Uint32Array(size + 1);
    const valueIds: number[] = [];
    const intern = (value: string) => {
      let id = ids.get(value);
      if (id === undefined) {
        id = values.length;
        ids.set(value, id);
        values.push(value);
      }
      valueIds.push(id);
    };
    for (let doc = 0; doc < size; doc++) {
      const value = (docs[doc] as unknown as Record<string, unknown>)[field];
      if (Array.isArray(value)) for (const item of value) intern(String(item));
      else if (value != null) intern(String(value));
      offsets[doc + 1] = valueIds.length;
    }
    column = { values, ids, offsets, valueIds: Uint32Array.from(valueIds), sets: [] };
    facetColumns.set(field, column);
    return column;
  }

  function valueSet(column: FacetColumn, id: number): Bitset {
    let set = column.sets[id];
    if (!set) {
      set = emptySet(size);
      for (let doc = 0; doc < size; doc++) {
        for (let k = column.offsets[doc]!; k < column.offsets[doc + 1]!; k++)
          if (column.valueIds[k] === id) add(set, doc);
      }
      column.sets[id] = set;
    }
    return set;
  }

  function facetFilterSet(filter: string): Bitset {
    const negated = filter.startsWith('-');
    const body = negated ? filter.slice(1) : filter;
    const colon = body.indexOf(':');
    if (colon < 0) return fullSet(size);
    const column = facetColumn(body.slice(0, colon));
    const id = column.ids.get(body.slice(colon + 1).replace(/^"|"$/g, ''));
    const set = id === undefined ? emptySet(size) : valueSet(column, id);
    return negated ? complement(set, size) : set;
  }

  const numberColumns = new Map<string, Float64Array>();
  function numberColumn(field: string): Float64Array {
    let column = numberColumns.get(field);
    if (!column) {
      column = new Float64Array(size);
      for (let doc = 0; doc < size; doc++)
        column[doc] = fieldNumber(docs[doc]!, field) ?? Number.NaN;
      numberColumns.set(field, column);
    }
    return column;
  }

  const numericFilterSet = memo(64, (filter: string): Bitset => {
    const match = NUMERIC.exec(filter);
    if (!match) return fullSet(size);
    const [, field, op, raw] = match;
    const bound = Number(raw);
    const column = numberColumn(field!);
    const set = emptySet(size);
    for (let doc = 0; doc < size; doc++) {
      const value = column[doc]!;
      if (!Number.isNaN(value) && compareNumber(value, op!, bound)) add(set, doc);
    }
    return set;
  });

  return { facetColumn, facetFilterSet, numberColumn, numericFilterSet };
}
