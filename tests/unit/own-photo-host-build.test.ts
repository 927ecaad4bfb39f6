import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawingToPhoto } from '../../scripts/sample-data/photo';
import type { SiteData } from '../../src/site/types';
import { isolateBuild } from '../support/isolated-build';

/**
 * A dealer whose cars feed is a local file and whose photos (1600x1067 JPEGs from a dealer's
 * camera, as the demo photos are made) sit on its own image host, here one on loopback. No
 * image setting: the default resizer must still serve the photos right-sized.
 */
const root = path.resolve(import.meta.dirname, '../..');
const work = isolateBuild('own-photos-');
process.env.SOURCE_DATE_EPOCH = '1782000000';
process.env.IMAGE_SITE_ROOT = work;
process.env.IMAGE_CACHE_DIR = path.join(work, 'image-cache');
const { buildSites } = await import('../../platform/build/build-all');
const { createSiteApp } = await import('../../platform/serve/local-server');
const { siteDir, snapshotFile } = await import('../../platform/paths');

const slug = 'own-photos';
const PHOTOS = 8;
let imageHost: Server;
let hostOrigin: string;
const photos = new Map<string, Buffer>();
const log: string[] = [];
let car: { slug: string };

/** A car drawn in a few shapes, each photo in its own colour. */
function drawing(hue: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067">
      <rect width="100%" height="100%" fill="#9cc3e6"/><rect y="860" width="100%" height="207" fill="#6b6b6b"/>
      <rect x="330" y="520" width="940" height="250" rx="90" fill="hsl(${hue},65%,42%)"/><rect x="520" y="400" width="520" height="180" rx="60" fill="hsl(${hue},55%,35%)"/>
      <circle cx="480" cy="800" r="105" fill="#1d1d1d"/><circle cx="1120" cy="800" r="105" fill="#1d1d1d"/></svg>`,
  );
}

beforeAll(async () => {
  for (let n = 0; n < PHOTOS; n += 1)
    photos.set(`/stock/1/photo-${n}.jpg`, await drawingToPhoto(drawing(n * 40), `own-photos-${n}`));
  imageHost = createServer((request, response) => {
    const photo = photos.get(request.url ?? '');
    if (!photo) return response.writeHead(404).end();
    response
      .writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length })
      .end(photo);
  });
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(imageHost.address() as AddressInfo).port}`;

  const [first] = JSON.parse(
    readFileSync(path.join(root, 'tests/fixtures/feeds/mini/cars.json'), 'utf8'),
  ) as { slug: string }[];
  car = first!;
  const urls = [...photos.keys()].map((pathname) => `${hostOrigin}${pathname}`);
  const feed = path.join(work, 'feeds', 'cars.json');
  mkdirSync(path.dirname(feed), { recursive: true });
  mkdirSync(path.join(work, 'tenants'), { recursive: true });
  writeFileSync(
    feed,
    JSON.stringify([
      { ...car, primary_image_url: urls[0], images: urls.map((url) => ({ image: { url } })) },
    ]),
  );
  writeFileSync(
    path.join(work, 'tenants', `${slug}.yaml`),
    readFileSync(path.join(root, 'tests/fixtures/tenants/valid/fixture-dealer.yaml'), 'utf8')
      .replace('slug: fixture-dealer', `slug: ${slug}`)
      .replace('cars: tests/fixtures/feeds/mini/cars.json', `cars: ${feed}`),
  );
  await buildSites({ slugs: [slug], log: (line) => log.push(line) });
}, 240_000);

afterAll(() => {
  imageHost?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The vehicle page as built, parsed but never run. */
function vehiclePage() {
  const window = new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableCSSFileLoading: true,
      disableJavaScriptFileLoading: true,
    },
  });
  window.document.write(
    readFileSync(path.join(siteDir(slug), 'cars', car.slug, 'index.html'), 'utf8'),
  );
  return window.document;
}

/** The srcset candidate a browser picks for `cssWidth` px at `dpr`: the narrowest at least that many pixels wide. */
function pick(srcset: string, pixels: number): string {
  const candidates = srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/))
    .map(([url, width]) => ({ url: url!, width: Number(width!.replace('w', '')) }))
    .sort((a, b) => a.width - b.width);
  return (candidates.find((candidate) => candidate.width >= pixels) ?? candidates.at(-1)!).url;
}

describe("a dealer's own photo host, with no image setting", () => {
  it('builds the vehicle page with every photo through the resizer, and reports nothing served unresized', () => {
    const images = [...vehiclePage().querySelectorAll('img')].filter((img) =>
      /photo-\d\.jpg/.test(img.getAttribute('src') ?? ''),
    );
    expect(images.length).toBeGreaterThanOrEqual(PHOTOS);
    for (const img of images) {
      expect(img.getAttribute('src')).toMatch(
        /^\/api\/image\?url=http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fstock%2F1%2Fphoto-\d\.jpg&w=\d+&q=75$/,
      );
      expect(img.getAttribute('srcset')).toMatch(/ \d+w$/);
      expect(img.getAttribute('srcset')).not.toContain(hostOrigin);
    }
    expect(log.join('\n')).not.toMatch(/served unresized/);
  });

  it('serves what a phone shows before scrolling in at most 120 KB, where the originals weigh several times that', async () => {
    const site = JSON.parse(readFileSync(snapshotFile(slug), 'utf8')) as SiteData;
    const server = serve({
      fetch: createSiteApp(slug, site).fetch,
      port: 0,
      hostname: '127.0.0.1',
    });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // A phone (412 px wide at DPR 1.75, Lighthouse's): the main photo at 100vw and the thumbnails at 96 px.
      const first = [...vehiclePage().querySelectorAll('img')].filter(
        (img) =>
          /photo-\d\.jpg/.test(img.getAttribute('src') ?? '') &&
          (img.getAttribute('loading') !== 'lazy' || img.getAttribute('sizes') === '96px'),
      );
      expect(first.some((img) => img.getAttribute('fetchpriority') === 'high')).toBe(true);
      let bytes = 0;
      let originals = 0;
      for (const img of first.slice(0, 5)) {
        const pixels = img.getAttribute('sizes') === '96px' ? 96 * 1.75 : 412 * 1.75;
        const url = pick(img.getAttribute('srcset')!, pixels);
        const response = await fetch(`${base}${url}`, {
          headers: { accept: 'image/avif,image/webp,*/*' },
        });
        expect(response.status, url).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/avif');
        bytes += (await response.arrayBuffer()).byteLength;
        originals += photos.get(
          new URL(new URLSearchParams(url.split('?')[1]).get('url')!).pathname,
        )!.length;
      }
      console.log(
        `vehicle page, phone, before scrolling: ${(bytes / 1024).toFixed(0)} KB resized (originals ${(originals / 1024).toFixed(0)} KB)`,
      );
      expect(bytes).toBeLessThanOrEqual(120 * 1024);
      expect(originals).toBeGreaterThan(3 * bytes);
    } finally {
      server.close();
    }
  });
});
