/**
 * Runs in a worker thread of the build script (scripts/lib/site-data.ts): parses and validates a
 * tenant's feeds (read by the build script) and writes the site data Astro reads. When the thread
 * ends, the memory this took (about 400 MB at 10,000 cars) goes with it, instead of staying in the
 * build script while Astro renders.
 */
import { writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { FeedReadError } from '../../src/feeds/load';
import { siteSnapshotBytes } from '../../src/build/snapshot';
import { prepareFeeds } from '../../src/site/prepare';
import type { SiteDataJob, SiteDataMessage } from './site-data';

const { tenant, feeds, now, snapshot } = workerData as SiteDataJob;
const send = (message: SiteDataMessage) => parentPort!.postMessage(message);

try {
  const { site, report } = prepareFeeds(tenant, feeds, new Date(now));
  await writeFile(snapshot, siteSnapshotBytes(site));
  send({ kind: 'written', report, cars: site.cars.length, builtAt: site.builtAt });
} catch (error) {
  send(
    error instanceof FeedReadError
      ? { kind: 'failed', feedError: { feed: error.feed, source: error.source, reason: error.reason } }
      : { kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) },
  );
}
