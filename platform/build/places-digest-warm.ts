import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { placesDigestFile } from '../../src/site/places-digest';
import { ROOT } from '../paths';

/**
 * Make the dealer locator's places digest (src/site/places-digest.ts) in a worker thread when the
 * build cache lacks it, so it is ready before the first site's /places.json renders: Astro renders
 * endpoints after the pages, on its main thread alone, and the digest takes most of a second.
 * Resolves when done, never rejects: on a failure `log` gets one line, and /places.json tries again
 * when it renders (a real problem then fails that site's build, naming the page).
 */
export function warmPlacesDigest(log: (line: string) => void): Promise<void> {
  try {
    if (existsSync(placesDigestFile(ROOT))) return Promise.resolve();
  } catch (error) {
    log(`  ! places digest not made ahead: ${(error as Error).message.split('\n')[0]}`);
    return Promise.resolve();
  }
  const worker = new Worker(new URL('./ts-worker.mjs', import.meta.url), {
    workerData: { module: new URL('./places-digest-worker.ts', import.meta.url).href, root: ROOT },
  });
  return new Promise((resolve) => {
    worker.on('error', (error) =>
      log(`  ! places digest not made ahead: ${error.message.split('\n')[0]}`),
    );
    worker.on('exit', () => resolve());
  });
}
