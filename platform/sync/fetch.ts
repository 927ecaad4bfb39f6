import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_FEED_FETCH, fetchFeed, type FeedFetchSettings } from '../../src/feeds/fetch-feed';
import { FetchProblem, type GuardedResponse } from '../../src/net/guarded-fetch';

/** What the last successful fetch of a feed URL gave: its validators, and a digest of its body. */
export interface FetchValidators {
  etag?: string;
  lastModified?: string;
  digest: string;
}

export interface ConditionalFetchResult {
  /** False when the server answered 304 Not Modified (the body is the cached one). */
  changed: boolean;
  body: Uint8Array;
  validators: FetchValidators;
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
}

/** An HTTP answer other than 200 or 304, or no usable answer: the feed can't be read this time. */
export class FeedFetchError extends Error {}

export const digestOf = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

/**
 * GET a feed URL with If-None-Match / If-Modified-Since from the last fetch kept in `cacheDir`
 * (<name>.json: validators, <name>.body: the body), so an unchanged feed costs one 304. The body
 * is streamed within the tenant's limits (src/net/guarded-fetch.ts). The cache is updated only
 * after a complete 200, so a failed fetch leaves the last good copy.
 */
export async function conditionalFetch(
  url: string,
  cacheDir: string,
  name: string,
  settings: FeedFetchSettings = DEFAULT_FEED_FETCH,
): Promise<ConditionalFetchResult> {
  const metaFile = path.join(cacheDir, `${name}.json`);
  const bodyFile = path.join(cacheDir, `${name}.body`);
  let cached: { validators: FetchValidators; body: Uint8Array } | undefined;
  try {
    const validators = JSON.parse(await readFile(metaFile, 'utf8')) as FetchValidators;
    cached = { validators, body: await readFile(bodyFile) };
  } catch {
    cached = undefined;
  }
  const headers: Record<string, string> = {};
  if (cached?.validators.etag) headers['if-none-match'] = cached.validators.etag;
  if (cached?.validators.lastModified)
    headers['if-modified-since'] = cached.validators.lastModified;
  let response: GuardedResponse;
  try {
    response = await fetchFeed(url, settings, headers);
  } catch (error) {
    if (error instanceof FetchProblem) throw new FeedFetchError(error.message);
    throw error;
  }
  if (response.status === 304 && cached)
    return {
      changed: false,
      body: cached.body,
      validators: cached.validators,
      status: 304,
      url: response.url,
    };
  if (response.status !== 200)
    throw new FeedFetchError(`HTTP ${response.status} ${response.statusText}`.trim());
  const { body } = response;
  const header = (name: string) => {
    const value = response.headers[name];
    return typeof value === 'string' && value ? value : undefined;
  };
  const etag = header('etag');
  const lastModified = header('last-modified');
  const validators: FetchValidators = {
    ...(etag ? { etag } : {}),
    ...(lastModified ? { lastModified } : {}),
    digest: digestOf(body),
  };
  await mkdir(cacheDir, { recursive: true });
  await writeFile(`${bodyFile}.tmp`, body);
  await rename(`${bodyFile}.tmp`, bodyFile);
  await writeFile(`${metaFile}.tmp`, JSON.stringify(validators));
  await rename(`${metaFile}.tmp`, metaFile);
  // A server without validators, or one that re-sends the same bytes, is still "unchanged".
  return {
    changed: cached?.validators.digest !== validators.digest,
    body,
    validators,
    status: 200,
    url: response.url,
  };
}
