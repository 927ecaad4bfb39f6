/**
 * npm run bench:images [-- --hostile]
 *
 * The embedded resizer (GET /api/image) on a 1600x1067 JPEG with photographic detail: the first
 * (uncached) transform per output format at 960 and 1600 px (median of three), and latency p50 / p95 over 200
 * requests for a size already on disk. Targets: first transform under 150 ms, cached p95 under 50 ms.
 *
 * Then hostile load, over HTTP on loopback with the rate limits on and the photos on a loopback
 * image host the site's feed lists: 200 spellings of one photo URL (transforms, disk), distinct
 * variants as fast as one client can ask for 10 s, and 20 concurrent first transforms while
 * /api/health is polled (its p50 / p99, answers by status, peak RSS). Targets: one transform per
 * variant whatever the spelling; health p99 under 100 ms.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import sharp from 'sharp';
import { createApi } from '../../api/app';
import type { SiteData } from '../../src/site/types';
import { sameUrlSpellings } from '../measure/url-spellings';

/** `--hostile`: only the hostile-load part. */
const HOSTILE_ONLY = process.argv.includes('--hostile');
const WIDTH = 1600;
const HEIGHT = 1067;
const CACHED_REQUESTS = 200;
const ACCEPTS = {
  jpeg: 'image/jpeg',
  webp: 'image/webp,*/*',
  avif: 'image/avif,image/webp,*/*',
} as const;

