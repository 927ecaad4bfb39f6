import { request } from 'node:http';
import { eachLimited, type Purger, type PurgeResult } from './purge';
import { failureReason, RETRY_DEFAULTS, sendWithRetry, type RetryOptions } from './retry';

/** Purges in flight at once: Varnish answers a PURGE in well under a millisecond; this only bounds sockets. */
const CONCURRENCY = 8;

/**
 * The local cache layer: Varnish, told `PURGE <path>` with the page's `Host` for each URL (the
 * VCL of platform/edge/varnish.ts answers that from the purgers' addresses: `return (purge)`
 * drops the object hashed from that host and path). One request per URL: Varnish purges exact
 * objects, and thousands of them on loopback take well under a second.
 */
export class VarnishPurger implements Purger {
  readonly name = 'varnish';
  private readonly address: URL;

  /** `address`: where Varnish listens, "http://127.0.0.1:6081". */
  constructor(
    address: string,
    private readonly retry: RetryOptions = {},
  ) {
    this.address = new URL(address);
    if (this.address.protocol !== 'http:')
      throw new Error(`expected an http:// address for Varnish, got "${address}"`);
  }

  async purge(urls: string[]): Promise<PurgeResult> {
    const result: PurgeResult = { purged: 0, failed: 0, requests: 0 };
    const fail = (why: string) => {
      result.failed++;
      result.error ??= why;
    };
    await eachLimited(urls, CONCURRENCY, async (url) => {
      const { host, pathname, search } = new URL(url);
      try {
        const answer = await sendWithRetry(
          (signal) => this.send(host, pathname + search, signal),
          this.retry,
        );
        result.requests += answer.attempts;
        if (answer.status >= 200 && answer.status < 300) result.purged++;
        else fail(`HTTP ${answer.status}${answer.reason ? `: ${answer.reason}` : ''}`);
      } catch (error) {
        result.requests += this.retry.attempts ?? RETRY_DEFAULTS.attempts;
        fail(failureReason(error));
      }
    });
    return result;
  }

  /** One PURGE; node:http, because fetch may not set Host. */
  private send(
    host: string,
    path: string,
    signal: AbortSignal,
  ): Promise<{ status: number; reason?: string; retryAfter?: string | null }> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          hostname: this.address.hostname,
          port: this.address.port || 80,
          method: 'PURGE',
          path,
          headers: { host },
          signal,
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              reason: res.statusMessage,
              retryAfter: res.headers['retry-after'],
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
  }
}
