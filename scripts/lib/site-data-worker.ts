/**
 * Runs in a worker thread of the build script (scripts/lib/site-data.ts): reads and validates a
 * tenant's feeds and writes the site data Astro reads. When the thread ends, the memory of the
 * feeds goes with it (about 400 MB at 10,000 cars) instead of staying in the build script while
 * Astro renders.
 */
import { writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { FeedReadError } from '../../src/feeds/load';
import { prepareFeeds, readFeeds } from '../../src/site/prepare';
import { carPath } from '../../src/site/paths';
import type { SiteDataJob, SiteDataMessage } from './site-data';

const { tenant, root, now, snapshot } = workerData as SiteDataJob;
const send = (message: SiteDataMessage) => parentPort!.postMessage(message);

try {
  const texts = await readFeeds(tenant, root);
  send({ kind: 'read', feedBytes: Object.values(texts).reduce((sum, text) => sum + Buffer.byteLength(text), 0) });
  const { site, report } = prepareFeeds(tenant, texts, new Date(now));
  await writeFile(snapshot, JSON.stringify(site));
  send({ kind: 'written', report, cars: site.cars.length, builtAt: site.builtAt, carPaths: site.cars.map(carPath) });
} catch (error) {
  send(
    error instanceof FeedReadError
      ? { kind: 'failed', feedError: { feed: error.feed, source: error.source, reason: error.reason } }
      : { kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) },
  );
}
