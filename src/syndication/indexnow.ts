/**
 * IndexNow: tell search engines which URLs changed. The key file (/<key>.txt, holding the key)
 * proves the site owns the key. Nothing here runs in a build or a test: sync calls
 * notifyIndexNow with the pages it changed.
 */
export const INDEXNOW_ENDPOINT = 'https://api.indexnow.org/indexnow';

/** The key file's site path and body. */
export function indexNowKeyFile(key: string): { path: string; body: string } {
  return { path: `/${key}.txt`, body: key };
}

export interface IndexNowRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

/** The request that reports `urls` (absolute, on the site's own host; others are dropped, at most 10,000 per request). */
export function indexNowRequest(
  siteUrl: string,
  key: string,
  urls: readonly string[],
  endpoint = INDEXNOW_ENDPOINT,
): IndexNowRequest | undefined {
  const site = new URL(siteUrl);
  const own = [...new Set(urls)].filter((url) => {
    try {
      return new URL(url).host === site.host;
    } catch {
      return false;
    }
  });
  if (!own.length) return undefined;
  return {
    url: endpoint,
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({
      host: site.host,
      key,
      keyLocation: new URL(indexNowKeyFile(key).path, site).href,
      urlList: own.slice(0, 10_000),
    }),
  };
}

export interface NotifyOptions {
  endpoint?: string;
  /** A slow endpoint must not hold up the next tenant's sync. */
  timeoutMs?: number;
  fetcher?: typeof fetch;
}

/** POST the changed URLs; resolves with the HTTP status (200/202 accepted), undefined when none is the site's own. */
export async function notifyIndexNow(
  siteUrl: string,
  key: string,
  urls: readonly string[],
  { endpoint = INDEXNOW_ENDPOINT, timeoutMs = 10_000, fetcher = fetch }: NotifyOptions = {},
): Promise<number | undefined> {
  const request = indexNowRequest(siteUrl, key, urls, endpoint);
  if (!request) return undefined;
  const response = await fetcher(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel();
  return response.status;
}
