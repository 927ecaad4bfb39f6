import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlaceData } from '../../src/domain/places';
import { placesDigest, placesDigestFile } from '../../src/site/places-digest';

describe('places digest for the dealer locator', () => {
  it('is made from the postcode dataset, cached, and read from the cache after', () => {
    const cache = mkdtempSync(path.join(tmpdir(), 'places-'));
    const digest = JSON.parse(placesDigest(process.cwd(), cache)) as PlaceData;
    // Sydney's CBD postcode, and a suburb row with its state and postcode; no PO boxes.
    const [lat, long] = digest.postcodes['2000']!;
    expect(lat).toBeCloseTo(-33.87, 1);
    expect(long).toBeCloseTo(151.21, 1);
    expect(
      digest.suburbs.some(
        ([name, state, postcode]) =>
          name === 'PARRAMATTA' && state === 'NSW' && postcode === '2150',
      ),
    ).toBe(true);
    expect(digest.suburbs.some(([name]) => /PO BOX|GPO/.test(name))).toBe(false);

    const file = placesDigestFile(process.cwd(), cache);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(digest);
    writeFileSync(file, '{"postcodes":{},"suburbs":[]}');
    expect(placesDigest(process.cwd(), cache)).toBe('{"postcodes":{},"suburbs":[]}');
  });
});
