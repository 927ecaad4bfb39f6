import type { SiteData } from './types';
import { imageUrl, imageUrlContext } from '../domain/images/image-url';
import { listedImageUrls } from './listed-images';

const ORIGIN = /^(https?:\/\/[^/?#]+)/i;
const VECTOR = /\.svgz?$/i;

/**
 * One line for the build log when some of the site's photos will be served at full size because
 * its resizer may not fetch them, saying how many, from where and what to change; undefined when
 * every photo is resized. Whether a photo is resized depends only on its origin, so each origin is
 * judged once (a 10,000-car site lists 200,000 photos).
 */
export function unresizedPhotosNote(site: SiteData): string | undefined {
  const context = imageUrlContext(site.tenant);
  const resizedFrom = new Map<string, boolean>();
  const photos = () => {
    const pictures: { url: string; origin: string }[] = [];
    for (const listed of listedImageUrls(site)) {
      const url = listed.trim();
      const origin = url.startsWith('/') ? 'site' : ORIGIN.exec(url)?.[1]?.toLowerCase();
      if (origin && !VECTOR.test(url.replace(/[?#].*$/, ''))) pictures.push({ url, origin });
    }
    return pictures;
  };
  const pictures = photos();
  for (const { url, origin } of pictures) {
    if (resizedFrom.has(origin)) continue;
    const resized = imageUrl(context, url, 640);
    // Undefined: an unsafe URL, which the feed report names already.
    if (resized !== undefined) resizedFrom.set(origin, resized !== url);
  }
  if (![...resizedFrom.values()].includes(false)) return undefined;
  // Only now, with something to report, are repeats (a primary image is also in `images`) counted once.
  const unique = new Map<string, Set<string>>();
  for (const { url, origin } of pictures) {
    if (!resizedFrom.has(origin)) continue;
    let urls = unique.get(origin);
    if (!urls) unique.set(origin, (urls = new Set()));
    urls.add(url);
  }
  const left = [...unique]
    .filter(([origin]) => !resizedFrom.get(origin))
    .sort(([, a], [, b]) => b.size - a.size);
  const count = left.reduce((sum, [, urls]) => sum + urls.size, 0);
  const total = [...unique.values()].reduce((sum, urls) => sum + urls.size, 0);
  const hosts = left.map(([origin]) => origin);
  const named = `${hosts.slice(0, 3).join(', ')}${hosts.length > 3 ? ` and ${hosts.length - 3} more` : ''}`;
  const { settings } = context;
  const why =
    settings.provider === 'imgix'
      ? `imgix resizes only photos under ${settings.source_origin ?? site.tenant.url} (images.source_origin)`
      : `${settings.provider} is sent photos only from the site, its feed hosts and media_hosts.image: add ${hosts.length > 1 ? 'them' : 'it'} to media_hosts.image`;
  return `${count.toLocaleString('en-AU')} of ${total.toLocaleString('en-AU')} photos will be served unresized (from ${named}): ${why}`;
}
