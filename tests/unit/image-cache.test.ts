import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskCache } from '../../api/images/disk-cache';

let dir: string;
const body = (fill: number) => Buffer.alloc(300, fill);
const files = async () => (await readdir(dir)).sort();

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'image-cache-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the resized-image disk cache', () => {
  it('keeps what was written with its meta, and removes the least recently used file once over its size cap', async () => {
    // Three entries of about 320 bytes fit under 1,000; a fourth does not.
    const cache = new DiskCache(dir, 1000);
    await cache.write('a', { n: 1 }, body(1));
    await cache.write('b', { n: 2 }, body(2));
    await cache.write('c', { n: 3 }, body(3));
    const a = await cache.read<{ n: number }>('a');
    expect(a?.meta).toEqual({ n: 1 });
    expect(a?.body.equals(body(1))).toBe(true);
    await cache.write('d', { n: 4 }, body(4));
    expect(await files()).toEqual(['a', 'c', 'd']);
    expect(await cache.read('b')).toBeUndefined();
    expect(cache.size).toBeLessThanOrEqual(1000);
  });

  it('after a restart, orders what the folder holds by last use (mtime) and evicts the oldest first', async () => {
    const minutesAgo = (minutes: number) => (Date.now() - minutes * 60_000) / 1000;
    for (const [name, age] of [
      ['old', 30],
      ['older', 60],
      ['newest', 1],
    ] as const) {
      await writeFile(path.join(dir, name), Buffer.concat([Buffer.from('{}\n'), body(0)]));
      await utimes(path.join(dir, name), minutesAgo(age), minutesAgo(age));
    }
    // A half-written file from a process that died an hour ago is cleared away.
    await writeFile(path.join(dir, 'x.123.1.partial'), 'half');
    await utimes(path.join(dir, 'x.123.1.partial'), minutesAgo(90), minutesAgo(90));
    const cache = new DiskCache(dir, 1000);
    // Read now: 'older' becomes the most recently used, 'old' the least.
    expect(await cache.read('older')).toBeDefined();
    await cache.write('new', {}, body(9));
    expect(await files()).toEqual(['new', 'newest', 'older']);
  });
});
