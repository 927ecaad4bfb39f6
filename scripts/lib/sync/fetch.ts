import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

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
}

/** An HTTP answer other than 200 or 304, or no answer: the feed can't be read this time. */
export class FeedFetchError extends Error {}

const FETCH_TIMEOUT_MS = 30_000;

export const digestOf = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * GET a feed URL with If-None-Match / If-Modified-Since from the last fetch kept in `cacheDir`
 * (<name>.json: validators, <name>.body: the body), so an unchanged feed costs one 304. The cache
 * is updated only after a complete 200, so a failed fetch leaves the last good copy.
 */
export async function conditionalFetch(url: string, cacheDir: string, name: string): Promise<ConditionalFetchResult> {
  const metaFile = path.join(cacheDir, `${name}.json`);
  const bodyFile = path.join(cacheDir, `${name}.body`);
  let cached: { validators: FetchValidators; body: Uint8Array } | undefined;
  try {
    const validators = JSON.parse(await readFile(metaFile, 'utf8')) as FetchValidators;
    cached = { validators, body: await readFile(bodyFile) };
  } catch {
    cached = undefined;
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (cached?.validators.etag) headers['if-none-match'] = cached.validators.etag;
  if (cached?.validators.lastModified) headers['if-modified-since'] = cached.validators.lastModified;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    throw new FeedFetchError(`could not fetch: ${(error as Error).message}`);
  }
  if (response.status === 304 && cached) {
    await response.body?.cancel();
    return { changed: false, body: cached.body, validators: cached.validators, status: 304 };
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new FeedFetchError(`HTTP ${response.status} ${response.statusText}`);
  }
  const body = new Uint8Array(await response.arrayBuffer());
  const validators: FetchValidators = {
    ...(response.headers.get('etag') ? { etag: response.headers.get('etag')! } : {}),
    ...(response.headers.get('last-modified') ? { lastModified: response.headers.get('last-modified')! } : {}),
    digest: digestOf(body),
  };
  await mkdir(cacheDir, { recursive: true });
  await writeFile(`${bodyFile}.tmp`, body);
  await rename(`${bodyFile}.tmp`, bodyFile);
  await writeFile(`${metaFile}.tmp`, JSON.stringify(validators));
  await rename(`${metaFile}.tmp`, metaFile);
  // A server without validators, or one that re-sends the same bytes, is still "unchanged".
  return { changed: cached?.validators.digest !== validators.digest, body, validators, status: 200 };
}
