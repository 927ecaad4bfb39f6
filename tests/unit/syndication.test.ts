import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CarSchema, type Car, type CarInput } from '../../src/feeds/schemas';
import { isAvailable } from '../../src/domain/stock';
import { readSiteSnapshot } from '../../src/site/snapshot';
import { syndicationFeeds, type WrittenFeed } from '../../src/syndication/feeds';
import { indexNowKeyFile, indexNowRequest } from '../../src/syndication/indexnow';
import type { SyndicationSite } from '../../src/syndication/listing';
import { ImagesSchema } from '../../src/tenant/schema/images';
import { MediaHostsSchema } from '../../src/tenant/schema/media-hosts';
import { SyndicationSchema } from '../../src/tenant/schema/syndication';
import { writeSitemap } from '../../platform/build/sitemap';

const HOSTILE = '</title><script>alert(1)</script> & "Co" \'s';
const HOSTILE_IMAGE = `https://cdn.example.com/a.jpg?w=1&h="2"&q='3'`;

function car(overrides: Partial<CarInput> = {}): Car {
  return CarSchema.parse({
    id: 1,
    slug: 'car-1',
    name: '2022 Toyota Corolla Ascent Sport',
    year: 2022,
    make: 'Toyota',
    model: 'Corolla',
    badge: 'Ascent Sport',
    body: 'hatch',
    colour: 'Glacier White',
    trans: 'Automatic CVT',
    fuel: 'Petrol - Unleaded',
    drive: 'Front Wheel Drive',
    car_type: 'used',
    status: 'in_stock',
    price: 30_000,
    km: 12_345,
    vin: 'JTNKB3BE80J012345',
    stocknum: 'U1001',
    created_at: '2026-10-01T09:00:00Z',
    images: [
      { image: { url: '/media/cars/1/1.jpg' } },
      { image: { url: 'https://cdn.example.com/1/2.jpg' } },
    ],
    location: {
      id: 7,
      name: 'Bayside Toyota Capalaba',
      phone: '07 5550 6100',
      address: { street: '1 Redland Bay Rd', city: 'Capalaba', state: 'QLD', postcode: '4157' },
    },
    ...overrides,
  });
}

function site(
  syndication: Partial<SyndicationSite['tenant']['syndication']> = {},
  images?: unknown,
): SyndicationSite {
  return {
    tenant: {
      name: 'Bayside Toyota',
      url: 'https://www.bayside.example.com.au',
      syndication: SyndicationSchema.parse({ google: true, meta: true, ...syndication }),
      images: ImagesSchema.parse(images),
      feeds: { cars: 'data/cars.json' } as SyndicationSite['tenant']['feeds'],
      media_hosts: MediaHostsSchema.parse({ image: ['https://cdn.example.com'] }),
    },
    locations: [],
  };
}

const FIXTURES = [
  car(),
  car({ id: 2, slug: 'no-vin', stocknum: 'U1002', vin: null }),
  car({ id: 3, slug: 'poa', stocknum: 'U1003', price: null }),
  car({
    id: 4,
    slug: 'demo',
    stocknum: 'D1004',
    car_type: 'demo',
    km: 850,
    vin: 'JTNKB3BE80J012346',
  }),
  car({
    id: 5,
    slug: 'skoda',
    stocknum: 'U1005',
    name: 'Škoda Octavia 北京 Ünïcödé',
    make: 'Škoda',
    model: 'Octavia',
    vin: 'TMBJJ7NE0L0012347',
  }),
  car({
    id: 6,
    slug: 'hostile',
    stocknum: 'U&1006',
    name: HOSTILE,
    badge: HOSTILE,
    colour: 'Red & <b>Black</b>',
    vin: 'JTNKB3BE80J012348',
    images: [{ image: { url: HOSTILE_IMAGE } }],
  }),
  car({
    id: 7,
    slug: 'sold',
    stocknum: 'U1007',
    status: 'sold',
    sold: true,
    vin: 'JTNKB3BE80J012349',
  }),
  car({
    id: 8,
    slug: 'new',
    stocknum: 'N1008',
    car_type: 'new',
    km: null,
    vin: 'JTNKB3BE80J012350',
  }),
];

/** Read a value back out of the XML with a real parser (libxml2): fails on any malformed document. */
function xpath(xml: string, expression: string): string {
  return execFileSync('xmllint', ['--xpath', expression, '-'], {
    input: xml,
    encoding: 'utf8',
  }).replace(/\n$/, '');
}

function wellFormed(xml: string): void {
  execFileSync('xmllint', ['--noout', '-'], { input: xml });
}

