import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { putPublicFiles } from '../../platform/build/public-files';

const root = path.resolve(import.meta.dirname, '../..');
// Beside the project (the same filesystem as dist/), and on /dev/shm (another one) where there is.
mkdirSync(path.join(root, '.build'), { recursive: true });
const work = mkdtempSync(path.join(root, '.build', 'public-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function makePublic(): string {
  const dir = path.join(work, 'public');
  mkdirSync(path.join(dir, 'media', 'cars'), { recursive: true });
  writeFileSync(path.join(dir, 'media', 'cars', 'a.svg'), '<svg/>');
  writeFileSync(path.join(dir, 'robots-extra.txt'), 'hello');
  mkdirSync(path.join(dir, 'empty'), { recursive: true });
  return dir;
}

describe('public files into a site (platform/build/public-files.ts)', () => {
  const publicDir = makePublic();

  it('links the media files and copies the rest, keeping folders, on the same filesystem', () => {
    const out = path.join(work, 'site');
    expect(putPublicFiles(publicDir, out)).toEqual({ linked: 1, copied: 1 });
    const file = path.join(out, 'media', 'cars', 'a.svg');
    expect(readFileSync(file, 'utf8')).toBe('<svg/>');
    expect(statSync(file).ino).toBe(statSync(path.join(publicDir, 'media', 'cars', 'a.svg')).ino);
    // A copy outside media/: a page the build writes at that path would not reach public/.
    const other = path.join(out, 'robots-extra.txt');
    expect(readFileSync(other, 'utf8')).toBe('hello');
    expect(statSync(other).ino).not.toBe(statSync(path.join(publicDir, 'robots-extra.txt')).ino);
    expect(statSync(path.join(out, 'empty')).isDirectory()).toBe(true);
  });

  const shm = statSync('/dev/shm', { throwIfNoEntry: false });
  it.runIf(shm !== undefined && shm.dev !== statSync(work).dev)(
    'copies where a link cannot be made (another filesystem)',
    () => {
      const out = mkdtempSync('/dev/shm/public-files-');
      try {
        expect(putPublicFiles(publicDir, out)).toEqual({ linked: 0, copied: 2 });
        expect(readFileSync(path.join(out, 'media', 'cars', 'a.svg'), 'utf8')).toBe('<svg/>');
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
  );
});
