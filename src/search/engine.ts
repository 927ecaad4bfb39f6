import { isListed, soldCutoff } from '../domain/stock';
import type { SearchDocument } from './document';
import { INDEX_NAME } from './state';

/**
 * The embedded search engine: answers InstantSearch (Algolia-protocol) requests over the search
 * documents in memory. A linear scan with precomputed lower-case text is a few milliseconds at
 * 10,000 cars and costs no index to download (TOOLCHAIN.md: shipping documents beats shipping a
 * serialized index), so there is no third-party engine here.
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
const TEXT_FIELDS = ['name', 'make', 'model', 'badge', 'colour', 'fuel', 'transmission', 'drive', 'simple_body', 'stocknum', 'location_name', 'tag'] as const;

interface Entry {
  doc: SearchDocument;
  /** " word word ..." lower case, for word-prefix matching. */
  text: string;
}

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

function fieldValues(doc: SearchDocument, field: string): string[] {
  const value = (doc as unknown as Record<string, unknown>)[field];
  if (value == null) return [];
  if (Array.isArray(value)) return value.map(String);
  return [String(value)];
}

function fieldNumber(doc: SearchDocument, field: string): number | undefined {
  const value = (doc as unknown as Record<string, unknown>)[field];
  return typeof value === 'number' ? value : undefined;
}

/** A facet filter "make:Toyota" (or "-make:Toyota") as a predicate. */
function facetPredicate(filter: string): (doc: SearchDocument) => boolean {
  const negated = filter.startsWith('-');
  const body = negated ? filter.slice(1) : filter;
  const colon = body.indexOf(':');
  if (colon < 0) return () => true;
  const field = body.slice(0, colon);
  const value = body.slice(colon + 1).replace(/^"|"$/g, '');
  return (doc) => fieldValues(doc, field).includes(value) !== negated;
}

const NUMERIC = /^\s*([a-z_]+)\s*(<=|>=|!=|<|>|=)\s*(-?[\d.]+)\s*$/;

/** A numeric filter "price>=20000" as a predicate; a missing value never matches a bound. */
function numericPredicate(filter: string): (doc: SearchDocument) => boolean {
  const match = NUMERIC.exec(filter);
  if (!match) return () => true;
  const [, field, op, raw] = match;
  const bound = Number(raw);
  return (doc) => {
    const value = fieldNumber(doc, field!);
    if (value == null) return false;
    switch (op) {
      case '<=':
        return value <= bound;
      case '>=':
        return value >= bound;
      case '<':
        return value < bound;
      case '>':
        return value > bound;
      case '!=':
        return value !== bound;
      default:
        return value === bound;
    }
  };
}

/** Outer list AND-ed, inner lists OR-ed (Algolia filter semantics). */
function combine(filters: EngineParams['facetFilters'], toPredicate: (filter: string) => (doc: SearchDocument) => boolean) {
  if (filters == null) return [];
  const list: readonly FilterValue[] = typeof filters === 'string' ? [filters] : (filters as readonly FilterValue[]);
  return list.map((item) => {
    if (typeof item === 'string') return toPredicate(item);
    const alternatives = (item as readonly FilterValue[]).flat(2).map((inner) => toPredicate(String(inner)));
    return (doc: SearchDocument) => alternatives.some((predicate) => predicate(doc));
  });
}

type Comparator = (a: SearchDocument, b: SearchDocument) => number;

/** Recommended order: custom_rank descending (SPEC 7), then newest listing first. */
const byRank: Comparator = (a, b) => (b.custom_rank ?? 0) - (a.custom_rank ?? 0) || (b.created_at ?? 0) - (a.created_at ?? 0);

/** `Car_production:price:desc` -> a comparator; cars without the value go last. */
export function sortComparator(indexName: string): Comparator {
  const [, field, order] = indexName.split(':');
  if (!field) return byRank;
  const direction = order === 'desc' ? -1 : 1;
  return (a, b) => {
    const left = fieldNumber(a, field);
    const right = fieldNumber(b, field);
    if (left == null || right == null) return (left == null ? 1 : 0) - (right == null ? 1 : 0) || byRank(a, b);
    return (left - right) * direction || byRank(a, b);
  };
}

function requestedFacets(facets: EngineParams['facets']): string[] {
  if (facets == null) return [];
  return typeof facets === 'string' ? [facets] : [...facets];
}

export interface Engine {
  search(indexName: string, params: EngineParams): EngineResult;
  readonly size: number;
}

/** Build an engine over the documents (about 1 ms per 1,000 documents). */
export function createEngine(docs: SearchDocument[], options: EngineOptions): Engine {
  const now = options.now ?? Date.now;
  const entries: Entry[] = docs.map((doc) => ({
    doc,
    text: ` ${TEXT_FIELDS.flatMap((field) => fieldValues(doc, field))
      .flatMap(tokenise)
      .join(' ')} ${doc.year}`,
  }));
  const sorted = new Map<string, SearchDocument[]>();

  function inOrder(indexName: string): SearchDocument[] {
    const key = indexName.includes(':') ? indexName : INDEX_NAME;
    let list = sorted.get(key);
    if (!list) {
      list = entries.map((entry) => entry.doc).sort(sortComparator(key));
      sorted.set(key, list);
    }
    return list;
  }
  const textOf = new Map(entries.map((entry) => [entry.doc, entry.text]));

  return {
    size: docs.length,
    search(indexName, params) {
      const started = performance.now();
      const query = params.query ?? '';
      const words = tokenise(query);
      const cutoff = soldCutoff(now(), options.soldDays);
      const predicates = [...combine(params.facetFilters, facetPredicate), ...combine(params.numericFilters, numericPredicate)];
      const facetNames = requestedFacets(params.facets);
      const counts: Record<string, Record<string, number>> = {};
      for (const name of facetNames) if (name !== '*') counts[name] = {};
      const stats: Record<string, { min: number; max: number; sum: number; n: number }> = {};

      const matches: SearchDocument[] = [];
      for (const doc of inOrder(indexName)) {
        if (!isListed(doc as Parameters<typeof isListed>[0], cutoff)) continue;
        if (words.length) {
          const text = textOf.get(doc)!;
          if (!words.every((word) => text.includes(` ${word}`))) continue;
        }
        if (!predicates.every((predicate) => predicate(doc))) continue;
        matches.push(doc);
        for (const name in counts) {
          const bucket = counts[name]!;
          for (const value of fieldValues(doc, name)) bucket[value] = (bucket[value] ?? 0) + 1;
        }
        for (const field of NUMERIC_FIELDS) {
          if (!(field in counts)) continue;
          const value = fieldNumber(doc, field);
          if (value == null) continue;
          const stat = (stats[field] ??= { min: value, max: value, sum: 0, n: 0 });
          if (value < stat.min) stat.min = value;
          if (value > stat.max) stat.max = value;
          stat.sum += value;
          stat.n++;
        }
      }

      const hitsPerPage = params.hitsPerPage ?? 20;
      const nbPages = hitsPerPage > 0 ? Math.ceil(matches.length / hitsPerPage) : 0;
      const page = Math.max(0, params.page ?? 0);
      const hits = hitsPerPage > 0 ? matches.slice(page * hitsPerPage, (page + 1) * hitsPerPage) : [];
      const facetsStats: EngineResult['facets_stats'] = {};
      for (const [field, stat] of Object.entries(stats)) facetsStats[field] = { min: stat.min, max: stat.max, sum: stat.sum, avg: stat.sum / stat.n };
      return {
        hits,
        nbHits: matches.length,
        page,
        nbPages,
        hitsPerPage,
        facets: counts,
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
}
