import type { SearchDocument } from './document';

/** Where the build writes the embedded index file, beside the pages (src/pages/search-index.json.ts). */
export const INDEX_FILE = '/search-index.json';

/**
 * The embedded index file (dist/<slug>/search-index.json): the search documents stored column by
 * column, which gzips to about half the size of a list of objects (each column's values repeat).
 */
export interface IndexFile {
  /** ISO instant of the build. */
  builtAt: string;
  count: number;
  /** field -> one value per document (null where the document has none). */
  columns: Record<string, unknown[]>;
}

/** The name feeds usually give a car: "2017 Mitsubishi Triton GLX". */
function derivedName(doc: Pick<SearchDocument, 'year' | 'make' | 'model' | 'badge'>): string {
  return [doc.year, doc.make, doc.model, doc.badge]
    .filter((part) => part != null && part !== '')
    .join(' ');
}

/** Slugs usually end with the car id ("...-triton-glx-410002"). */
function idFromSlug(slug: string): string {
  return slug.slice(slug.lastIndexOf('-') + 1);
}

/**
 * Values the reader can work out again (an id at the end of the slug, the usual name) are
 * written as null: a third less to download.
 */
function stored(doc: SearchDocument, field: string): unknown {
  if (field === 'objectID' && idFromSlug(doc.slug) === doc.objectID) return null;
  if (field === 'name' && derivedName(doc) === doc.name) return null;
  return (doc as unknown as Record<string, unknown>)[field] ?? null;
}

export function encodeIndex(docs: SearchDocument[], builtAt: string): IndexFile {
  const fields = new Set<string>();
  for (const doc of docs) for (const key of Object.keys(doc)) fields.add(key);
  const columns: Record<string, unknown[]> = {};
  for (const field of fields) columns[field] = docs.map((doc) => stored(doc, field));
  return { builtAt, count: docs.length, columns };
}

export function decodeIndex(file: IndexFile): SearchDocument[] {
  const docs: Record<string, unknown>[] = Array.from({ length: file.count }, () => ({}));
  for (const [field, values] of Object.entries(file.columns)) {
    values.forEach((value, index) => {
      if (value !== null) docs[index]![field] = value;
    });
  }
  for (const doc of docs as unknown as SearchDocument[]) {
    doc.objectID ??= idFromSlug(doc.slug);
    doc.name ??= derivedName(doc);
  }
  return docs as unknown as SearchDocument[];
}
