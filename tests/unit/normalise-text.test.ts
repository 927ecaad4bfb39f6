import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeRejected, parseFeedBytes, validateFeed } from '../../src/feeds/load';
import { normaliseString, normaliseText } from '../../src/feeds/normalise-text';
import type { Car } from '../../src/feeds/schemas';
import { leaveOutUnrenderable } from '../../src/site/render-check';
import type { SiteData } from '../../src/site/types';
import { parseTenant } from '../../src/tenant/load';

const root = path.resolve(import.meta.dirname, '../..');
const encode = (text: string) => new TextEncoder().encode(text);
/** Every character the feed boundary removes, as JSON escapes. */
const REMOVED = [
  '\\u202a',
  '\\u202b',
  '\\u202c',
  '\\u202d',
  '\\u202E',
  '\\u2066',
  '\\u2067',
  '\\u2068',
  '\\u2069',
  '\\u2028',
  '\\u2029',
  '\\u0085',
];

describe('feed text at the boundary', () => {
  it('replaces lone surrogates with U+FFFD and keeps pairs (emoji)', () => {
    expect(normaliseString('a\ud800b\udc00c')).toBe('a\ufffdb\ufffdc');
    expect(normaliseString('end\ud83d')).toBe('end\ufffd');
    expect(normaliseString('🚗 ok')).toBe('🚗 ok');
  });

  it('removes bidi controls, line and paragraph separators and NEL', () => {
    expect(normaliseString('Mazda \u202eGNITSET\u202c CX-5')).toBe('Mazda GNITSET CX-5');
    expect(normaliseString('a\u2066b\u2069c\u2028d\u2029e\u0085f')).toBe('abcdef');
  });

  it('normalises every string of a parsed feed, object keys too, from escapes or raw characters', () => {
    const json = `[{"id": 1, "name": "T${REMOVED.join('')}itle\\ud800", "standardEquipment": {"Saf\\u202eety": ["Cam\\udc00era"]},
      "location": {"name": "Raw \u202eand\u2028 here"}, "n": 5, "ok": true, "none": null}]`;
    expect(parseFeedBytes('cars', 'x.json', encode(json))).toEqual([
      {
        id: 1,
        name: 'Title\ufffd',
        standardEquipment: { Safety: ['Cam\ufffdera'] },
        location: { name: 'Raw and here' },
        n: 5,
        ok: true,
        none: null,
      },
    ]);
  });

  it('leaves a feed without such characters exactly as JSON.parse reads it', () => {
    const json =
      '[{"name": "Caf\\u00e9 \\"quoted\\" \\\\ back\\nslash – ’", "a": ["é", {"b": "🚗"}]}]';
    expect(parseFeedBytes('cars', 'x.json', encode(json))).toEqual(JSON.parse(json));
  });

  it('a doubled backslash before "u202e" is text, not an escape, and stays', () => {
    expect(parseFeedBytes('cars', 'x.json', encode('["a\\\\u202e"]'))).toEqual(['a\\u202e']);
  });

  it("normalises a tenant file's text, from YAML escapes", () => {
    const yaml = readFileSync(
      path.join(root, 'tests/fixtures/tenants/valid/fixture-dealer.yaml'),
      'utf8',
    ).replace('name: Fixture Motors', 'name: "Fixture \\u202eMotors\\ud800"');
    expect(parseTenant(yaml, 'tenants/fixture-dealer.yaml').name).toBe('Fixture Motors\ufffd');
  });

  it('normalises in place and returns the same value', () => {
    const value = { list: ['\u202e'] };
    expect(normaliseText(value)).toBe(value);
    expect(value).toEqual({ list: [''] });
  });
});

describe('a car whose page cannot render', () => {
  const tenant = parseTenant(
    readFileSync(path.join(root, 'tests/fixtures/tenants/valid/fixture-dealer.yaml'), 'utf8'),
    'tenants/fixture-dealer.yaml',
  );
  const feed = JSON.parse(
    readFileSync(path.join(root, 'tests/fixtures/feeds/mini/cars.json'), 'utf8'),
  ) as unknown[];
  const cars = validateFeed('cars', feed, 'mini/cars.json').records;
  const site = (list: Car[]): SiteData => ({
    tenant,
    builtAt: '2026-11-27T00:00:00.000Z',
    cars: list,
    locations: [],
    specialHours: [],
    models: [],
    reviews: [],
    manufacturers: [],
    offers: [],
  });

  it('is left out and reported with its id, feed position and the field that throws; the others stay', () => {
    // A lone surrogate that got past the feed boundary: encodeURIComponent throws on it in the share links.
    const broken = { ...cars[1]!, name: 'Mazda \ud800' };
    const result = leaveOutUnrenderable(
      site([cars[0]!, broken, cars[2]!]),
      'mini/cars.json',
      (id) => (id === broken.id ? 7 : -1),
    );
    expect(result.site.cars.map((car) => car.id)).toEqual([cars[0]!.id, cars[2]!.id]);
    expect(result.rejected.flatMap(describeRejected)).toEqual([
      `cars feed (mini/cars.json) record #7 (id ${broken.id}): name: its page cannot be rendered (URIError: URI malformed); the car is left out`,
    ]);
  });

  it('names a nested field (the car id inside a link)', () => {
    const broken = { ...cars[0]!, id: '12\udc00' };
    const result = leaveOutUnrenderable(site([broken]), 'mini/cars.json', () => 0);
    expect(result.rejected[0]!.problems).toEqual([
      'id: its page cannot be rendered (URIError: URI malformed); the car is left out',
    ]);
  });

  it('keeps every car of a clean site, and the same site object', () => {
    const clean = site(cars);
    expect(leaveOutUnrenderable(clean, 'mini/cars.json', () => 0)).toEqual({
      site: clean,
      rejected: [],
    });
  });
});
