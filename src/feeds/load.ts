import { readFile } from 'node:fs/promises';
import { describeIssue, formatPath } from '../config/format-issues';
import { FeedLocationError, isUrlSource, resolveLocalFeed } from './roots';
import { FEED_SCHEMAS, type FeedName } from './schemas';
import type { z } from 'zod';

export type FeedRecord<N extends FeedName> = z.output<(typeof FEED_SCHEMAS)[N]>;

/** A record left out of the build, with everything an editor needs to find and fix it. */
export interface RejectedRecord {
  feed: FeedName;
  source: string;
  index: number;
  id?: string;
  problems: string[];
}

export interface FeedResult<N extends FeedName> {
  records: FeedRecord<N>[];
  rejected: RejectedRecord[];
}

/** A feed that could not be read at all (missing file, HTTP error, not JSON, not a list). */
export class FeedReadError extends Error {
  constructor(
    readonly feed: FeedName,
    readonly source: string,
    readonly reason: string,
  ) {
    super(`feeds.${feed} (${source}): ${reason}`);
    this.name = 'FeedReadError';
  }
}

const FETCH_TIMEOUT_MS = 30_000;

/**
 * Read a feed source's bytes: an http(s) URL, or a path relative to `root` inside the feed folders
 * (src/feeds/roots.ts). Errors never quote the file's contents.
 */
export async function readFeedBytes(feed: FeedName, source: string, root: string, roots?: string[]): Promise<Uint8Array> {
  if (isUrlSource(source)) {
    let response: Response;
    try {
      response = await fetch(source, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
    } catch (error) {
      throw new FeedReadError(feed, source, `could not fetch: ${(error as Error).message}`);
    }
    if (!response.ok) throw new FeedReadError(feed, source, `HTTP ${response.status} ${response.statusText}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  try {
    return await readFile(await resolveLocalFeed(source, root, roots));
  } catch (error) {
    if (error instanceof FeedLocationError) throw new FeedReadError(feed, source, error.message);
    const code = (error as NodeJS.ErrnoException).code;
    throw new FeedReadError(feed, source, code === 'ENOENT' ? 'file not found' : `could not read: ${(error as Error).message}`);
  }
}

/** Parse a feed's bytes as JSON (UTF-8). */
export function parseFeedBytes(feed: FeedName, source: string, bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch (error) {
    // The engine's message quotes the text around the error: a position is enough to find it.
    const at = /\(line (\d+) column (\d+)\)/.exec((error as Error).message);
    throw new FeedReadError(feed, source, `not valid JSON${at ? ` (line ${at[1]}, column ${at[2]})` : ''}`);
  }
}

function recordId(raw: unknown): string | undefined {
  if (raw && typeof raw === 'object' && 'id' in raw) {
    const id = (raw as { id: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return undefined;
}

/**
 * Validate every record of a feed. Bad records are reported and left out; the rest are kept.
 * A list wrapped as `{ "data": [...] }`, `{ "results": [...] }` or `{ "<feed>": [...] }` is accepted.
 */
export function validateFeed<N extends FeedName>(feed: N, data: unknown, source: string): FeedResult<N> {
  const list = unwrapList(feed, data);
  if (!list) throw new FeedReadError(feed, source, 'expected a JSON list of records');
  const schema = FEED_SCHEMAS[feed];
  const records: FeedRecord<N>[] = [];
  const rejected: RejectedRecord[] = [];
  const seenIds = new Set<string>();
  const seenSlugs = new Set<string>();
  list.forEach((raw, index) => {
    const id = recordId(raw);
    const result = schema.safeParse(raw, { reportInput: true });
    if (!result.success) {
      rejected.push({
        feed,
        source,
        index,
        id,
        problems: result.error.issues.map((issue) => `${formatPath(issue.path)}: ${describeIssue(issue)}`),
      });
      return;
    }
    const record = result.data as FeedRecord<N> & { id?: string; slug?: string };
    const duplicate =
      feed !== 'special_hours' && record.id !== undefined && seenIds.has(record.id) ? 'id' : record.slug && seenSlugs.has(record.slug) ? 'slug' : undefined;
    if (duplicate) {
      rejected.push({
        feed,
        source,
        index,
        id,
        problems: [`${duplicate}: duplicate ${duplicate} "${duplicate === 'id' ? record.id : record.slug}" (an earlier record has it)`],
      });
      return;
    }
    if (record.id !== undefined) seenIds.add(record.id);
    if (record.slug) seenSlugs.add(record.slug);
    records.push(record);
  });
  return { records, rejected };
}

function unwrapList(feed: FeedName, data: unknown): unknown[] | undefined {
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object') {
    for (const key of [feed, 'data', 'results', 'items']) {
      const value = (data as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value;
    }
  }
  return undefined;
}

/** "cars feed (data/x.json) record #12 (id 4411): price: expected a number, got "abc"" */
export function describeRejected(record: RejectedRecord): string[] {
  const who = `${record.feed} feed (${record.source}) record #${record.index}${record.id ? ` (id ${record.id})` : ''}`;
  return record.problems.map((problem) => `${who}: ${problem}`);
}

/** Read and validate one feed. */
export async function loadFeed<N extends FeedName>(feed: N, source: string, root: string, roots?: string[]): Promise<FeedResult<N>> {
  return validateFeed(feed, parseFeedBytes(feed, source, await readFeedBytes(feed, source, root, roots)), source);
}
