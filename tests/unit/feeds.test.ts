import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeRejected, FeedReadError, loadFeed, validateFeed } from '../../src/feeds/load';

const root = path.resolve(import.meta.dirname, '../..');

describe('feed validation', () => {
  it('keeps good records, reports each bad one with record, id, field and problem', async () => {
    const result = await loadFeed('cars', 'tests/fixtures/feeds/mini/cars.json', root);
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
    const { records } = await loadFeed('cars', 'tests/fixtures/feeds/mini/cars.json', root);
    const mazda = records.find((car) => car.slug === '2019-mazda-cx-5-maxx-2')!;
    expect(mazda.price).toBe(23990);
    expect(mazda.id).toBe('2');
    expect(mazda.show_on_dealer_website).toBe(true);
  });

  it('defaults an empty location_type to sales and pads postcodes', async () => {
    const { records } = await loadFeed('locations', 'tests/fixtures/feeds/mini/locations.json', root);
    expect(records.map((location) => [location.location_type, location.address.postcode])).toEqual([
      ['sales', '4157'],
      ['service', '4157'],
    ]);
    expect(
      validateFeed('locations', [{ id: 1, name: 'Darwin', address: { city: 'Darwin', state: 'NT', postcode: 800, lat: -12.4, long: 130.8 } }], 'x').records[0]!
        .address.postcode,
    ).toBe('0800');
  });

  it('accepts a list wrapped in an object', () => {
    const result = validateFeed('reviews', { data: [{ id: 1, customer_name: 'Sam', rating: 5, text: 'Great' }] }, 'reviews.json');
    expect(result.records).toHaveLength(1);
  });

  it('fails clearly when the feed cannot be read at all', async () => {
    await expect(loadFeed('cars', 'tests/fixtures/feeds/missing.json', root)).rejects.toThrow(
      new FeedReadError('cars', 'tests/fixtures/feeds/missing.json', 'file not found'),
    );
    expect(() => validateFeed('cars', { cars: 'nope' }, 'cars.json')).toThrow('feeds.cars (cars.json): expected a JSON list of records');
  });

  it('reads a feed from a URL at build time', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((request, response) => {
      if (request.url === '/cars.json') {
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify([{ id: 9, slug: 'a-9', name: '2020 Kia Rio S', year: 2020, make: 'Kia', model: 'Rio', car_type: 'used', status: 'in_stock' }]),
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
      await expect(loadFeed('cars', `http://127.0.0.1:${port}/gone.json`, root)).rejects.toThrow('HTTP 404');
    } finally {
      server.close();
    }
  });
});
