import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../api/app';
import type { SiteData } from '../../src/site/types';

const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
let feed: Server;
let feedOrigin: string;
let work: string;
let api: ReturnType<typeof createApi>;
let photo: Buffer;
let originalReads = 0;

async function photoJpeg(width: number, height: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919 + (i >> 5) * 31) % 256;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  photo = await photoJpeg(1200, 800);
  feed = createServer((request, response) => {
    const route = request.url ?? '';
    if (route === '/photos/car.jpg?v=1') originalReads += 1;
    if (route === '/photos/car.jpg?v=1') return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    if (route === '/page.html') return response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>hello</h1>');
    if (route === '/fake.jpg') return response.writeHead(200, { 'content-type': 'image/jpeg' }).end('not really a jpeg');
    if (route === '/huge.jpg') {
      // No Content-Length: the limit has to be counted while reading.
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < 16; i += 1) response.write(chunk);
      return response.end();
    }
    if (route === '/slow.jpg') return setTimeout(() => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo), 2000);
    if (route === '/elsewhere.jpg') return response.writeHead(302, { location: 'http://localhost:9/secret.jpg' }).end();
    response.writeHead(404).end();
  });
  feedOrigin = await listen(feed);
  work = await mkdtemp(path.join(tmpdir(), 'image-route-'));
  await mkdir(path.join(work, 'public', 'media'), { recursive: true });
  await writeFile(path.join(work, 'public', 'media', 'car one.jpg'), photo);
  await writeFile(path.join(work, 'secret.jpg'), photo);
  // The demo photos are WebP; the placeholder is SVG.
  await writeFile(path.join(work, 'public', 'media', 'demo.webp'), await sharp(photo).webp().toBuffer());
  await writeFile(path.join(work, 'public', 'media', 'not-found.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"/>');
  process.env.IMAGE_SITE_ROOT = work;
  process.env.IMAGE_CACHE_DIR = path.join(work, 'cache');
  process.env.IMAGE_FETCH_TIMEOUT_MS = '8000';
  const site = {
    tenant: {
      slug: 'demo',
      url: 'https://demo.example.com.au',
      feeds: { cars: `${feedOrigin}/cars.json`, locations: 'data/locations.json' },
      media_hosts: { image: [], video: [] },
    },
    cars: [],
  } as unknown as SiteData;
  api = createApi({ siteFor: (slug) => (slug === 'demo' ? site : undefined), rateLimits: false }, () => 'demo');
});

afterAll(async () => {
  feed.close();
  delete process.env.IMAGE_SITE_ROOT;
  delete process.env.IMAGE_CACHE_DIR;
  delete process.env.IMAGE_FETCH_TIMEOUT_MS;
  await rm(work, { recursive: true, force: true });
});

async function get(original: string, width: number | string, accept = BROWSER_ACCEPT, quality?: number) {
  const params = new URLSearchParams({ url: original, w: String(width), ...(quality ? { q: String(quality) } : {}) });
  return api.fetch(new Request(`http://x/api/image?${params}`, { headers: { accept } }));
}

describe('GET /api/image', () => {
  it('resizes a photo from a feed host, re-encoded for the browser, cacheable for a year', async () => {
    const response = await get(`${feedOrigin}/photos/car.jpg?v=1`, 320);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/avif');
    expect(response.headers.get('vary')).toMatch(/\bAccept\b/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['heif', 320, 213]);
  });

  it('picks AVIF, WebP or JPEG by Accept', async () => {
    const cases = [
      ['image/avif,image/webp,*/*', 'image/avif', 'heif'],
      ['image/webp,*/*;q=0.8', 'image/webp', 'webp'],
      ['image/avif;q=0,image/webp', 'image/webp', 'webp'],
      ['*/*', 'image/jpeg', 'jpeg'],
      ['', 'image/jpeg', 'jpeg'],
    ] as const;
    for (const [accept, type, format] of cases) {
      const response = await get('/media/car%20one.jpg', 480, accept);
      expect(response.headers.get('content-type'), accept).toBe(type);
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format).toBe(format);
    }
  });

  it('serves the second request for a size from the disk cache without reading the original again', async () => {
    const original = `${feedOrigin}/photos/car.jpg?v=1`;
    const cold = await get(original, 640, 'image/webp', 60);
    expect(cold.headers.get('x-image-cache')).toBe('miss');
    const coldBody = Buffer.from(await cold.arrayBuffer());
    const cached = (await readdir(process.env.IMAGE_CACHE_DIR!)).filter((name) => name.endsWith('.webp'));
    expect(cached.length).toBeGreaterThan(0);
    const readsBefore = originalReads;
    const warm = await get(original, 640, 'image/webp', 60);
    expect(originalReads).toBe(readsBefore);
    expect(warm.headers.get('x-image-cache')).toBe('hit');
    expect(Buffer.from(await warm.arrayBuffer()).equals(coldBody)).toBe(true);
  });

  it('reads site paths from the site files, and not outside them', async () => {
    const inside = await get('/media/car%20one.jpg', 160, 'image/jpeg');
    expect(inside.status).toBe(200);
    expect((await sharp(Buffer.from(await inside.arrayBuffer())).metadata()).width).toBe(160);
    const webp = await get('/media/demo.webp', 320, 'image/jpeg');
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).format).toBe('jpeg');
    expect((await get('/media/not-found.svg', 320)).status).toBe(415);
    expect((await get('/media/..%2f..%2fsecret.jpg', 160)).status).toBe(403);
    expect((await get('/media/nothing.jpg', 160)).status).toBe(404);
  });

  it('refuses hosts that are not the tenant’s (no open proxy), also through a redirect', async () => {
    expect((await get('https://evil.example.net/car.jpg', 320)).status).toBe(403);
    expect((await get('http://localhost:9/secret.jpg', 320)).status).toBe(403);
    expect((await get(`${feedOrigin}/elsewhere.jpg`, 320)).status).toBe(403);
    expect((await get('javascript:alert(1)', 320)).status).toBe(400);
  });

  it('refuses widths off the ladder and odd qualities', async () => {
    const response = await get('/media/car%20one.jpg', 500);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields.w).toBe(
      'w must be one of 120, 160, 240, 320, 480, 640, 960, 1200, 1280, 1600, 1920.',
    );
    expect((await get('/media/car%20one.jpg', 'abc')).status).toBe(400);
    expect((await get('/media/car%20one.jpg', 320, BROWSER_ACCEPT, 77)).status).toBe(400);
  });

  it('answers a bad original with a 4xx that says what is wrong, never a 500', async () => {
    expect((await get(`${feedOrigin}/page.html`, 320)).status).toBe(415);
    expect((await get(`${feedOrigin}/fake.jpg`, 320)).status).toBe(415);
    expect((await get(`${feedOrigin}/huge.jpg`, 320)).status).toBe(413);
    expect((await get(`${feedOrigin}/missing.jpg`, 320)).status).toBe(404);
    // The feed host answers after 2 s; the time limit is lowered for this request only.
    process.env.IMAGE_FETCH_TIMEOUT_MS = '500';
    const slow = await get(`${feedOrigin}/slow.jpg`, 320).finally(() => (process.env.IMAGE_FETCH_TIMEOUT_MS = '8000'));
    expect(slow.status).toBe(422);
    expect(((await slow.json()) as { error: string }).error).toMatch(/did not arrive within 0.5 s/);
  });
});
