import { soldCutoff } from '../domain/stock';
import {
  add,
  andInto,
  complement,
  count,
  emptySet,
  forEach,
  fullSet,
  has,
  orInto,
  type Bitset,
} from './bitset';
import type { SearchDocument } from './document';
import { INDEX_NAME, REFINEMENT_FIELDS, SORTS } from './state';

/**
 * The embedded search engine: answers InstantSearch (Algolia-protocol) requests over the search
 * documents in memory. No index is downloaded (TOOLCHAIN.md: shipping documents beats shipping a
 * serialized index); the structures a query needs are built in the browser the first time a query
 * needs them: bitsets per facet value and per query word, a typed column per
 * number and a permutation per sort. A query ANDs bitsets, then walks only the matching cars.
 */

type FilterValue = string | readonly FilterValue[];

/** The parameters of one InstantSearch request this engine understands. */
export interface EngineParams {
  query?: string;
  page?: number;
  hitsPerPage?: number;
  facets?: string | readonly string[];
  facetFilters?: FilterValue | readonly FilterValue[];
  numericFilters?: FilterValue | readonly FilterValue[];
  maxValuesPerFacet?: number;
}

export interface EngineResult {
  hits: Array<SearchDocument & { objectID: string }>;
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  facets: Record<string, Record<string, number>>;
  facets_stats: Record<string, { min: number; max: number; avg: number; sum: number }>;
  processingTimeMS: number;
  query: string;
  params: string;
  index: string;
  exhaustiveNbHits: true;
  exhaustiveFacetsCount: true;
}

export interface EngineOptions {
  /** SPEC 7: sold cars stay listed this many days after their sold date. */
  soldDays: number;
  /** Clock for the query-time stock filter (tests pin it). */
  now?: () => number;
}

/** Fields whose facet stats InstantSearch's range widgets read. */
const NUMERIC_FIELDS = ['price', 'km', 'year', 'weekly', 'seats'] as const;

/** Words a query matches: the card's name plus the facets people type. */
const TEXT_FIELDS = [
  'name',
  'make',
  'model',
  'badge',
  'colour',
  'fuel',
  'transmission',
  'drive',
  'simple_body',
  'stocknum',
  'location_name',
  'tag',
] as const;

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

function tokenise(text: string): string[] {
  return normalise(text)
    .split(/[^a-z0-9.]+/)
    .filter(Boolean);
}

