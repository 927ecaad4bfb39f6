import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isolateBuild } from '../support/isolated-build';

const work = isolateBuild('swap-');
const dist = path.join(work, 'dist');
const { swapSite, settleRemovals } = await import('../../platform/build/build-finish');

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A site folder with `count` pages saying `text`. */
function siteFolder(dir: string, text: string, count = 50) {
  for (let page = 0; page < count; page++) {
    mkdirSync(path.join(dir, 'cars', `car-${page}`), { recursive: true });
    writeFileSync(path.join(dir, 'cars', `car-${page}`, 'index.html'), text);
  }
}

describe('swapping a built site in', () => {
  it('serves the new folder at once and removes the old one afterwards, with folders an earlier process left', async () => {
    siteFolder(path.join(dist, 'dealer'), 'old');
    // Left by a process that died while removing: this dealer's, and another dealer's whose slug starts the same.
    siteFolder(path.join(dist, '.old-dealer.1700000000000.123'), 'crashed', 3);
    siteFolder(path.join(dist, '.old-dealer-two.1700000000000.123'), 'not ours', 3);
    siteFolder(path.join(work, 'built'), 'new');

    const removeOld = await swapSite('dealer', path.join(work, 'built'));
    expect(readFileSync(path.join(dist, 'dealer', 'cars', 'car-7', 'index.html'), 'utf8')).toBe(
      'new',
    );
    // The old site is out of the way under a name of its own until it is removed.
    expect(readdirSync(dist).filter((name) => name.startsWith('.old-dealer.')).length).toBe(2);

    void removeOld();
    await settleRemovals();
    expect(readdirSync(dist).sort()).toEqual(['.old-dealer-two.1700000000000.123', 'dealer']);
    expect(existsSync(path.join(work, 'built'))).toBe(false);
  });
});