const feed = (programme: WrittenFeed['programme'], feeds: WrittenFeed[]) =>
  feeds.find((written) => written.programme === programme)!;

describe('Google vehicle listings feed', () => {
  const google = feed('google', syndicationFeeds(FIXTURES, site()));
  const G = (expression: string) =>
    xpath(google.xml, expression.replace(/g:(\w+)/g, "*[local-name()='$1']"));

  it('is well-formed XML carrying every car for sale that Google would accept, and nothing else', () => {
    wellFormed(google.xml);
    expect(google.path).toBe('/feeds/google-vehicle-listings.xml');
    expect(G('//item/g:id/text()').trim().split('\n')).toEqual([
      'U1001',
      'D1004',
      'U1005',
      'U&amp;1006',
      'N1008',
    ]);
  });

  it('leaves out a car without a VIN and a price-on-application car, with the reason', () => {
    expect(google.leftOut).toEqual([
      { id: 'U1002', problems: ['no VIN'] },
      { id: 'U1003', problems: ['no price (price on application)'] },
    ]);
  });

  it('writes the attributes in the formats Google documents', () => {
    const first = (name: string) => G(`string(//item[1]/g:${name})`);
    expect(first('vin')).toBe('JTNKB3BE80J012345');
    expect(first('store_code')).toBe('7');
    expect(first('dealership_name')).toBe('Bayside Toyota Capalaba');
    expect(first('dealership_address')).toBe('1 Redland Bay Rd, Capalaba, QLD 4157, AU');
    expect(first('tracking_phone_number')).toBe('07 5550 6100');
    expect(first('price')).toBe('30000.00 AUD');
    expect(first('condition')).toBe('used');
    expect(first('mileage')).toBe('12345 km');
    expect(first('trim')).toBe('Ascent Sport');
    expect(first('body_style')).toBe('hatchback');
    expect(first('engine')).toBe('gasoline');
    expect(first('year')).toBe('2022');
    expect(first('date_in_stock')).toBe('2026-10-01');
    expect(first('link')).toBe('https://www.bayside.example.com.au/cars/car-1');
    expect(first('image_link')).toBe('https://www.bayside.example.com.au/media/cars/1/1.jpg');
    expect(first('additional_image_link')).toBe('https://cdn.example.com/1/2.jpg');
  });

  it("asks a tenant's image CDN for each photo as a JPEG at most 1600 px wide (the programmes take no WebP)", () => {
    const [google, meta] = syndicationFeeds(
      [
        car({
          images: [
            { image: { url: '/media/cars/1/1.jpg' } },
            { image: { url: 'https://elsewhere.example.org/3.jpg' } },
          ],
        }),
      ],
      site({}, { provider: 'cloudinary', cloud_name: 'bayside-cloud' }),
    );
    const sized = `https://res.cloudinary.com/bayside-cloud/image/fetch/c_limit,w_1600,q_75,f_jpg/${encodeURIComponent('https://www.bayside.example.com.au/media/cars/1/1.jpg')}`;
    const g = (expression: string) =>
      xpath(google!.xml, expression.replace(/g:(\w+)/g, "*[local-name()='$1']"));
    expect(g('string(//item/g:image_link)')).toBe(sized);
    // A host the tenant does not list is never sent through its CDN (not an open proxy).
    expect(g('string(//item/g:additional_image_link)')).toBe('https://elsewhere.example.org/3.jpg');
    expect(xpath(meta!.xml, 'string(//listing/image[1]/url)')).toBe(sized);
  });

  it('sends a demo car as used (Google takes new or used) and a new car without kilometres', () => {
    expect(G("string(//item[g:id='D1004']/g:condition)")).toBe('used');
    expect(G("string(//item[g:id='N1008']/g:condition)")).toBe('new');
    expect(G("count(//item[g:id='N1008']/g:mileage)")).toBe('0');
  });

  it('keeps non-Latin-1 text and hostile text as the same characters, escaped', () => {
    expect(G("string(//item[g:id='U1005']/title)")).toBe('Škoda Octavia 北京 Ünïcödé');
    expect(G("string(//item[g:vin='JTNKB3BE80J012348']/title)")).toBe(HOSTILE);
    expect(G("string(//item[g:vin='JTNKB3BE80J012348']/g:image_link)")).toBe(
      new URL(HOSTILE_IMAGE).href,
    );
    expect(google.xml).not.toContain('<script>');
  });

  it('leaves out a bus: Google takes passenger cars and utes only (Meta takes it as OTHER)', () => {
    const [google, meta] = syndicationFeeds(
      [car({ simple_body: 'Bus', body: 'Commuter Bus' })],
      site(),
    );
    expect(google!.leftOut).toEqual([
      { id: 'U1001', problems: ['not a passenger vehicle (Google takes cars and utes only)'] },
    ]);
    expect(meta!.listed).toBe(1);
  });

  it('uses the store code the tenant names for a location', () => {
    const renamed = feed(
      'google',
      syndicationFeeds([car()], site({ store_codes: { '7': 'BAYSIDE-CAP' } })),
    );
    expect(xpath(renamed.xml, "string(//*[local-name()='store_code'])")).toBe('BAYSIDE-CAP');
  });
});

