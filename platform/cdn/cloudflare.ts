import type { Purger, PurgeResult } from './purge';
import { failureReason, RETRY_DEFAULTS, sendWithRetry, type RetryOptions } from './retry';

export const CLOUDFLARE_API = 'https://api.cloudflare.com/client/v4';

/**
 * URLs per purge request. Cloudflare's purge-cache docs (2026) allow 100 URLs per request on the
 * Free, Pro and Business plans and 500 on Enterprise (it used to be 30 for all); requests are
 * rate-limited per account (Free: 5 a minute, bursts of 25), so fuller requests go further.
 */
export const CLOUDFLARE_BATCH = 100;

export interface CloudflareOptions {
  zoneId: string;
  /** An API token with the zone's Cache Purge permission. */
  token: string;
  /** The API's base URL (tests point it at a local receiver). */
  apiBase?: string;
  /** URLs per request (CLOUDFLARE_PURGE_BATCH: 500 for Enterprise zones). */
  batchSize?: number;
  retry?: RetryOptions;
}

interface CloudflareAnswer {
  success?: boolean;
  errors?: { code?: number; message?: string }[];
}

/** Cloudflare's single-file purge: POST /zones/{zone}/purge_cache {"files": [...]}, in batches, one after another. */
export class CloudflarePurger implements Purger {
  readonly name = 'cloudflare';
  private readonly endpoint: string;
  private readonly batchSize: number;

  constructor(private readonly options: CloudflareOptions) {
    this.endpoint = `${(options.apiBase ?? CLOUDFLARE_API).replace(/\/+$/, '')}/zones/${encodeURIComponent(options.zoneId)}/purge_cache`;
    this.batchSize = options.batchSize ?? CLOUDFLARE_BATCH;
  }

  async purge(urls: string[]): Promise<PurgeResult> {
    const result: PurgeResult = { purged: 0, failed: 0, requests: 0 };
    for (let start = 0; start < urls.length; start += this.batchSize) {
      const files = urls.slice(start, start + this.batchSize);
      const why = await this.purgeBatch(files, result);
      if (why === undefined) result.purged += files.length;
      else {
        result.failed += files.length;
        result.error ??= why;
      }
    }
    return result;
  }

  /** One batch; undefined when Cloudflare took it, else why not. */
  private async purgeBatch(files: string[], result: PurgeResult): Promise<string | undefined> {
    const body = JSON.stringify({ files });
    try {
      const answer = await sendWithRetry(async (signal) => {
        const response = await fetch(this.endpoint, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${this.options.token}`,
            'content-type': 'application/json',
          },
          body,
          signal,
        });
        const json = (await response.json().catch(() => ({}))) as CloudflareAnswer;
        return { status: response.status, retryAfter: response.headers.get('retry-after'), json };
      }, this.options.retry);
      result.requests += answer.attempts;
      if (answer.status >= 200 && answer.status < 300 && answer.json.success !== false)
        return undefined;
      const errors = (answer.json.errors ?? []).map(
        (error) => `${error.message ?? 'error'}${error.code ? ` (${error.code})` : ''}`,
      );
      return `HTTP ${answer.status}${errors.length ? `: ${errors.join('; ')}` : ''}`;
    } catch (error) {
      result.requests += this.options.retry?.attempts ?? RETRY_DEFAULTS.attempts;
      return failureReason(error);
    }
  }
}
