import { setImmediate as nextTurn } from 'node:timers/promises';
import { listedImageUrls } from '../../src/site/listed-images';
import { normalisePhotoUrl } from '../../src/domain/images/normalise-url';
import type { SiteData } from '../../src/site/types';

/** Work on the list this long at most before letting requests in (a 10,000-car site lists 200,000 photos). */
const SLICE_MS = 8;

/**
 * The absolute photo URLs a site's data lists, normalised (normalise-url.ts): the only remote
 * originals /api/image fetches for it. One set per site data object, so a publish (new site data)
 * brings its own list and the old one goes with the old data.
 */
const lists = new WeakMap<SiteData, Promise<Set<string>>>();

async function collect(site: SiteData): Promise<Set<string>> {
  const urls = new Set<string>();
  let sliceStarted = performance.now();
  let count = 0;
  for (const listed of listedImageUrls(site)) {
    const url = normalisePhotoUrl(listed);
    // The listed string itself when it is already normal: no second copy of it in memory.
    if (url) urls.add(url === listed ? listed : url);
    if ((count += 1) % 500 === 0 && performance.now() - sliceStarted > SLICE_MS) {
      await nextTurn();
      sliceStarted = performance.now();
    }
  }
  return urls;
}

export function listedPhotos(site: SiteData): Promise<Set<string>> {
  let list = lists.get(site);
  if (!list) lists.set(site, (list = collect(site)));
  return list;
}
