import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { placesDigestFile } from '../../src/site/places-digest';
import { ROOT } from './paths';

/**
 * Make the dealer locator's places digest (src/site/places-digest.ts) in a worker thread when the
 * build cache lacks it, so it is ready before the first site's /places.json renders: Astro renders
 * endpoints after the pages, on its main thread alone, and the digest takes most of a second.
 * Resolves when done. A failure is left for that endpoint to report, where it names the page.
 */
export function warmPlacesDigest(): Promise<void> {
  if (existsSync(placesDigestFile(ROOT))) return Promise.resolve();
  const worker = new Worker(new URL('./ts-worker.mjs', import.meta.url), {
    workerData: { module: new URL('./places-digest-worker.ts', import.meta.url).href, root: ROOT },
  });
  return new Promise((resolve) => {
    worker.on('error', () => resolve());
    worker.on('exit', () => resolve());
  });
}
