/**
 * npm run bench:syndication: writes both listing feeds (Google, Meta) for 10,000 generated cars, as
 * a 10,000-car build does, and prints the time (target: under 1 s added to the build). CPU time is
 * printed beside wall time: on a shared machine the wall clock also counts other processes' turns.
 */
import { CarSchema } from '../../src/feeds/schemas';
import { syndicationFeeds } from '../../src/syndication/feeds';
import type { Tenant } from '../../src/tenant/schema';
import { ImagesSchema } from '../../src/tenant/schema/images';
import { MediaHostsSchema } from '../../src/tenant/schema/media-hosts';
import { SyndicationSchema } from '../../src/tenant/schema/syndication';

const BODIES = ['hatch', 'sedan', 'suv', 'ute', 'wagon', 'van'];

const template = CarSchema.parse({
  id: 0,
  slug: 'car-0',
  name: '2022 Toyota Corolla Ascent Sport',
  year: 2022,
  make: 'Toyota',
  model: 'Corolla',
  car_type: 'used',
  status: 'in_stock',
  price: 30_000,
  km: 12_345,
  vin: 'JTNKB3BE80J000000',
  images: Array.from({ length: 12 }, (_, index) => ({
    image: { url: `/media/cars/0/${index}.jpg` },
  })),
  location: {
    id: 7,
    name: 'Capalaba',
    address: { street: '1 Redland Bay Rd', city: 'Capalaba', state: 'QLD', postcode: '4157' },
  },
});
const cars = Array.from({ length: 10_000 }, (_, index) => ({
  ...template,
  id: String(index),
  slug: `car-${index}`,
  stocknum: `S${index}`,
  body: BODIES[index % BODIES.length],
  vin: `JTNKB3BE80J${String(index).padStart(6, '0')}`,
  car_type: (['new', 'demo', 'used'] as const)[index % 3]!,
}));
const site = {
  tenant: {
    name: 'Bench Motors',
    url: 'https://www.bench.example.com.au',
    syndication: SyndicationSchema.parse({ google: true, meta: true }),
    // Through an image CDN every photo link is built (the embedded resizer's tenants link originals).
    images: ImagesSchema.parse({ provider: 'cloudinary', cloud_name: 'bench-cloud' }),
    feeds: { cars: 'cars.json' } as Tenant['feeds'],
    media_hosts: MediaHostsSchema.parse({}),
  },
  locations: [],
};

syndicationFeeds(cars.slice(0, 500), site);
const started = performance.now();
const cpuStarted = process.cpuUsage();
const feeds = syndicationFeeds(cars, site);
const cpu = process.cpuUsage(cpuStarted);
const cpuMs = (cpu.user + cpu.system) / 1000;
const wallMs = performance.now() - started;
const bytes = feeds.reduce((sum, feed) => sum + Buffer.byteLength(feed.xml), 0);
console.log(
  `syndication: both feeds for 10,000 cars: ${cpuMs.toFixed(0)} ms CPU, ${wallMs.toFixed(0)} ms wall (${(bytes / 2 ** 20).toFixed(1)} MiB)`,
);
console.log(`listed: ${feeds.map((feed) => `${feed.listed}`).join(' / ')} of ${cars.length}`);
