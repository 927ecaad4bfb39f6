import {
  mkdir,
  readdir,
  readFile,
  rename,
  stat,
  unlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';

/** A file's use is written to its mtime at most this often (a restart orders files by it). */
const TOUCH_EVERY_MS = 60_000;
/** A half-written file older than this was left by a process that died. */
const ABANDONED_MS = 60 * 60_000;

export interface CacheEntry<Meta> {
  meta: Meta;
  body: Buffer;
}

let partials = 0;

/**
 * Files in one folder, at most `maxBytes` together: writing past the cap removes the least
 * recently used. Each file is a JSON line (what the caller needs to know about the body) and the
 * body. The order of use is kept in memory and in the files' mtimes, which a new process reads
 * back. Another process writing to the same folder is only seen after a restart.
 */
export class DiskCache {
  /** File name -> size and when its mtime was last set; oldest use first. */
  private index = new Map<string, { size: number; touched: number }>();
  private total = 0;
  private readonly scanned: Promise<void>;

  constructor(
    readonly dir: string,
    public maxBytes: number,
  ) {
    this.scanned = this.scan();
  }

  async read<Meta>(name: string): Promise<CacheEntry<Meta> | undefined> {
    const file = path.join(this.dir, name);
    const bytes = await readFile(file).catch(() => undefined);
    const newline = bytes?.indexOf(0x0a) ?? -1;
    if (!bytes || newline < 0) return undefined;
    let meta: Meta;
    try {
      meta = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Meta;
    } catch {
      return undefined;
    }
    this.used(name, bytes.length, file);
    return { meta, body: bytes.subarray(newline + 1) };
  }

  /** Stores `body` with `meta` under `name` (whole or not at all), then trims the folder to the cap. */
  async write(name: string, meta: object, body: Uint8Array): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, name);
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${file}.${process.pid}.${(partials += 1)}.partial`;
    const header = Buffer.from(`${JSON.stringify(meta)}\n`);
    await writeFile(partial, [header, body]);
    await rename(partial, file);
    await this.scanned;
    this.forget(name);
    this.index.set(name, { size: header.length + body.byteLength, touched: Date.now() });
    this.total += header.length + body.byteLength;
    await this.evict(name);
  }

  /** Bytes the cache holds by its own count. */
  get size(): number {
    return this.total;
  }

  private used(name: string, size: number, file: string): void {
    const known = this.index.get(name);
    const now = Date.now();
    this.forget(name);
    this.index.set(name, {
      size,
      touched: known && now - known.touched < TOUCH_EVERY_MS ? known.touched : now,
    });
    this.total += size;
    if (!known || now - known.touched >= TOUCH_EVERY_MS)
      void utimes(file, now / 1000, now / 1000).catch(() => {});
  }

  private forget(name: string): void {
    const known = this.index.get(name);
    if (known) this.total -= known.size;
    this.index.delete(name);
  }

  private async evict(keep: string): Promise<void> {
    for (const [name, { size }] of this.index) {
      if (this.total <= this.maxBytes) return;
      if (name === keep) continue;
      this.index.delete(name);
      this.total -= size;
      await unlink(path.join(this.dir, name)).catch(() => {});
    }
  }

  /** What the folder already holds, oldest use first, ahead of anything used since the process started. */
  private async scan(): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const found: { name: string; size: number; used: number }[] = [];
    const now = Date.now();
    await Promise.all(
      names.map(async (name) => {
        const info = await stat(path.join(this.dir, name)).catch(() => undefined);
        if (!info?.isFile()) return;
        if (name.endsWith('.partial')) {
          if (now - info.mtimeMs > ABANDONED_MS)
            await unlink(path.join(this.dir, name)).catch(() => {});
          return;
        }
        found.push({ name, size: info.size, used: info.mtimeMs });
      }),
    );
    found.sort((a, b) => a.used - b.used);
    const index = new Map(found.map(({ name, size, used }) => [name, { size, touched: used }]));
    for (const [name, entry] of this.index) {
      index.delete(name);
      index.set(name, entry);
    }
    this.index = index;
    this.total = [...index.values()].reduce((sum, { size }) => sum + size, 0);
  }
}

const caches = new Map<string, DiskCache>();

/** The process's cache for a folder, with the cap given now. */
export function diskCache(dir: string, maxBytes: number): DiskCache {
  let cache = caches.get(dir);
  if (!cache) caches.set(dir, (cache = new DiskCache(dir, maxBytes)));
  cache.maxBytes = maxBytes;
  return cache;
}