describe('Meta automotive inventory feed', () => {
  const meta = feed('meta', syndicationFeeds(FIXTURES, site()));
  const M = (expression: string) => xpath(meta.xml, expression);

  it('is well-formed XML carrying every car for sale that Meta would accept, and nothing else', () => {
    wellFormed(meta.xml);
    expect(meta.path).toBe('/feeds/meta-vehicles.xml');
    expect(M('//listing/vehicle_id/text()').trim().split('\n')).toEqual([
      'U1001',
      'D1004',
      'U1005',
      'U&amp;1006',
      'N1008',
    ]);
    expect(meta.leftOut.map((left) => left.id)).toEqual(['U1002', 'U1003']);
  });

  it('writes the fields in the formats and enums Meta documents', () => {
    const first = (name: string) => M(`string(//listing[1]/${name})`);
    expect(first('vin')).toBe('JTNKB3BE80J012345');
    expect(first('price')).toBe('30000.00 AUD');
    expect(first('mileage/value')).toBe('12345');
    expect(first('mileage/unit')).toBe('KM');
    expect(first('state_of_vehicle')).toBe('USED');
    expect(first('body_style')).toBe('HATCHBACK');
    expect(first('transmission')).toBe('AUTOMATIC');
    expect(first('fuel_type')).toBe('PETROL');
    expect(first('drivetrain')).toBe('FWD');
    expect(first('url')).toBe('https://www.bayside.example.com.au/cars/car-1');
    expect(first("address/component[@name='postal_code']")).toBe('4157');
    expect(first("address/component[@name='country']")).toBe('AU');
    expect(M("string(//listing[vehicle_id='D1004']/state_of_vehicle)")).toBe('USED');
    expect(M("string(//listing[vehicle_id='N1008']/state_of_vehicle)")).toBe('NEW');
  });

  it('leaves out a car with no photo and a VIN that is not 17 characters', () => {
    const result = feed(
      'meta',
      syndicationFeeds(
        [car({ images: [] }), car({ id: 9, stocknum: 'X9', vin: 'ABC123' })],
        site(),
      ),
    );
    expect(result.leftOut).toEqual([
      { id: 'U1001', problems: ['no image'] },
      { id: 'X9', problems: ['VIN is not exactly 17 letters and digits'] },
    ]);
  });

  it('keeps hostile text and URLs intact after parsing', () => {
    expect(M("string(//listing[vin='JTNKB3BE80J012348']/title)")).toBe(HOSTILE);
    expect(M("string(//listing[vin='JTNKB3BE80J012348']/exterior_color)")).toBe(
      'Red & <b>Black</b>',
    );
    expect(M("string(//listing[vin='JTNKB3BE80J012348']/image/url)")).toBe(
      new URL(HOSTILE_IMAGE).href,
    );
  });
});

describe('feed settings', () => {
  it('writes nothing unless a programme is turned on (the default)', () => {
    expect(SyndicationSchema.parse({})).toMatchObject({
      google: false,
      meta: false,
      exclude_car_types: [],
    });
    expect(syndicationFeeds(FIXTURES, site({ google: false, meta: false }))).toEqual([]);
  });

  it('leaves out excluded car types: a manufacturer syndicating new cars only', () => {
    const newOnly = syndicationFeeds(FIXTURES, site({ exclude_car_types: ['used', 'demo'] }));
    for (const written of newOnly) expect(written.listed).toBe(1);
    expect(newOnly[0]!.leftOut).toEqual([]);
  });

  it('rejects a store code or IndexNow key that could break out of a file name or the XML', () => {
    expect(SyndicationSchema.safeParse({ store_codes: { '7': '<x>' } }).success).toBe(false);
    expect(SyndicationSchema.safeParse({ indexnow_key: '../../etc/passwd' }).success).toBe(false);
  });
});

