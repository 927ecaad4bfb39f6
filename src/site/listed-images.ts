import type { SiteData } from './types';

/**
 * A field holds a picture when its name (or, for `url`/`src`, its parent's) says so: car
 * `images[].image.url` and `.thumb.url`, `primary_image_url`, `spin_images[]`, model `image.url`
 * and `cloudfront_new_image_url`, location `image.image.url`, slide and promo `image`. Links,
 * videos and place URLs are not matched.
 */
const PICTURE_FIELD = /image|photo|picture|logo|thumb|banner|spin|frame|avatar/i;
const ADDRESS_FIELD = /^(url|src)$/i;
const URL_OR_PATH = /^(https?:\/\/|\/)/i;

/** Adds the picture URLs in `value` to `found` (plain recursion: a generator per level costs 10x on 400,000 URLs). */
function collectPictures(
  value: unknown,
  field: string,
  parentField: string,
  found: string[],
): void {
  if (typeof value === 'string') {
    const name = ADDRESS_FIELD.test(field) ? parentField : field;
    if (PICTURE_FIELD.test(name) && URL_OR_PATH.test(value.trim())) found.push(value);
  } else if (Array.isArray(value)) {
    // An element is named by its list: `spin_images[3]` is a spin image.
    for (const item of value) collectPictures(item, field, parentField, found);
  } else if (value && typeof value === 'object') {
    for (const key in value)
      collectPictures((value as Record<string, unknown>)[key], key, field, found);
  }
}

function picturesIn(value: unknown, field: string): string[] {
  const found: string[] = [];
  collectPictures(value, field, '', found);
  return found;
}

/**
 * Every picture URL the site's data lists (feeds and the tenant file: what its pages show), as
 * written: absolute http(s) URLs and site paths, with repeats. A generator that reads one record
 * at a time, so a caller can pause between them on a 10,000-car site.
 */
export function* listedImageUrls(site: SiteData): Generator<string> {
  const { tenant, builtAt: _builtAt, ...feeds } = site;
  // Tenant settings that name hosts or resizers, not pictures (`media_hosts.image` lists origins).
  const { media_hosts: _hosts, feeds: _feeds, images: _images, ...content } = tenant;
  yield* picturesIn(content, 'tenant');
  for (const [name, records] of Object.entries(feeds))
    for (const record of Array.isArray(records) ? records : [records])
      yield* picturesIn(record, name);
}
