import { Worker } from 'node:worker_threads';
import { FeedReadError } from '../../src/feeds/load';
import type { FeedName } from '../../src/feeds/schemas';
import type { FeedBytes, PrepareReport } from '../../src/site/prepare';
import type { LoadedTenant } from '../../src/tenant/load';

export interface SiteDataJob {
  tenant: LoadedTenant;
  /** The feeds as read (src/site/prepare.ts readFeeds); handed over to the thread. */
  feeds: FeedBytes;
  /** The build time, ISO 8601. */
  now: string;
  /** Where the site data JSON goes. */
  snapshot: string;
}

export interface WrittenSiteData {
  report: PrepareReport;
  cars: number;
  builtAt: string;
}

export type SiteDataMessage =
  | ({ kind: 'written' } & WrittenSiteData)
  | {
      kind: 'failed';
      feedError?: { feed: FeedName; source: string; reason: string };
      message?: string;
    };

/** A feed's memory can move to the thread, not be copied, when the bytes are a whole buffer of their own. */
function movable(feeds: FeedBytes): ArrayBuffer[] {
  return Object.values(feeds)
    .filter(
      (bytes) =>
        bytes.byteOffset === 0 &&
        bytes.byteLength === bytes.buffer.byteLength &&
        bytes.buffer instanceof ArrayBuffer,
    )
    .map((bytes) => bytes.buffer as ArrayBuffer);
}

/**
 * Parse, validate and write a tenant's site data in a worker thread (platform/build/site-data-worker.ts),
 * so that the memory this takes (about 400 MB at 10,000 cars) goes when the thread ends. The feeds
 * are moved to the thread: the caller must not use them after. A feed that is not JSON rejects
 * with a FeedReadError.
 */
export function writeSiteData(job: SiteDataJob): Promise<WrittenSiteData> {
  const worker = new Worker(new URL('./ts-worker.mjs', import.meta.url), {
    workerData: { ...job, module: new URL('./site-data-worker.ts', import.meta.url).href },
    transferList: movable(job.feeds),
  });
  const written = new Promise<WrittenSiteData>((resolve, reject) => {
    worker.on('message', (message: SiteDataMessage) => {
      if (message.kind === 'written') resolve(message);
      else if (message.feedError)
        reject(
          new FeedReadError(
            message.feedError.feed,
            message.feedError.source,
            message.feedError.reason,
          ),
        );
      else reject(new Error(message.message));
    });
    worker.on('error', reject);
    // After a message this changes nothing; without one, the thread died.
    worker.on('exit', (code) =>
      reject(new Error(`the site data thread stopped (exit ${code}) before the data was written`)),
    );
  });
  // Reported where it is awaited; this only keeps an early failure from counting as unhandled.
  written.catch(() => {});
  return written;
}