/** Smooth shapes under fine gaussian grain, so the encoder works as hard as on a real photo. */
async function photographicJpeg(): Promise<Buffer> {
  const shapes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#e8d9b5"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#sky)"/>
      <ellipse cx="800" cy="760" rx="620" ry="170" fill="#b22222"/><rect x="330" y="520" width="940" height="240" rx="90" fill="#c0392b"/>
      <circle cx="470" cy="850" r="110" fill="#222"/><circle cx="1130" cy="850" r="110" fill="#222"/>
      <rect x="0" y="930" width="100%" height="137" fill="#555"/></svg>`,
  );
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  return sharp(shapes)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function cacheBytes(dir: string): Promise<{ files: number; bytes: number }> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const sizes = await Promise.all(
    names.map((name) => stat(path.join(dir, name)).then((info) => (info.isFile() ? info.size : 0))),
  );
  return { files: names.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

/** Spellings, distinct variants and a burst of first transforms against a real server (see the header). */
async function hostileLoad(work: string, original: Buffer): Promise<void> {
  let originalReads = 0;
  const imageHost = createServer((request, response) => {
    // Decoded as a web server does, so every spelling finds the photo.
    if (!/^\/photos\/car(-\d+)?\.jpg\?size=large$/.test(decodeURIComponent(request.url ?? '')))
      return response.writeHead(404).end();
    originalReads += 1;
    response.writeHead(200, { 'content-type': 'image/jpeg', etag: '"v1"' }).end(original);
  });
  await new Promise<void>((resolve) => imageHost.listen(0, '127.0.0.1', resolve));
  const hostOrigin = `http://127.0.0.1:${(imageHost.address() as AddressInfo).port}`;
  const photo = (n?: number) =>
    `${hostOrigin}/photos/car${n === undefined ? '' : `-${n}`}.jpg?size=large`;
  const cacheDir = path.join(work, 'hostile-cache');
  process.env.IMAGE_CACHE_DIR = cacheDir;
  const site = {
    tenant: {
      slug: 'bench',
      url: 'https://bench.example.com',
      feeds: { cars: `${hostOrigin}/cars.json` },
      media_hosts: { image: [], video: [] },
    },
    builtAt: new Date().toISOString(),
    cars: [
      {
        id: 1,
        slug: 'car-1',
        images: [photo(), ...Array.from({ length: 20 }, (_, n) => photo(n + 1))].map((url) => ({
          image: { url },
        })),
      },
    ],
  } as unknown as SiteData;
  // One proxy in front: X-Forwarded-For names the client, so the burst below comes from a fresh address.
  const api = createApi({ siteFor: () => site, trustProxy: 1 }, () => 'bench');
  const server = serve({ fetch: api.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  const get = async (
    url: string,
    width = 960,
    quality = 75,
    accept: string = ACCEPTS.avif,
    client = '198.51.100.1',
  ) => {
    const response = await fetch(
      `${base}/image?${new URLSearchParams({ url, w: String(width), q: String(quality) })}`,
      {
        headers: { accept, 'x-forwarded-for': client },
      },
    );
    await response.arrayBuffer();
    return response;
  };
  try {
    console.log(
      `\nHostile load (HTTP on loopback, rate limits on; photos on ${hostOrigin}, listed by the feed):`,
    );
    const spellings = sameUrlSpellings((imageHost.address() as AddressInfo).port, 200);
    let started = performance.now();
    const statuses = new Map<number, number>();
    for (const spelling of spellings) {
      const { status } = await get(spelling);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    let seconds = (performance.now() - started) / 1000;
    let disk = await cacheBytes(cacheDir);
    console.log(
      `  ${spellings.length} spellings of one photo (960 px AVIF): ${originalReads} transforms in ${seconds.toFixed(1)} s (${(originalReads / seconds).toFixed(1)}/s), ` +
        `${disk.files} cache files, ${(disk.bytes / 1024).toFixed(0)} KB on disk; answers ${[...statuses].map(([status, n]) => `${status} x${n}`).join(', ')}`,
    );

    // Every (width, quality, format) of one listed photo, as fast as one client asks, for 10 s or until refused.
    const readsBefore = originalReads;
    const diskBefore = disk.bytes;
    statuses.clear();
    started = performance.now();
    let refusedAfter: string | undefined;
    const variants = Object.values(ACCEPTS).flatMap((accept) =>
      [70, 80, 90, 60, 50, 40].flatMap((quality) =>
        [120, 160, 240, 320, 480, 640, 960].map((width) => ({ quality, width, accept })),
      ),
    );
    for (const { quality, width, accept } of variants) {
      if (performance.now() - started > 10_000) break;
      const response = await get(photo(), width, quality, accept);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 429) {
        refusedAfter = `429 after ${((performance.now() - started) / 1000).toFixed(1)} s, Retry-After ${response.headers.get('retry-after')} s`;
        break;
      }
    }
    seconds = (performance.now() - started) / 1000;
    disk = await cacheBytes(cacheDir);
    const transforms = originalReads - readsBefore;
    console.log(
      `  distinct variants for ${seconds.toFixed(1)} s: ${transforms} transforms (${(transforms / seconds).toFixed(1)}/s), ` +
        `${((disk.bytes - diskBefore) / 1024).toFixed(0)} KB to disk; answers ${[...statuses].map(([status, n]) => `${status} x${n}`).join(', ')}` +
        `${refusedAfter ? ` (${refusedAfter})` : ''}`,
    );

    // 20 first transforms at once (20 different photos) while /api/health is asked in turn.
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
    statuses.clear();
    const retryAfter = new Set<string>();
    let burstDone = false;
    const burstStarted = performance.now();
    const burst = Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const response = await get(photo(n + 1), 1600, 75, ACCEPTS.avif, '198.51.100.2');
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.headers.get('retry-after'))
          retryAfter.add(response.headers.get('retry-after')!);
      }),
    ).finally(() => (burstDone = true));
    const health: number[] = [];
    while (!burstDone || performance.now() - burstStarted < 2000) {
      const asked = performance.now();
      await (await fetch(`${base}/health`)).arrayBuffer();
      health.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await burst;
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    clearInterval(sampler);
    health.sort((a, b) => a - b);
    const p99 = percentile(health, 99);
    console.log(
      `  20 concurrent first transforms (1600 px AVIF): done in ${burstSeconds.toFixed(1)} s, answers ${[...statuses].map(([status, n]) => `${status} x${n}`).join(', ')}` +
        `${retryAfter.size ? ` (Retry-After ${[...retryAfter].join('/')})` : ''}`,
    );
    console.log(
      `  /api/health meanwhile, ${health.length} requests: p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${health.at(-1)!.toFixed(1)} ms  ${p99 < 100 ? 'ok' : 'OVER 100 ms'}`,
    );
    console.log(
      `  RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB before, ${(rssPeak / 2 ** 20).toFixed(0)} MB at peak`,
    );
  } finally {
    server.close();
    imageHost.close();
  }
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-images-'));
try {
  await mkdir(path.join(work, 'public', 'media'), { recursive: true });
  const original = await photographicJpeg();
  await writeFile(path.join(work, 'public', 'media', 'car.jpg'), original);
  process.env.IMAGE_SITE_ROOT = work;
  process.env.IMAGE_CACHE_DIR = path.join(work, 'cache');
  console.log(
    `Load average (1 min): ${loadavg()[0]!.toFixed(1)} on this machine; CPUs: ${availableParallelism()}`,
  );
  if (!HOSTILE_ONLY) {
    const site = {
      tenant: {
        slug: 'bench',
        url: 'https://bench.example.com',
        feeds: {},
        media_hosts: { image: [], video: [] },
      },
    } as unknown as SiteData;
    const api = createApi({ siteFor: () => site, rateLimits: false }, () => 'bench');

    const request = async (width: number, accept: string, quality = 75) => {
      const started = performance.now();
      const response = await api.fetch(
        new Request(`http://x/api/image?url=/media/car.jpg&w=${width}&q=${quality}`, {
          headers: { accept },
        }),
      );
      const bytes = (await response.arrayBuffer()).byteLength;
      if (response.status !== 200) throw new Error(`GET /api/image answered ${response.status}`);
      return {
        ms: performance.now() - started,
        bytes,
        cache: response.headers.get('x-image-cache'),
      };
    };

    // Load sharp's codecs once, so the first measured transform is not also the process's first.
    await sharp(original).resize({ width: 16 }).avif().toBuffer();

    console.log(
      `Original: ${WIDTH}x${HEIGHT} JPEG, ${(original.byteLength / 1024).toFixed(0)} KB (site path, read from disk)\n`,
    );
    const firstRequest = await request(160, ACCEPTS.jpeg, 50);
    console.log(
      `The process's first request (160 px JPEG, one-time setup included): ${firstRequest.ms.toFixed(0)} ms\n`,
    );
    // Each cell is the median of three cold transforms (qualities 70, 75, 80 are three cache entries).
    console.log('First transform (cache cold), median of 3:');
    for (const width of [960, 1600])
      for (const [format, accept] of Object.entries(ACCEPTS)) {
        const runs = [];
        for (const quality of [70, 75, 80]) runs.push(await request(width, accept, quality));
        const { ms, bytes, cache } = runs.sort((a, b) => a.ms - b.ms)[1]!;
        const verdict = ms < 150 ? 'ok' : 'OVER 150 ms';
        console.log(
          `  ${String(width).padStart(4)} px ${format.padEnd(4)}  ${ms.toFixed(0).padStart(4)} ms  ${(bytes / 1024).toFixed(0).padStart(4)} KB  (${cache})  ${verdict}`,
        );
      }

    const times: number[] = [];
    for (let i = 0; i < CACHED_REQUESTS; i += 1) times.push((await request(960, ACCEPTS.avif)).ms);
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    console.log(
      `\nCached 960 px AVIF, ${CACHED_REQUESTS} requests: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms  ${p95 < 50 ? 'ok' : 'OVER 50 ms'}`,
    );
  }

  await hostileLoad(work, original);
} finally {
  await rm(work, { recursive: true, force: true });
}
