import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTime } from '../../platform/build/build-all';
import { heapLimitMiB } from '../../platform/build/build-tenant';
import {
  buildConcurrency,
  maxRenderThreads,
  pageFile,
  renderedFile,
  renderConcurrency,
  waitForSiteData,
} from '../../src/build/render-threads';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'render-threads-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('render threads (src/build/render-threads.ts)', () => {
  const config = { outDir: pathToFileURL('/out/site/'), build: { format: 'directory' as const } };

  it('writes a page where Astro would: <outDir>/<path>/index.html', () => {
    expect(
      pageFile(config, 'https://dealer.example/cars/2024-toyota-rav4-gxl-1/', {
        type: 'page',
        route: '/cars/[slug]',
      }),
    ).toBe('/out/site/cars/2024-toyota-rav4-gxl-1/index.html');
    expect(
      pageFile(config, 'https://dealer.example/search/used-cars', {
        type: 'page',
        route: '/search/[...route]',
      }),
    ).toBe('/out/site/search/used-cars/index.html');
    expect(pageFile(config, 'https://dealer.example/', { type: 'page', route: '/' })).toBe(
      '/out/site/index.html',
    );
    expect(
      pageFile(config, 'https://dealer.example/cars/caf%C3%A9-car/', {
        type: 'page',
        route: '/cars/[slug]',
      }),
    ).toBe('/out/site/cars/café-car/index.html');
  });

  it('leaves endpoints, status pages and other output formats to Astro', () => {
    expect(
      pageFile(config, 'https://dealer.example/sitemap-index.json', {
        type: 'endpoint',
        route: '/sitemap-index.json',
      }),
    ).toBeUndefined();
    expect(
      pageFile(config, 'https://dealer.example/404', { type: 'page', route: '/404' }),
    ).toBeUndefined();
    expect(
      pageFile({ ...config, build: { format: 'file' } }, 'https://dealer.example/about/', {
        type: 'page',
        route: '/about',
      }),
    ).toBeUndefined();
  });

  it('names every file a route writes, endpoints and status pages too (what a partial render removes when a route no longer writes it)', () => {
    const out = pathToFileURL('/out/site/');
    expect(
      renderedFile(out, 'https://dealer.example/cars/2024-toyota-rav4-gxl-1/', {
        type: 'page',
        route: '/cars/[slug]',
      }),
    ).toBe('/out/site/cars/2024-toyota-rav4-gxl-1/index.html');
    expect(
      renderedFile(out, 'https://dealer.example/search-index.json', {
        type: 'endpoint',
        route: '/search-index.json',
      }),
    ).toBe('/out/site/search-index.json');
    expect(renderedFile(out, 'https://dealer.example/404/', { type: 'page', route: '/404' })).toBe(
      '/out/site/404.html',
    );
    expect(
      renderedFile(out, 'https://dealer.example/old/', { type: 'redirect', route: '/old' }),
    ).toBeUndefined();
  });

  it('keeps every thread busy with enough pages in flight, for the most threads the build script may choose', () => {
    expect(renderConcurrency(1)).toBe(2);
    expect(renderConcurrency(2)).toBe(7);
    expect(renderConcurrency(3)).toBe(11);
    expect(maxRenderThreads({}, 2)).toBe(2);
    expect(maxRenderThreads({}, 8)).toBe(2);
    expect(maxRenderThreads({}, 1)).toBe(1);
    expect(maxRenderThreads({ BUILD_THREADS: 3 }, 2)).toBe(3);
    expect(buildConcurrency({})).toBe(2);
    expect(buildConcurrency({ BUILD_THREADS: 2 })).toBe(7);
    expect(buildConcurrency({ SITE_DATA_READY: '/cache/site.ready.json', BUILD_THREADS: 3 })).toBe(
      11,
    );
  });

  it('waits for the ready file, and stops waiting when the build script has gone', async () => {
    const ready = path.join(work, 'site.ready.json');
    const waiting = waitForSiteData(ready, process.ppid);
    setTimeout(() => writeFileSync(ready, JSON.stringify({ threads: 2 })), 50);
    await expect(waiting).resolves.toEqual({ threads: 2 });
    // A build script that is not this process's parent (any more): an orphan gives up at once.
    await expect(
      waitForSiteData(path.join(work, 'never.json'), process.ppid + 1_000_000),
    ).rejects.toThrow('render threads: the build script stopped before the site data was ready');
  });

  it('sizes the heap limit from the feeds: 512 MiB at least, more for a big stock', () => {
    expect(heapLimitMiB(2 * 2 ** 20)).toBe(512);
    expect(heapLimitMiB(45 * 2 ** 20)).toBe(616);
    expect(heapLimitMiB(450 * 2 ** 20)).toBe(3856);
  });
});

describe('SOURCE_DATE_EPOCH (platform/build/build-all.ts)', () => {
  it('fixes the build time, or takes the clock when unset', () => {
    expect(buildTime({ SOURCE_DATE_EPOCH: '1795500000' }).toISOString()).toBe(
      '2026-11-24T06:00:00.000Z',
    );
    expect(buildTime({}, () => new Date('2026-01-02T03:04:05Z')).toISOString()).toBe(
      '2026-01-02T03:04:05.000Z',
    );
    expect(() => buildTime({ SOURCE_DATE_EPOCH: 'yesterday' })).toThrow(
      'SOURCE_DATE_EPOCH=yesterday: expected whole seconds since 1970-01-01 UTC',
    );
  });
});

/** Every file under `dir`, relative path to bytes. */
function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(dir, file), readFileSync(file));
    }
  }
  return files;
}

function build(threads: number, dist: string) {
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['scripts/build.ts', 'fixture-dealer'],
    {
      cwd: root,
      env: {
        ...process.env,
        TENANTS_DIR: path.resolve(root, 'tests/fixtures/tenants/valid'),
        FEED_ROOTS: 'tests/fixtures/feeds',
        DIST_DIR: dist,
        BUILD_CACHE_DIR: path.join(work, 'cache'),
        BUILD_THREADS: String(threads),
        BUILD_TIMINGS: '1',
        SOURCE_DATE_EPOCH: '1795500000',
      },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

describe('a build on two threads', () => {
  it('writes the same bytes as a build on one, with pages rendered on the second thread', () => {
    const one = path.join(work, 'one');
    const two = path.join(work, 'two');
    build(1, one);
    const log = build(2, two);
    const [main, thread] = (/render threads: (\d+) \+ (\d+) pages/.exec(log) ?? [])
      .slice(1)
      .map(Number);
    expect(thread).toBeGreaterThan(10);
    expect(main).toBeGreaterThan(0);
    const expected = readTree(path.join(one, 'fixture-dealer'));
    const actual = readTree(path.join(two, 'fixture-dealer'));
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    const different = [...expected]
      .filter(([file, bytes]) => !actual.get(file)!.equals(bytes))
      .map(([file]) => file);
    expect(different).toEqual([]);
  }, 180_000);
});
