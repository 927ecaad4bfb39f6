import { soldCutoff } from '../domain/stock';
import { andInto, count, emptySet, forEach, has, orInto, type Bitset } from './bitset';
import type { SearchDocument } from './document';
import { createColumns, type Columns } from './engine-columns';
import { createSortOrders } from './engine-order';
import { createStockFilter } from './engine-stock';
import { createTextSearch, TEXT_FIELDS, tokenise } from './engine-text';
import { INDEX_NAME, REFINEMENT_FIELDS, SORTS } from './state';

/**
 * The embedded search engine: answers InstantSearch (Algolia-protocol) requests over the search
 * documents in memory. No index is downloaded (TOOLCHAIN.md: shipping documents beats shipping a
 * serialized index); the structures a query needs are built in the browser the first time a query
 * needs them: bitsets per facet value and per query word (./engine-columns.ts, ./engine-text.ts),
 * a typed column per number and a permutation per sort (./engine-order.ts). A query ANDs bitsets
 * (after SPEC 7's stock filter, ./engine-stock.ts), then walks only the matching cars.
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

/** Each requested facet's value counts over the matching documents, and stats for number fields. */
function facetCounts(
  columns: Columns,
  matching: Bitset,
  nbHits: number,
  names: string[],
): Pick<EngineResult, 'facets' | 'facets_stats'> {
  const facets: EngineResult['facets'] = {};
  const facetsStats: EngineResult['facets_stats'] = {};
  const members = new Uint32Array(names.length ? nbHits : 0);
  if (names.length) {
    let next = 0;
    forEach(matching, (doc) => (members[next++] = doc));
  }
  for (const name of names) {
    const column = columns.facetColumn(name);
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
      const values = columns.numberColumn(name);
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
  return { facets, facets_stats: facetsStats };
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
  const listed = createStockFilter(docs);
  const columns = createColumns(docs);
  const text = createTextSearch(size, columns);
  const inOrder = createSortOrders(docs, columns.numberColumn);

  // A filter click's requests, asked a few times once the structures are built: the browser's
  // first real search then runs compiled code (cold, it took several times as long on a phone).
  // One request per step: the page prepares the engine at idle, where a long task would hold up a tap.
  const rehearsal = (): Array<() => void> => {
    const facets = [...REFINEMENT_FIELDS, ...NUMERIC_FIELDS];
    return [0, 1, 2].flatMap((index) => [
      () => {
        const value = columns.facetColumn('car_type').values[index];
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
      ...[...new Set([...REFINEMENT_FIELDS, ...TEXT_FIELDS])].map(
        (field) => () => void columns.facetColumn(field),
      ),
      ...NUMERIC_FIELDS.map((field) => () => void columns.numberColumn(field)),
      ...SORTS.map((sort) => () => void inOrder(sort.value)),
      ...rehearsal(),
      ...rehearsal(),
      ...TEXT_FIELDS.map(() => text.indexNextField),
      text.finish,
    ],
    search(indexName, params) {
      const started = performance.now();
      const query = params.query ?? '';
      const matching = listed(soldCutoff(now(), options.soldDays)).slice();
      for (const word of tokenise(query)) andInto(matching, text.prefixSet(word));
      for (const [groups, toSet] of [
        [filterGroups(params.facetFilters), columns.facetFilterSet],
        [filterGroups(params.numericFilters), columns.numericFilterSet],
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

      const facetNames = requestedFacets(params.facets).filter((name) => name !== '*');
      const { facets, facets_stats } = facetCounts(columns, matching, nbHits, facetNames);

      return {
        hits: hits as EngineResult['hits'],
        nbHits,
        page,
        nbPages,
        hitsPerPage,
        facets,
        facets_stats,
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
