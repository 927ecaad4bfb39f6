import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSiteSnapshot, siteSnapshotBytes } from '../../src/site/snapshot';
import type { SiteData } from '../../src/site/types';

describe('site data file (src/site/snapshot.ts)', () => {
  it('reads back exactly what was written, characters past ASCII included', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'snapshot-')), 'site.json');
    const site = {
      tenant: { name: 'Café Motors — Škoda’s home 🚗' },
      cars: [{ dealercomments: 'Ünique ½ price' }],
    } as unknown as SiteData;
    writeFileSync(file, siteSnapshotBytes(site));
    expect(readSiteSnapshot(file)).toEqual(site);
  });
});
