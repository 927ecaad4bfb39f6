import { add, emptySet, type Bitset } from './bitset';
import { memo, type Columns } from './engine-columns';

/**
 * The embedded engine's word search (./engine.ts). Each distinct value of a searchable field is
 * tokenised once; a word points at the (field, value) pairs holding it, and a query word marks
 * values, then scans those fields' columns. The index is built a field at a time (the engine's
 * warm-up steps), and finished by the first query that needs it.
 */

/** Words a query matches: the card's name plus the facets people type (and the year). */
export const TEXT_FIELDS = [
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
  'year',
] as const;

/** A word's refs are valueId * TEXT_FIELD_SLOTS + the field's index in TEXT_FIELDS. */
const TEXT_FIELD_SLOTS = 16;

/** The sorted distinct words of the searchable fields, each with the (field, value) pairs holding it. */
interface TextIndex {
  words: string[];
  refs: Uint32Array[];
}

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function tokenise(text: string): string[] {
  return normalise(text)
    .split(/[^a-z0-9.]+/)
    .filter(Boolean);
}

export interface TextSearch {
  /** Indexes the next searchable field (a warm-up step); nothing once the index is complete. */
  indexNextField(): void;
  /** Completes the index (a warm-up step, or the first query's). */
  finish(): void;
  /** The documents with a word starting with `prefix`. */
  prefixSet(prefix: string): Bitset;
}

export function createTextSearch(size: number, columns: Columns): TextSearch {
  let text: TextIndex | undefined;
  const tokensOf = new Map<string, string[]>();
  const refsOf = new Map<string, number[]>();
  let fieldsDone = 0;

  function indexNextField(): void {
    if (text || fieldsDone >= TEXT_FIELDS.length) return;
    const fieldIndex = fieldsDone++;
    columns.facetColumn(TEXT_FIELDS[fieldIndex]!).values.forEach((value, id) => {
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
    while (fieldsDone < TEXT_FIELDS.length) indexNextField();
    const words = [...refsOf.keys()].sort();
    text = { words, refs: words.map((word) => Uint32Array.from(refsOf.get(word)!)) };
    tokensOf.clear();
    refsOf.clear();
    return text;
  }

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
        const values = columns.facetColumn(TEXT_FIELDS[fieldIndex]!).values.length;
        (marked[fieldIndex] ??= new Uint8Array(values))[(ref - fieldIndex) / TEXT_FIELD_SLOTS] = 1;
      }
    }
    const set = emptySet(size);
    marked.forEach((mask, fieldIndex) => {
      if (!mask) return;
      const { offsets, valueIds } = columns.facetColumn(TEXT_FIELDS[fieldIndex]!);
      for (let doc = 0; doc < size; doc++) {
        for (let k = offsets[doc]!; k < offsets[doc + 1]!; k++)
          if (mask[valueIds[k]!]) add(set, doc);
      }
    });
    return set;
  });

  return { indexNextField, finish: () => void textIndex(), prefixSet };
}
