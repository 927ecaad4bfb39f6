import { Worker } from 'node:worker_threads';
import { FeedReadError } from '../../src/feeds/load';
import type { FeedName } from '../../src/feeds/schemas';
import type { PrepareReport } from '../../src/site/prepare';
import type { LoadedTenant } from '../../src/tenant/load';

export interface SiteDataJob {
  tenant: LoadedTenant;
  root: string;
  /** The build time, ISO 8601. */
  now: string;
  /** Where the site data JSON goes. */
  snapshot: string;
}

export interface WrittenSiteData {
  report: PrepareReport;
  cars: number;
  builtAt: string;
  /** The path of every vehicle page. */
  carPaths: string[];
}

export type SiteDataMessage =
  | { kind: 'read'; feedBytes: number }
  | ({ kind: 'written' } & WrittenSiteData)
  | { kind: 'failed'; feedError?: { feed: FeedName; source: string; reason: string }; message?: string };

/**
 * Read, validate and write a tenant's site data in a worker thread (scripts/lib/site-data-worker.ts).
 * `feedBytes` settles once the feeds are read (their size sets Astro's heap limit), `written` once
 * the data is on disk. A feed that cannot be read rejects both with a FeedReadError.
 */
export function writeSiteData(job: SiteDataJob): { feedBytes: Promise<number>; written: Promise<WrittenSiteData> } {
  const worker = new Worker(new URL('./ts-worker.mjs', import.meta.url), {
    workerData: { ...job, module: new URL('./site-data-worker.ts', import.meta.url).href },
  });
  let onRead: (bytes: number) => void = () => {};
  let onFailed: (error: Error) => void = () => {};
  const feedBytes = new Promise<number>((resolve, reject) => {
    onRead = resolve;
    onFailed = reject;
  });
  const written = new Promise<WrittenSiteData>((resolve, reject) => {
    const fail = (error: Error) => {
      onFailed(error);
      reject(error);
    };
    worker.on('message', (message: SiteDataMessage) => {
      if (message.kind === 'read') onRead(message.feedBytes);
      else if (message.kind === 'written') resolve(message);
      else if (message.feedError) fail(new FeedReadError(message.feedError.feed, message.feedError.source, message.feedError.reason));
      else fail(new Error(message.message));
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the site data thread stopped (exit ${code}) before the data was written`)));
  });
  // Each is reported where it is awaited; these only keep an early failure from counting as unhandled.
  feedBytes.catch(() => {});
  written.catch(() => {});
  return { feedBytes, written };
}