describe('IndexNow', () => {
  it('builds the POST that reports changed pages of the site, with the key file location', () => {
    const key = '5f1c0b7e8d2a4c6e9b3a7d1f0e2c4a68';
    expect(indexNowKeyFile(key)).toEqual({ path: `/${key}.txt`, body: key });
    const request = indexNowRequest('https://www.bayside.example.com.au', key, [
      'https://www.bayside.example.com.au/cars/a',
      'https://www.bayside.example.com.au/cars/a',
      'https://elsewhere.example.com/cars/b',
      'not a url',
    ])!;
    expect(request).toMatchObject({
      url: 'https://api.indexnow.org/indexnow',
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(JSON.parse(request.body)).toEqual({
      host: 'www.bayside.example.com.au',
      key,
      keyLocation: `https://www.bayside.example.com.au/${key}.txt`,
      urlList: ['https://www.bayside.example.com.au/cars/a'],
    });
    expect(
      indexNowRequest('https://www.bayside.example.com.au', key, [
        'https://elsewhere.example.com/x',
      ]),
    ).toBeUndefined();
  });
});

describe('sitemap', () => {
  it('gives a car page its updated_at as lastmod and lists its photos as image entries', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitemap-'));
    mkdirSync(path.join(dir, 'cars'));
    writeFileSync(path.join(dir, 'cars', 'car-1.html'), '<!doctype html><title>x</title>');
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
    await writeSitemap(
      dir,
      'https://www.bayside.example.com.au',
      '2026-11-26T00:00:00Z',
      ['index.html', 'cars/car-1.html'],
      [
        car({
          updated_at: '2026-11-20T08:00:00Z',
          images: [{ image: { url: '/media/1.jpg' } }, { image: { url: HOSTILE_IMAGE } }],
        }),
      ],
    );
    const xml = readFileSync(path.join(dir, 'sitemap.xml'), 'utf8');
    wellFormed(xml);
    const url = (loc: string, field: string) =>
      xpath(xml, `string(//*[local-name()='url'][*[local-name()='loc']='${loc}']/${field})`);
    expect(url('https://www.bayside.example.com.au/cars/car-1', "*[local-name()='lastmod']")).toBe(
      '2026-11-20',
    );
    expect(url('https://www.bayside.example.com.au/', "*[local-name()='lastmod']")).toBe(
      '2026-11-26',
    );
    expect(
      xpath(xml, "//*[local-name()='image']/*[local-name()='loc']/text()").trim().split('\n'),
    ).toEqual([
      'https://www.bayside.example.com.au/media/1.jpg',
      'https://cdn.example.com/a.jpg?w=1&amp;h=%222%22&amp;q=%273%27',
    ]);
  });
});

// Every demo site that syndicates (npm run build first): the feeds match what the site lists.
describe.each(['aurora-motors', 'bayside-toyota', 'southern-cross-motor-group'])(
  'the built demo site %s',
  (slug) => {
    const root = process.cwd();
    const built = readSiteSnapshot(path.join(root, '.build', slug, 'site.json'));
    const feeds = [
      built.tenant.syndication.google && 'google-vehicle-listings',
      built.tenant.syndication.meta && 'meta-vehicles',
    ].filter(Boolean);

    it('turns on at least one feed', () => expect(feeds.length).toBeGreaterThan(0));

    it.each(feeds)(
      '%s lists exactly the cars the site lists for sale, less excluded types and those reported',
      (name) => {
        const xml = readFileSync(path.join(root, 'dist', slug, 'feeds', `${name}.xml`), 'utf8');
        wellFormed(xml);
        const links = xpath(
          xml,
          "//*[local-name()='item']/*[local-name()='link']/text() | //listing/url/text()",
        )
          .trim()
          .split('\n');
        const excluded = built.tenant.syndication.exclude_car_types;
        const forSale = built.cars
          .filter((listed) => isAvailable(listed) && !excluded.includes(listed.car_type))
          .map((listed) => `${built.tenant.url}/cars/${listed.slug}`);
        const written = syndicationFeeds(built.cars, built).find(
          (feedWritten) => feedWritten.path === `/feeds/${name}.xml`,
        )!;
        expect(new Set(links).size).toBe(written.listed);
        expect(written.listed + written.leftOut.length).toBe(forSale.length);
        expect(forSale.length).toBeGreaterThan(10);
        for (const link of links) expect(forSale).toContain(link);
      },
    );
  },
);

describe('IndexNow on the built demo site bayside-toyota', () => {
  const root = process.cwd();
  const built = readSiteSnapshot(path.join(root, '.build', 'bayside-toyota', 'site.json'));

  it('serves the IndexNow key file at the site root', () => {
    const key = built.tenant.syndication.indexnow_key!;
    expect(readFileSync(path.join(root, 'dist', 'bayside-toyota', `${key}.txt`), 'utf8')).toBe(key);
  });
});