function fieldNumber(doc: SearchDocument, field: string): number | undefined {
  const value = (doc as unknown as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : undefined;
}

function requestedFacets(facets: EngineParams['facets']): string[] {
  if (facets == null) return [];
  return typeof facets === 'string' ? [facets] : [...facets];
}

/** Outer list AND-ed, inner lists OR-ed (Algolia filter semantics): groups of filter strings. */
function filterGroups(filters: EngineParams['facetFilters']): string[][] {
  if (filters == null) return [];
  const list: readonly FilterValue[] =
    typeof filters === 'string' ? [filters] : (filters as readonly FilterValue[]);
  return list.map((item) =>
    typeof item === 'string' ? [item] : (item as readonly FilterValue[]).flat(2).map(String),
  );
}

const NUMERIC = /^\s*([a-z_]+)\s*(<=|>=|!=|<|>|=)\s*(-?[\d.]+)\s*$/;

/** One facet field: each document's value ids (several for lists such as body), values by id. */
interface FacetColumn {
  values: string[];
  ids: Map<string, number>;
  /** Document d's value ids are valueIds[offsets[d] .. offsets[d + 1]). */
  offsets: Uint32Array;
  valueIds: Uint32Array;
  /** Per value id, the documents holding it (built when a filter first asks). */
  sets: Array<Bitset | undefined>;
}

/** The sorted distinct words of the searchable fields, each with the (field, value) pairs holding it. */
interface TextIndex {
  words: string[];
  /** valueId * TEXT_FIELD_SLOTS + index of the field in the searchable fields. */
  refs: Uint32Array[];
}

const TEXT_FIELD_SLOTS = 16;

/** Remembers the last `limit` answers of `build` by key (typing repeats words and filters). */
function memo<T>(limit: number, build: (key: string) => T): (key: string) => T {
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

export interface Engine {
  search(indexName: string, params: EngineParams): EngineResult;
  readonly size: number;
  /**
   * What later queries will need (columns, the word index, sort orders), as small steps for the
   * caller to run one per task after the first answer, so typing never pays for a build.
   */
  warmUpSteps(): Array<() => void>;
}

/**
 * Build an engine over the documents. Only the stock-filter sets are built here; columns, word
 * index and sort orders are built on the first query that needs each (a few ms at 5,000 cars).
 */
export function createEngine(docs: SearchDocument[], options: EngineOptions): Engine {
  const now = options.now ?? Date.now;
  const size = docs.length;

  // SPEC 7 stock filter: hidden cars never match; in-stock and coming-soon always do; the rest
  // (sold, on hold...) only while their sold date is after the query-time cut-off.
  const alwaysListed = emptySet(size);
  const soldDocs: number[] = [];
  const soldDates: number[] = [];
  docs.forEach((doc, index) => {
    if (doc.show_on_dealer_website === false) return;
    if (doc.status === 'in_stock' || doc.status === 'coming_soon') add(alwaysListed, index);
    else if (typeof doc.sold_date_timestamp === 'number') {
      soldDocs.push(index);
      soldDates.push(doc.sold_date_timestamp);
    }
  });
  let listedCutoff = Number.NaN;
  let listedSet = alwaysListed;
  function listed(cutoff: number): Bitset {
    if (cutoff !== listedCutoff) {
      listedSet = alwaysListed.slice();
      for (let i = 0; i < soldDocs.length; i++)
        if (soldDates[i]! > cutoff) add(listedSet, soldDocs[i]!);
      listedCutoff = cutoff;
    }
    return listedSet;
  }

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

  /** "make:Toyota", "-make:Toyota" or `make:"Toyota"` -> the documents it matches. */
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

  // Numbers as typed columns, NaN where a document has none.
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

  /** "price>=20000" -> the documents it matches; a missing value never matches a bound. */
  const numericFilterSet = memo(64, (filter: string): Bitset => {
    const match = NUMERIC.exec(filter);
    if (!match) return fullSet(size);
    const [, field, op, raw] = match;
    const bound = Number(raw);
    const column = numberColumn(field!);
    const set = emptySet(size);
    for (let doc = 0; doc < size; doc++) {
      const value = column[doc]!;
      if (Number.isNaN(value)) continue;
      let hit: boolean;
      if (op === '<=') hit = value <= bound;
      else if (op === '>=') hit = value >= bound;
      else if (op === '<') hit = value < bound;
      else if (op === '>') hit = value > bound;
      else if (op === '!=') hit = value !== bound;
      else hit = value === bound;
      if (hit) add(set, doc);
    }
    return set;
  });

  // Text: each distinct value of a searchable field is tokenised once; a word points at the
  // (field, value) pairs holding it, and a query word marks values, then scans those fields.
  const textFields = [...TEXT_FIELDS, 'year'];
  let text: TextIndex | undefined;
  // Built a field at a time (warm-up steps), finished by the first query that needs it.
  const tokensOf = new Map<string, string[]>();
  const refsOf = new Map<string, number[]>();
  let textFieldsDone = 0;
  function indexNextTextField(): void {
    const fieldIndex = textFieldsDone++;
    facetColumn(textFields[fieldIndex]!).values.forEach((value, id) => {
      let tokens = tokensOf.get(value);
      if (!tokens) tokensOf.set(value, (tokens = tokenise(value)));
      for (const token of tokens) {
        const refs = refsOf.get(token);
        const ref = id * TEXT_FIELD_SLOTS + fieldIndex;
        if (!refs) refsOf.set(token, [ref]);
        else if (refs.at(-1) !== ref) refs.push(ref);
      }
    });
  }
  function textIndex(): TextIndex {
    if (text) return text;
    while (textFieldsDone < textFields.length) indexNextTextField();
    const words = [...refsOf.keys()].sort();
    text = { words, refs: words.map((word) => Uint32Array.from(refsOf.get(word)!)) };
    tokensOf.clear();
    refsOf.clear();
    return text;
  }

  /** The documents with a word starting with `prefix`. */
  const prefixSet = memo(64, (prefix: string): Bitset => {
    const { words, refs } = textIndex();
    let low = 0;
    let high = words.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (words[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    const marked: Array<Uint8Array | undefined> = [];
    for (let i = low; i < words.length && words[i]!.startsWith(prefix); i++) {
      for (const ref of refs[i]!) {
        const fieldIndex = ref % TEXT_FIELD_SLOTS;
        (marked[fieldIndex] ??= new Uint8Array(facetColumn(textFields[fieldIndex]!).values.length))[
          (ref - fieldIndex) / TEXT_FIELD_SLOTS
        ] = 1;
      }
    }
    const set = emptySet(size);
    marked.forEach((mask, fieldIndex) => {
      if (!mask) return;
      const { offsets, valueIds } = facetColumn(textFields[fieldIndex]!);
      for (let doc = 0; doc < size; doc++) {
        for (let k = offsets[doc]!; k < offsets[doc + 1]!; k++)
          if (mask[valueIds[k]!]) add(set, doc);
      }
    });
    return set;
  });

  // Sort orders as permutations of document numbers, compared on typed columns.
  const orders = new Map<string, Uint32Array>();
  function inOrder(indexName: string): Uint32Array {
    const key = indexName.includes(':') ? indexName : INDEX_NAME;
    let order = orders.get(key);
    if (order) return order;
    const rank = new Float64Array(size);
    const created = new Float64Array(size);
    docs.forEach((doc, index) => {
      rank[index] = (doc.custom_rank ?? 0) as number;
      created[index] = (doc.created_at ?? 0) as number;
    });
    const byRankIndex = (a: number, b: number) => rank[b]! - rank[a]! || created[b]! - created[a]!;
    const [, field, direction] = key.split(':');
    let compare = byRankIndex;
    if (field) {
      const values = numberColumn(field);
      const sign = direction === 'desc' ? -1 : 1;
      compare = (a, b) => {
        const left = values[a]!;
        const right = values[b]!;
        const leftMissing = Number.isNaN(left);
        const rightMissing = Number.isNaN(right);
        if (leftMissing || rightMissing)
          return (leftMissing ? 1 : 0) - (rightMissing ? 1 : 0) || byRankIndex(a, b);
        return (left - right) * sign || byRankIndex(a, b);
      };
    }
    // Array sort is stable: ties keep document order, as the documents came.
    order = Uint32Array.from(Array.from({ length: size }, (_, index) => index).sort(compare));
    orders.set(key, order);
    return order;
  }

  // A filter click's requests, asked a few times once the structures are built: the browser's
  // first real search then runs compiled code (cold, it took several times as long on a phone).
  // One request per step: the page prepares the engine at idle, where a long task would hold up a tap.
  const rehearsal = (): Array<() => void> => {
    const facets = [...REFINEMENT_FIELDS, ...NUMERIC_FIELDS];
    return [0, 1, 2].flatMap((index) => [
      () => {
        const value = facetColumn('car_type').values[index];
        if (value !== undefined)
          engine.search(INDEX_NAME, {
            facets,
            facetFilters: [[`car_type:${value}`]],
            hitsPerPage: 24,
          });
      },
      () => void engine.search(INDEX_NAME, { facets: ['car_type'], hitsPerPage: 0 }),
    ]);
  };

  const engine: Engine = {
    size,
    warmUpSteps: () => [
      ...[...new Set([...REFINEMENT_FIELDS, ...textFields])].map(
        (field) => () => void facetColumn(field),
      ),
      ...NUMERIC_FIELDS.map((field) => () => void numberColumn(field)),
      ...SORTS.map((sort) => () => void inOrder(sort.value)),
      ...rehearsal(),
      ...rehearsal(),
      ...textFields.map(
        () => () =>
          void (text === undefined && textFieldsDone < textFields.length && indexNextTextField()),
      ),
      () => void textIndex(),
    ],
    search(indexName, params) {
      const started = performance.now();
      const query = params.query ?? '';
      const matching = listed(soldCutoff(now(), options.soldDays)).slice();
      for (const word of tokenise(query)) andInto(matching, prefixSet(word));
      for (const [groups, toSet] of [
        [filterGroups(params.facetFilters), facetFilterSet],
        [filterGroups(params.numericFilters), numericFilterSet],
      ] as const) {
        for (const group of groups) {
          const either = emptySet(size);
          for (const filter of group) orInto(either, toSet(filter));
          andInto(matching, either);
        }
      }
      const nbHits = count(matching);

      const hitsPerPage = params.hitsPerPage ?? 20;
      const nbPages = hitsPerPage > 0 ? Math.ceil(nbHits / hitsPerPage) : 0;
      const page = Math.max(0, params.page ?? 0);
      const end = hitsPerPage > 0 ? (page + 1) * hitsPerPage : 0;
      // Walk the sort order only as far as the requested page.
      const leading: SearchDocument[] = [];
      if (end > 0 && nbHits > page * hitsPerPage) {
        for (const doc of inOrder(indexName)) {
          if (leading.length >= end) break;
          if (has(matching, doc)) leading.push(docs[doc]!);
        }
      }
      const hits = leading.slice(page * hitsPerPage, end);

      const facets: EngineResult['facets'] = {};
      const facetsStats: EngineResult['facets_stats'] = {};
      const facetNames = requestedFacets(params.facets).filter((name) => name !== '*');
      const members = new Uint32Array(facetNames.length ? nbHits : 0);
      if (facetNames.length) {
        let next = 0;
        forEach(matching, (doc) => (members[next++] = doc));
      }
      for (const name of facetNames) {
        const column = facetColumn(name);
        const tally = new Uint32Array(column.values.length);
        const { offsets, valueIds } = column;
        for (let m = 0; m < members.length; m++) {
          const doc = members[m]!;
          for (let k = offsets[doc]!; k < offsets[doc + 1]!; k++) tally[valueIds[k]!]!++;
        }
        const bucket: Record<string, number> = {};
        tally.forEach((n, id) => {
          if (n > 0) bucket[column.values[id]!] = n;
        });
        facets[name] = bucket;
        if ((NUMERIC_FIELDS as readonly string[]).includes(name)) {
          const values = numberColumn(name);
          let min = Number.POSITIVE_INFINITY;
          let max = Number.NEGATIVE_INFINITY;
          let sum = 0;
          let n = 0;
          for (let m = 0; m < members.length; m++) {
            const value = values[members[m]!]!;
            if (Number.isNaN(value)) continue;
            if (value < min) min = value;
            if (value > max) max = value;
            sum += value;
            n++;
          }
          if (n > 0) facetsStats[name] = { min, max, sum, avg: sum / n };
        }
      }

      return {
        hits: hits as EngineResult['hits'],
        nbHits,
        page,
        nbPages,
        hitsPerPage,
        facets,
        facets_stats: facetsStats,
        processingTimeMS: Math.round(performance.now() - started),
        query,
        params: '',
        index: indexName,
        exhaustiveNbHits: true,
        exhaustiveFacetsCount: true,
      };
    },
  };
  return engine;
}
