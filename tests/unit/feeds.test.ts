import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeRejected, FeedReadError, loadFeed, validateFeed } from '../../src/feeds/load';
import { feedRoots } from '../../src/feeds/roots';

const root = path.resolve(import.meta.dirname, '../..');
/** The fixtures sit outside data/, so these tests allow their folder the way FEED_ROOTS does. */
const fixtureRoots = feedRoots(root, { FEED_ROOTS: 'tests/fixtures/feeds' });

describe('feed validation', () => {
  it('keeps good records, reports each bad one with record, id, field and problem', async () => {
    const result = await loadFeed(
      'cars',
      'tests/fixtures/feeds/mini/cars.json',
      root,
      fixtureRoots,
    );
    expect(result.records.map((car) => car.id)).toEqual(['1', '2', '3']);
    expect(result.rejected.flatMap(describeRejected)).toEqual([
      'cars feed (tests/fixtures/feeds/mini/cars.json) record #3 (id 4): price: expected a number, got "call us"',
      'cars feed (tests/fixtures/feeds/mini/cars.json) record #4 (id 5): slug: expected a URL slug of lower-case letters, digits and dashes, got "Bad Slug"',
      'cars feed (tests/fixtures/feeds/mini/cars.json) record #4 (id 5): year: expected a number, got "twenty"',
      'cars feed (tests/fixtures/feeds/mini/cars.json) record #4 (id 5): car_type: expected one of "new", "demo", "used", got "preloved"',
      'cars feed (tests/fixtures/feeds/mini/cars.json) record #5 (id 1): id: duplicate id "1" (an earlier record has it)',
    ]);
  });

  it('reads numbers that feeds send as text, and normalises ids to text', async () => {
    const { records } = await loadFeed(
      'cars',
      'tests/fixtures/feeds/mini/cars.json',
      root,
      fixtureRoots,
    );
    const mazda = records.find((car) => car.slug === '2019-mazda-cx-5-maxx-2')!;
    expect(mazda.price).toBe(23990);
    expect(mazda.id).toBe('2');
    expect(mazda.show_on_dealer_website).toBe(true);
  });

  it('defaults an empty location_type to sales and pads postcodes', async () => {
    const { records } = await loadFeed(
      'locations',
      'tests/fixtures/feeds/mini/locations.json',
      root,
      fixtureRoots,
    );
    expect(records.map((location) => [location.location_type, location.address.postcode])).toEqual([
      ['sales', '4157'],
      ['service', '4157'],
    ]);
    expect(
      validateFeed(
        'locations',
        [
          {
            id: 1,
            name: 'Darwin',
            address: { city: 'Darwin', state: 'NT', postcode: 800, lat: -12.4, long: 130.8 },
          },
        ],
        'x',
      ).records[0]!.address.postcode,
    ).toBe('0800');
  });

  it('accepts a list wrapped in an object', () => {
    const result = validateFeed(
      'reviews',
      { data: [{ id: 1, customer_name: 'Sam', rating: 5, text: 'Great' }] },
      'reviews.json',
    );
    expect(result.records).toHaveLength(1);
  });

  it('fails clearly when the feed cannot be read at all', async () => {
    await expect(
      loadFeed('cars', 'tests/fixtures/feeds/missing.json', root, fixtureRoots),
    ).rejects.toThrow(
      new FeedReadError('cars', 'tests/fixtures/feeds/missing.json', 'file not found'),
    );
    expect(() => validateFeed('cars', { cars: 'nope' }, 'cars.json')).toThrow(
      'feeds.cars (cars.json): expected a JSON list of records',
    );
  });

  describe('local feed files are read only from the feed folders', () => {
    // A project of its own: data/ with a good feed, a file beside it, and a symlink out of data/.
    const project = mkdtempSync(path.join(tmpdir(), 'feed-roots-'));
    afterAll(() => rmSync(project, { recursive: true, force: true }));
    mkdirSync(path.join(project, 'data'));
    const secret = 'SECRET-TOKEN-4242';
    writeFileSync(path.join(project, 'data', 'cars.json'), '[]');
    writeFileSync(path.join(project, 'data', 'broken.json'), `{"token": "${secret}" oops`);
    writeFileSync(path.join(project, 'private.json'), `[{"id": "${secret}"}]`);
    symlinkSync(path.join(project, 'private.json'), path.join(project, 'data', 'link.json'));

    it('reads a file under data/', async () => {
      expect((await loadFeed('cars', 'data/cars.json', project)).records).toEqual([]);
    });

    it.each([
      '/etc/passwd',
      '../../../../../../etc/passwd',
      'data/../private.json',
      'private.json',
      'data/link.json',
      'file:///etc/passwd',
    ])('refuses %s without reading or quoting it', async (source) => {
      const error = await loadFeed('cars', source, project).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(FeedReadError);
      expect((error as Error).message).toBe(
        `feeds.cars (${source}): refused: a feed must be an http(s) URL or a file under data/ (set FEED_ROOTS to allow other folders)`,
      );
      expect((error as Error).message).not.toContain(secret);
      expect((error as Error).message).not.toContain('root:');
    });

    it('says where a file is not JSON without printing its bytes', async () => {
      const error = await loadFeed('cars', 'data/broken.json', project).catch(
        (caught: unknown) => caught,
      );
      expect((error as Error).message).toBe(
        'feeds.cars (data/broken.json): not valid JSON (line 1, column 31)',
      );
      expect((error as Error).message).not.toContain(secret);
    });

    it('allows the extra folders named in FEED_ROOTS', async () => {
      const roots = feedRoots(project, { FEED_ROOTS: project });
      expect((await loadFeed('cars', 'private.json', project, roots)).rejected).toHaveLength(1);
    });
  });

  it('reads a feed from a URL at build time', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((request, response) => {
      if (request.url === '/cars.json') {
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify([
            {
              id: 9,
              slug: 'a-9',
              name: '2020 Kia Rio S',
              year: 2020,
              make: 'Kia',
              model: 'Rio',
              car_type: 'used',
              status: 'in_stock',
            },
          ]),
        );
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const result = await loadFeed('cars', `http://127.0.0.1:${port}/cars.json`, root);
      expect(result.records.map((car) => car.slug)).toEqual(['a-9']);
      await expect(loadFeed('cars', `http://127.0.0.1:${port}/gone.json`, root)).rejects.toThrow(
        'HTTP 404',
      );
    } finally {
      server.close();
    }
  });
});
