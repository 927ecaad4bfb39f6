import { readFile } from 'node:fs/promises';
import { describeIssue, formatPath } from '../config/format-issues';
import { UNSAFE_URL } from '../config/safe-url';
import { FeedLocationError, isUrlSource, resolveLocalFeed } from './roots';
import { parseNormalisedJson } from './normalise-text';
import { FEED_SCHEMAS, type FeedName } from './schemas';
import { DEFAULT_FEED_FETCH, fetchFeed, redirectNote, type FeedFetchSettings } from './fetch-feed';
import { FetchProblem, type GuardedResponse } from '../net/guarded-fetch';
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

/** A record kept without the URLs that were unsafe to put into a page (javascript:, data:, //host). */
export interface DroppedUrls {
  feed: FeedName;
  source: string;
  index: number;
  id?: string;
  problems: string[];
}

export interface FeedResult<N extends FeedName> {
  records: FeedRecord<N>[];
  rejected: RejectedRecord[];
  dropped: DroppedUrls[];
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

export interface ReadFeedOptions {
  /** The folders local files may be read from (src/feeds/roots.ts). */
  roots?: string[];
  /** Limits and trusted hosts for a URL feed (the tenant's, src/feeds/fetch-feed.ts); the defaults otherwise. */
  fetch?: FeedFetchSettings;
  /** Where "answered from <another URL>" goes when a URL feed was redirected. */
  log?: (line: string) => void;
}

/**
 * Read a feed source's bytes: an http(s) URL (streamed within the tenant's limits), or a path
 * relative to `root` inside the feed folders (src/feeds/roots.ts). Errors never quote the contents.
 */
export async function readFeedBytes(
  feed: FeedName,
  source: string,
  root: string,
  { roots, fetch, log }: ReadFeedOptions = {},
): Promise<Uint8Array> {
  if (isUrlSource(source)) {
    let response: GuardedResponse;
    try {
      response = await fetchFeed(source, fetch ?? DEFAULT_FEED_FETCH);
    } catch (error) {
      if (error instanceof FetchProblem) throw new FeedReadError(feed, source, error.message);
      throw error;
    }
    if (response.status !== 200)
      throw new FeedReadError(
        feed,
        source,
        `HTTP ${response.status} ${response.statusText}`.trim(),
      );
    const note = redirectNote(feed, source, response.url);
    if (note) log?.(`  ${note}`);
    return response.body;
  }
  try {
    return await readFile(await resolveLocalFeed(source, root, roots));
  } catch (error) {
    if (error instanceof FeedLocationError) throw new FeedReadError(feed, source, error.message);
    const code = (error as NodeJS.ErrnoException).code;
    throw new FeedReadError(
      feed,
      source,
      code === 'ENOENT' ? 'file not found' : `could not read: ${(error as Error).message}`,
    );
  }
}

/** Parse a feed's bytes as JSON (UTF-8), its text normalised (src/feeds/normalise-text.ts). */
export function parseFeedBytes(feed: FeedName, source: string, bytes: Uint8Array): unknown {
  try {
    return parseNormalisedJson(bytes);
  } catch (error) {
    // The engine's message quotes the text around the error: a position is enough to find it.
    const at = /\(line (\d+) column (\d+)\)/.exec((error as Error).message);
    throw new FeedReadError(
      feed,
      source,
      `not valid JSON${at ? ` (line ${at[1]}, column ${at[2]})` : ''}`,
    );
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
export function validateFeed<N extends FeedName>(
  feed: N,
  data: unknown,
  source: string,
): FeedResult<N> {
  const list = unwrapList(feed, data);
  if (!list) throw new FeedReadError(feed, source, 'expected a JSON list of records');
  const schema = FEED_SCHEMAS[feed];
  const records: FeedRecord<N>[] = [];
  const rejected: RejectedRecord[] = [];
  const dropped: DroppedUrls[] = [];
  const seenIds = new Set<string>();
  const seenSlugs = new Set<string>();
  list.forEach((raw, index) => {
    const id = recordId(raw);
    let result = schema.safeParse(raw, { reportInput: true });
    if (!result.success && result.error.issues.every(isUnsafeUrl)) {
      // Only unsafe URLs are wrong: the dealer still wants the car listed, without them.
      const retry = parseWithout(schema, raw, result.error.issues) as typeof result;
      if (retry.success) {
        dropped.push({
          feed,
          source,
          index,
          id,
          problems: result.error.issues.map(
            (issue) => `${formatPath(issue.path)}: ${describeIssue(issue)}`,
          ),
        });
        result = retry;
      }
    }
    if (!result.success) {
      rejected.push({
        feed,
        source,
        index,
        id,
        problems: result.error.issues.map(
          (issue) => `${formatPath(issue.path)}: ${describeIssue(issue)}`,
        ),
      });
      return;
    }
    const record = result.data as FeedRecord<N> & { id?: string; slug?: string };
    const duplicate =
      feed !== 'special_hours' && record.id !== undefined && seenIds.has(record.id)
        ? 'id'
        : record.slug && seenSlugs.has(record.slug)
          ? 'slug'
          : undefined;
    if (duplicate) {
      rejected.push({
        feed,
        source,
        index,
        id,
        problems: [
          `${duplicate}: duplicate ${duplicate} "${duplicate === 'id' ? record.id : record.slug}" (an earlier record has it)`,
        ],
      });
      return;
    }
    if (record.id !== undefined) seenIds.add(record.id);
    if (record.slug) seenSlugs.add(record.slug);
    records.push(record);
  });
  return { records, rejected, dropped };
}

/**
 * Parse the record again without the unsafe URLs. Where leaving one out empties something required
 * (a location's `image: { image: { url } }`), that holder goes too, up to the record itself.
 */
function parseWithout(schema: z.ZodType, raw: unknown, issues: z.core.$ZodIssue[]) {
  const drops = issues.map((issue) => dropPath(issue.path));
  for (let depth = 0; ; depth++) {
    const result = schema.safeParse(withoutPaths(raw, drops), { reportInput: true });
    if (result.success || depth === 4) return result;
    const emptied = result.error.issues.map((issue) =>
      issue.code === 'invalid_type' &&
      issue.path.length > 1 &&
      drops.some((drop) => samePath(drop, issue.path))
        ? dropPath(issue.path.slice(0, -1))
        : undefined,
    );
    if (emptied.some((path) => path === undefined)) return result;
    drops.push(...(emptied as PropertyKey[][]));
  }
}

function samePath(a: readonly PropertyKey[], b: readonly PropertyKey[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

function isUnsafeUrl(issue: z.core.$ZodIssue): boolean {
  return (
    issue.code === 'custom' &&
    (issue.params as Record<string, unknown> | undefined)?.[UNSAFE_URL] === true
  );
}

/**
 * What to leave out for an unsafe URL: the whole list item it sits in (an image, a video, a spin
 * frame), an `{ url }` holder (a model's image), or else the field itself.
 */
function dropPath(path: readonly PropertyKey[]): PropertyKey[] {
  const item = path.findIndex((key) => typeof key === 'number');
  if (item >= 0) return path.slice(0, item + 1);
  if (path.length > 1 && path.at(-1) === 'url') return path.slice(0, -1);
  return [...path];
}

const DROP = Symbol('drop');

/** A copy of a JSON record with the values at `paths` removed (list items spliced out). */
function withoutPaths(raw: unknown, paths: PropertyKey[][]): unknown {
  const copy = structuredClone(raw) as Record<PropertyKey, unknown>;
  for (const path of paths) {
    let parent: Record<PropertyKey, unknown> | undefined = copy;
    for (const key of path.slice(0, -1))
      parent = parent?.[key] as Record<PropertyKey, unknown> | undefined;
    if (parent && typeof parent === 'object') parent[path.at(-1)!] = DROP;
  }
  const prune = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.filter((item) => item !== DROP).map(prune);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).flatMap(([key, item]) => (item === DROP ? [] : [[key, prune(item)]])),
      );
    return value;
  };
  return prune(copy);
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

/** "cars feed (data/x.json) record #3 (id 7): external_video_url: ... (left out; the record is kept)" */
export function describeDropped(record: DroppedUrls): string[] {
  return describeRejected(record).map((line) => `${line} (left out; the record is kept)`);
}

/** Read and validate one feed. */
export async function loadFeed<N extends FeedName>(
  feed: N,
  source: string,
  root: string,
  roots?: string[],
): Promise<FeedResult<N>> {
  return validateFeed(
    feed,
    parseFeedBytes(feed, source, await readFeedBytes(feed, source, root, { roots })),
    source,
  );
}
