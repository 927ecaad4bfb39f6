/**
 * Runs in a worker thread of the build script (platform/build/site-data.ts): parses and validates a
 * tenant's feeds (read by the build script) and writes the site data Astro reads. When the thread
 * ends, the memory this took (about 400 MB at 10,000 cars) goes with it, instead of staying in the
 * build script while Astro renders.
 */
import { writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { FeedReadError, parseFeedBytes } from '../../src/feeds/load';
import { siteSnapshotBytes } from '../../src/site/snapshot';
import { prepareFeeds } from '../../src/site/prepare';
import { leaveOutUnrenderable } from '../../src/site/render-check';
import type { SiteDataJob, SiteDataMessage } from './site-data';

const { tenant, feeds, now, snapshot } = workerData as SiteDataJob;
const send = (message: SiteDataMessage) => parentPort!.postMessage(message);

/** A car's place in its feed, for the report: read again, only for a car that is left out. */
function feedIndex(id: string): number {
  const data = parseFeedBytes('cars', tenant.feeds.cars, feeds.cars!);
  const list = Array.isArray(data)
    ? data
    : (Object.values(data ?? {}).find(Array.isArray) as unknown[] | undefined);
  return list?.findIndex((record) => String((record as { id?: unknown } | null)?.id) === id) ?? -1;
}

try {
  const prepared = prepareFeeds(tenant, feeds, new Date(now));
  const { report } = prepared;
  const { site, rejected } = leaveOutUnrenderable(prepared.site, tenant.feeds.cars, feedIndex);
  report.rejected.push(...rejected);
  await writeFile(snapshot, siteSnapshotBytes(site));
  send({ kind: 'written', report, cars: site.cars.length, builtAt: site.builtAt });
} catch (error) {
  send(
    error instanceof FeedReadError
      ? {
          kind: 'failed',
          feedError: { feed: error.feed, source: error.source, reason: error.reason },
        }
      : {
          kind: 'failed',
          message: error instanceof Error ? (error.stack ?? error.message) : String(error),
        },
  );
}
