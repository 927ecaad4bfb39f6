import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repayment } from '../../scripts/sample-data/finance';
import {
  ensureSampleData,
  generateCars,
  generateSampleData,
  staleReason,
  STAMP_FILE,
  writeCarImages,
} from '../../scripts/sample-data';
import { FEED_SCHEMAS, type CarInput, type FeedName } from '../../src/feeds/schemas';
import { parseTenant, type LoadedTenant } from '../../src/tenant/load';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TENANTS_DIR = path.join(ROOT, 'tenants');
const SLUGS = [
  'bayside-toyota',
  'southern-cross-motor-group',
  'aurora-motors',
  'sunset-caravans',
] as const;
const NOW = '2025-06-01T00:00:00.000Z';
const NOW_SECONDS = Date.parse(NOW) / 1000;
const SEED = 7;

type Json = Record<string, unknown>;
type Car = CarInput & Json;
const tenants = new Map<string, LoadedTenant>();
const feeds = new Map<string, Partial<Record<FeedName, Json[]>>>();
const temps: string[] = [];
let out: string;

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sample-data-'));
  temps.push(dir);
  return dir;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const cars = (slug: string) => (feeds.get(slug)?.cars ?? []) as Car[];
const feed = (slug: string, name: FeedName) => feeds.get(slug)?.[name] ?? [];

beforeAll(async () => {
  out = await tempDir();
  await generateSampleData({ root: out, now: NOW, seed: SEED, tenantsDir: TENANTS_DIR });
  for (const slug of SLUGS) {
    const tenant = parseTenant(
      await readFile(path.join(TENANTS_DIR, `${slug}.yaml`), 'utf8'),
      `tenants/${slug}.yaml`,
    );
    tenants.set(slug, tenant);
    const loaded: Partial<Record<FeedName, Json[]>> = {};
    for (const [name, source] of Object.entries(tenant.feeds) as [FeedName, string][]) {
      loaded[name] = JSON.parse(await readFile(path.join(out, source), 'utf8')) as Json[];
    }
    feeds.set(slug, loaded);
  }
});

afterAll(async () => {
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('generated feeds', () => {
  it('writes exactly the feeds each demo tenant lists, and nothing else', async () => {
    for (const slug of SLUGS) {
      const listed = Object.values(tenants.get(slug)?.feeds ?? {})
        .map((source) => path.basename(String(source)))
        .sort();
      expect(await readdir(path.join(out, 'data/demo', slug))).toEqual(listed);
    }
  });

  it('every record passes its feed schema', () => {
    const rejected: string[] = [];
    for (const slug of SLUGS) {
      for (const [name, records] of Object.entries(feeds.get(slug) ?? {}) as [FeedName, Json[]][]) {
        records.forEach((record, index) => {
          const result = FEED_SCHEMAS[name].safeParse(record);
          if (!result.success)
            rejected.push(
              `${slug}/${name}[${index}]: ${result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`,
            );
        });
      }
    }
    expect(rejected).toEqual([]);
  });

  it('ids and slugs are unique per tenant and feed', () => {
    for (const slug of SLUGS) {
      for (const [name, records] of Object.entries(feeds.get(slug) ?? {})) {
        if (name === 'special_hours') continue;
        const ids = records.map((record) => record.id);
        expect(new Set(ids).size, `${slug}/${name} ids`).toBe(ids.length);
        const slugs = records.map((record) => record.slug).filter((value) => value !== undefined);
        expect(new Set(slugs).size, `${slug}/${name} slugs`).toBe(slugs.length);
      }
    }
  });

  it('has about the requested amount of stock', () => {
    expect(cars('bayside-toyota')).toHaveLength(700);
    expect(cars('southern-cross-motor-group')).toHaveLength(1300);
    expect(cars('aurora-motors')).toHaveLength(600);
    expect(cars('sunset-caravans')).toHaveLength(400);
  });
});

describe('stock scenarios', () => {
  it('has sold cars inside and outside each tenant\u2019s listing cut-off', () => {
    for (const slug of SLUGS) {
      const days = tenants.get(slug)?.stock.include_sold_cars_days ?? 3;
      const cutoff = NOW_SECONDS - days * 86_400;
      const sold = cars(slug).filter((car) => car.status === 'sold');
      expect(
        sold.every(
          (car) =>
            car.sold === true &&
            typeof car.sold_date_timestamp === 'number' &&
            car.sold_date_timestamp < NOW_SECONDS,
        ),
      ).toBe(true);
      expect(
        sold.some((car) => Number(car.sold_date_timestamp) <= cutoff - 20 * 86_400 + days * 86_400),
        `${slug} sold long ago`,
      ).toBe(true);
      if (days > 0)
        expect(
          sold.some((car) => Number(car.sold_date_timestamp) > cutoff),
          `${slug} sold within ${days} days`,
        ).toBe(true);
    }
  });

  it('covers statuses, reservations, tags, certification, NVICs and new arrivals', () => {
    for (const slug of SLUGS) {
      const list = cars(slug);
      const share = (predicate: (car: Car) => boolean) =>
        list.filter(predicate).length / list.length;
      expect(
        share((car) => car.status === 'in_stock'),
        slug,
      ).toBeGreaterThan(0.75);
      expect(list.some((car) => car.status === 'coming_soon')).toBe(true);
      expect(list.some((car) => car.status === 'others')).toBe(true);
      expect(list.some((car) => car.reserved === true && car.status === 'in_stock')).toBe(true);
      expect(new Set(list.map((car) => car.tag).filter(Boolean)).size).toBeGreaterThanOrEqual(3);
      expect(
        share((car) => Date.parse(String(car.created_at)) > Date.parse(NOW) - 8 * 86_400_000),
      ).toBeGreaterThan(0.05);
      expect(list.some((car) => car.show_on_dealer_website === false)).toBe(true);
      const secondHand = list.filter(
        (car) => car.car_type !== 'new' && car.item_type !== 'caravan',
      );
      if (secondHand.length > 20) {
        const withNvic =
          secondHand.filter(
            (car) => car.has_nvic && typeof car.nvic === 'string' && car.nvic.length === 6,
          ).length / secondHand.length;
        expect(withNvic).toBeGreaterThan(0.35);
        expect(withNvic).toBeLessThan(0.65);
      }
      expect(
        list.every((car) => typeof car.vin === 'string' && /^[A-HJ-NPR-Z0-9]{17}$/.test(car.vin)),
      ).toBe(true);
    }
    expect(cars('southern-cross-motor-group').some((car) => car.tag === 'Test Drive Only')).toBe(
      true,
    );
    const certified = cars('bayside-toyota').filter((car) => car.certified);
    expect(certified.length).toBeGreaterThan(5);
    expect(certified.every((car) => car.make === 'Toyota' && car.car_type === 'used')).toBe(true);
  });

  it('mixes car types per template (the manufacturer has a few used cars the build must drop)', () => {
    const types = (slug: string) => new Set(cars(slug).map((car) => car.car_type));
    expect(types('bayside-toyota')).toEqual(new Set(['new', 'demo', 'used']));
    const aurora = cars('aurora-motors');
    expect(aurora.every((car) => car.make === 'Aurora')).toBe(true);
    const used = aurora.filter((car) => car.car_type === 'used').length;
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThan(40);
    const bayside = cars('bayside-toyota');
    expect(
      bayside.filter((car) => car.car_type !== 'used').every((car) => car.make === 'Toyota'),
    ).toBe(true);
    expect(new Set(bayside.map((car) => car.make)).size).toBeGreaterThan(15);
  });

  it('has one, two, three and more than three images, with primary image and count', () => {
    for (const slug of SLUGS) {
      const counts = new Set(cars(slug).map((car) => car.images?.length ?? 0));
      for (const n of [1, 2, 3]) expect(counts.has(n), `${slug} with ${n} images`).toBe(true);
      expect(
        cars(slug).filter((car) => (car.images?.length ?? 0) > 3).length / cars(slug).length,
      ).toBeGreaterThan(0.8);
      for (const car of cars(slug)) {
        expect(car.photos_count).toBe(car.images?.length);
        expect(car.primary_image_url).toBe(car.images?.[0]?.image.url);
      }
    }
  });

  it('has electric, hybrid and plug-in hybrid cars; EVs have no fuel consumption', () => {
    const all = SLUGS.flatMap((slug) => cars(slug));
    for (const fuel of ['Electric', 'Hybrid', 'Plug-in Hybrid', 'Diesel', 'Petrol'])
      expect(
        all.some((car) => car.simple_fuel === fuel),
        fuel,
      ).toBe(true);
    const electric = all.filter((car) => car.simple_fuel === 'Electric');
    expect(electric.every((car) => car.variant?.fuelconsumptioncombined === null)).toBe(true);
    expect(cars('bayside-toyota').some((car) => car.simple_fuel === 'Electric')).toBe(true);
  });

  it('writes dealer comments: some empty, about 30% longer than 400 characters', () => {
    for (const slug of SLUGS) {
      const comments = cars(slug).map((car) => String(car.dealercomments ?? ''));
      const long = comments.filter((text) => text.length > 400).length / comments.length;
      const empty = comments.filter((text) => text === '').length / comments.length;
      expect(long).toBeGreaterThan(0.2);
      expect(long).toBeLessThan(0.45);
      expect(empty).toBeGreaterThan(0.03);
    }
  });

  it('quotes finance figures that agree with each other', () => {
    for (const [slug, provider] of [
      ['bayside-toyota', 'stratton'],
      ['southern-cross-motor-group', 'youx'],
      ['sunset-caravans', 'stratton'],
    ] as const) {
      const financed = cars(slug).filter((car) => car.finance_lenders);
      const priced = cars(slug).filter((car) => typeof car.price === 'number' && car.price > 500);
      expect(financed.length / priced.length).toBeGreaterThan(0.3);
      for (const car of financed) {
        const figures = car.finance_lenders?.[provider];
        expect(figures, `${slug} keyed by ${provider}`).toBeDefined();
        type Figures = Record<
          | 'interestRate'
          | 'paymentMonth'
          | 'paymentWeek'
          | 'totalPayable'
          | 'deposit'
          | 'balloon'
          | 'establishmentFees'
          | 'comparisonRate',
          number
        >;
        const {
          interestRate,
          paymentMonth,
          paymentWeek,
          totalPayable,
          deposit,
          balloon,
          establishmentFees,
          comparisonRate,
        } = figures as Figures;
        const principal = Number(car.price) - deposit + establishmentFees;
        expect(
          Math.abs(repayment(principal, interestRate / 1200, 60, balloon) - paymentMonth),
        ).toBeLessThan(0.01);
        expect(
          Math.abs(repayment(principal, interestRate / 5200, 260, balloon) - paymentWeek),
        ).toBeLessThan(0.01);
        expect(Math.abs(paymentMonth * 60 + balloon - totalPayable)).toBeLessThan(0.01);
        expect(comparisonRate).toBeGreaterThan(interestRate);
        expect(figures?.termMonths).toBe(60);
      }
    }
    expect(cars('southern-cross-motor-group').some((car) => car.youxQuote)).toBe(true);
  });

  it('gives about 30% of used cars market data, a few of them low-confidence', () => {
    const used = cars('bayside-toyota').filter((car) => car.car_type === 'used');
    const gauged = used.filter((car) => car.autogauge);
    expect(gauged.length / used.length).toBeGreaterThan(0.2);
    expect(gauged.every((car) => car.autograb_data?.average_market_price)).toBe(true);
    const all = SLUGS.flatMap((slug) => cars(slug)).filter((car) => car.autogauge);
    expect(all.some((car) => Number(car.autogauge?.confidence) < 0.2)).toBe(true);
    expect(
      all.some(
        (car) => Number(car.autogauge?.market_range_max) < Number(car.autogauge?.listing_price),
      ),
    ).toBe(true);
  });

  it('gives caravans their specifications and item type', () => {
    const vans = cars('sunset-caravans');
    expect(vans.every((car) => car.item_type === 'caravan')).toBe(true);
    for (const car of vans) {
      const spec = car.specifications;
      expect(spec?.sleeps).toBeGreaterThan(0);
      expect(spec?.tare_weight).toBeGreaterThan(500);
      expect(Number(spec?.aggregate_trailer_mass)).toBeGreaterThan(Number(spec?.tare_weight));
      expect(spec?.body_length).toBeGreaterThan(10);
      expect(spec?.axle_type).toBeTruthy();
    }
    expect(new Set(vans.map((car) => car.simple_body))).toEqual(
      new Set(['Caravan', 'Pop Top', 'Camper Trailer', 'Motorhome']),
    );
    expect(new Set(vans.map((car) => car.car_type))).toEqual(new Set(['new', 'demo', 'used']));
  });

  it('places some Bayside cars away from the primary location', () => {
    const primary = feed('bayside-toyota', 'locations').find((location) => location.primary) as {
      address: { city: string };
    };
    expect(cars('bayside-toyota').some((car) => car.city !== primary.address.city)).toBe(true);
  });
});

describe('group, locations and content', () => {
  it('gives the group 50+ locations in every state and territory, grouped by dealership', () => {
    const locations = feed('southern-cross-motor-group', 'locations') as {
      name: string;
      dealership?: { id: number };
      address: { state: string };
    }[];
    expect(locations.length).toBeGreaterThanOrEqual(50);
    expect(new Set(locations.map((location) => location.address.state))).toEqual(
      new Set(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']),
    );
    expect(locations.every((location) => location.dealership)).toBe(true);
    for (const suffix of ['Sales', 'Service', 'Parts'])
      expect(locations.some((location) => location.name.endsWith(` ${suffix}`))).toBe(true);
    const itemTypes = new Set(cars('southern-cross-motor-group').map((car) => car.item_type));
    expect(itemTypes).toEqual(new Set(['car', 'motorcycle', 'truck']));
  });

  it('lists 40+ brands across cars, motorcycles and trucks, each with a logo and dealerships', () => {
    const brands = feed('southern-cross-motor-group', 'manufacturers') as {
      category: string;
      logo: string;
      dealership_websites: unknown[];
    }[];
    expect(brands.length).toBeGreaterThanOrEqual(40);
    const count = (category: string) =>
      brands.filter((brand) => brand.category === category).length;
    expect(count('Car')).toBeGreaterThanOrEqual(30);
    expect(count('Motorcycle')).toBeGreaterThanOrEqual(6);
    expect(count('Truck')).toBeGreaterThanOrEqual(5);
    expect(brands.every((brand) => brand.dealership_websites.length > 0)).toBe(true);
  });

  it('has one primary location per tenant, a buying subtype, department hours and fictional contacts', () => {
    const phone = /^(0[2378] 5550 \d{4}|0491 570 \d{3}|1300 975 7[0-2]\d)$/;
    for (const slug of SLUGS) {
      const locations = feed(slug, 'locations') as {
        primary: boolean;
        location_type: string;
        contact_detail: {
          phone: string;
          email: string;
          opening_hours: { weekday: number; status: string }[];
        };
      }[];
      expect(
        locations.filter((location) => location.primary),
        slug,
      ).toHaveLength(1);
      for (const location of locations) {
        expect(location.contact_detail.phone).toMatch(phone);
        expect(location.contact_detail.email).toMatch(/@[a-z0-9]+\.example\.com\.au$/);
        expect(location.contact_detail.opening_hours.map((hour) => hour.weekday)).toEqual([
          0, 1, 2, 3, 4, 5, 6,
        ]);
        expect(location.contact_detail.opening_hours[0]?.status).toBe('Closed');
      }
      for (const car of cars(slug)) expect(String(car.location?.phone)).toMatch(phone);
    }
    const all = SLUGS.flatMap((slug) => feed(slug, 'locations')) as {
      location_subtype?: string;
      location_type: string;
      contact_detail: {
        service_hours?: unknown;
        opening_hours: { weekday: number; status: string }[];
      };
    }[];
    expect(all.some((location) => location.location_subtype === 'buying')).toBe(true);
    expect(all.some((location) => location.contact_detail.service_hours)).toBe(true);
    expect(
      all.some(
        (location) =>
          location.location_type === 'service' &&
          location.contact_detail.opening_hours[6]?.status === 'Closed',
      ),
    ).toBe(true);
  });

  it('lists upcoming public holidays in both special-hours forms', () => {
    for (const slug of SLUGS) {
      const entries = feed(slug, 'special_hours') as {
        date: string;
        status: string;
        name: string;
        location_id?: number;
        location?: { id: number };
      }[];
      const ids = new Set(feed(slug, 'locations').map((location) => location.id));
      expect(entries.length).toBeGreaterThan(0);
      expect(
        entries.every(
          (entry) =>
            entry.date >= NOW.slice(0, 10) && ids.has(entry.location_id ?? entry.location?.id),
        ),
      ).toBe(true);
      expect(entries.filter((entry) => entry.status === 'Closed').length).toBeGreaterThan(
        entries.length / 2,
      );
      expect(entries.some((entry) => entry.name === 'Christmas Day')).toBe(true);
    }
    const group = feed('southern-cross-motor-group', 'special_hours');
    expect(group.some((entry) => entry.location)).toBe(true);
    expect(group.some((entry) => entry.status === 'Open')).toBe(true);
  });

  it('has model statuses and variant prices the range must partly ignore', () => {
    for (const slug of ['bayside-toyota', 'aurora-motors']) {
      const models = feed(slug, 'models') as {
        status: string | null;
        model_variants: { dap_min_price: unknown }[];
      }[];
      const statuses = new Set(models.map((model) => model.status));
      for (const status of ['new', 'all_new', 'coming_soon'])
        expect(statuses.has(status), `${slug} ${status}`).toBe(true);
      const prices = models.flatMap((model) =>
        model.model_variants.map((variant) => variant.dap_min_price),
      );
      expect(prices).toContain(0);
      expect(prices).toContain('');
    }
  });

  it('has reviews of every kind the site filters', () => {
    for (const slug of SLUGS) {
      const reviews = feed(slug, 'reviews') as { rating: number; text: string }[];
      expect(reviews.some((review) => review.text.includes('Translated by Google'))).toBe(true);
      expect(reviews.some((review) => review.text.length > 160)).toBe(true);
      const average = reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length;
      expect(average).toBeGreaterThan(3.5);
      expect(reviews.some((review) => review.rating <= 3)).toBe(true);
    }
    expect(
      SLUGS.some((slug) =>
        (feed(slug, 'reviews') as { text: string }[]).some((review) => review.text === ''),
      ),
    ).toBe(true);
  });

  it('has running, expired and not-yet-started offers', () => {
    for (const slug of ['bayside-toyota', 'southern-cross-motor-group', 'aurora-motors']) {
      const offers = feed(slug, 'offers') as { start: string; expiry: string }[];
      const now = Date.parse(NOW);
      expect(
        offers.every((offer) => offer.start.endsWith('+10:00') && offer.expiry.endsWith('+10:00')),
      ).toBe(true);
      expect(offers.some((offer) => Date.parse(offer.expiry) < now)).toBe(true);
      expect(offers.some((offer) => Date.parse(offer.start) > now)).toBe(true);
      expect(
        offers.some((offer) => Date.parse(offer.start) <= now && Date.parse(offer.expiry) >= now),
      ).toBe(true);
    }
    expect(feed('bayside-toyota', 'offers')).toHaveLength(6);
  });
});

/** Root-relative image URLs anywhere in a record. */
function imageUrls(value: unknown, found: Set<string>): Set<string> {
  if (typeof value === 'string' && value.startsWith('/media/')) found.add(value);
  else if (Array.isArray(value)) value.forEach((item) => imageUrls(item, found));
  else if (value && typeof value === 'object')
    Object.values(value).forEach((item) => imageUrls(item, found));
  return found;
}

/** Cheap well-formedness check: one root, balanced tags, a title. */
function wellFormed(svg: string): boolean {
  const stack: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(
    /<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g,
  )) {
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name as string);
  }
  return (
    stack.length === 0 &&
    /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(svg) &&
    /<title>[^<]+<\/title>/.test(svg) &&
    !/&(?!amp;|lt;|gt;|quot;|apos;)/.test(svg)
  );
}

describe('images', () => {
  it('every image URL in the data exists under public/media', async () => {
    const urls = new Set<string>();
    for (const slug of SLUGS)
      for (const records of Object.values(feeds.get(slug) ?? {})) imageUrls(records, urls);
    urls.add('/media/not-found.svg');
    const missing: string[] = [];
    await Promise.all(
      [...urls].map((url) => stat(path.join(out, 'public', url)).catch(() => missing.push(url))),
    );
    expect(missing).toEqual([]);
    expect([...urls].some((url) => url.startsWith('/media/brands/'))).toBe(true);
  });

  it('writes small, well-formed SVGs with the right sizes', async () => {
    // The demo history reports are PDFs (tests/unit/sample-history-reports.test.ts) and car photos
    // JPEG and model pictures WebP (below); everything else is SVG.
    const files = (await filesUnder(path.join(out, 'public/media'))).filter((file) =>
      file.endsWith('.svg'),
    );
    expect(files.length).toBeGreaterThan(100);
    let largest = 0;
    for (const file of files) {
      const svg = await readFile(path.join(out, 'public/media', file), 'utf8');
      expect(wellFormed(svg), file).toBe(true);
      largest = Math.max(largest, svg.length);
      if (file.startsWith('cars/'))
        expect(svg).toContain('width="600" height="400" viewBox="0 0 600 400"');
      if (file.startsWith('brands/')) expect(svg).toContain('width="76" height="65"');
    }
    expect(largest).toBeLessThan(6000);
  });

  it('writes car photos and spin frames as a dealer camera would: 1600x1067 JPEG of 150-350 KB; model pictures as 600x400 WebP', async () => {
    const media = path.join(out, 'public/media');
    const cars = (await filesUnder(path.join(media, 'cars')))
      .filter((file) => !file.includes('walkaround-'))
      .map((file) => `cars/${file}`);
    const models = (await filesUnder(path.join(media, 'models'))).map((file) => `models/${file}`);
    expect(cars.length).toBeGreaterThan(300);
    expect(models.length).toBeGreaterThan(20);
    expect(cars.filter((file) => !file.endsWith('.jpg'))).toEqual([]);
    expect(models.filter((file) => !file.endsWith('.webp'))).toEqual([]);
    expect(cars.some((file) => /\/spin-[a-z]+\/00\.jpg$/.test(file))).toBe(true);
    const sizes: number[] = [];
    for (const file of cars) {
      const bytes = await readFile(path.join(media, file));
      expect(bytes.subarray(0, 3).toString('hex'), file).toBe('ffd8ff');
      sizes.push(bytes.length);
    }
    // Every photo weighs what a real one does: a flat drawing would be a few KB.
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(150 * 1024);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(350 * 1024);
    for (const file of [cars[0]!, cars.at(-1)!]) {
      const { width, height, format } = await sharp(path.join(media, file)).metadata();
      expect({ file, width, height, format }).toEqual({
        file,
        width: 1600,
        height: 1067,
        format: 'jpeg',
      });
    }
    let largest = 0;
    for (const file of models) {
      const bytes = await readFile(path.join(media, file));
      expect(
        bytes.subarray(0, 4).toString('latin1') + bytes.subarray(8, 12).toString('latin1'),
        file,
      ).toBe('RIFFWEBP');
      largest = Math.max(largest, bytes.length);
    }
    const { width, height, format } = await sharp(path.join(media, models[0]!)).metadata();
    expect({ width, height, format }).toEqual({ width: 600, height: 400, format: 'webp' });
    expect(largest).toBeLessThan(20_000);
  });
});

describe('determinism and the programmatic API', () => {
  it('produces byte-identical output for the same seed and now, and different data for another seed', async () => {
    const again = await tempDir();
    await generateSampleData({ root: again, now: NOW, seed: SEED, tenantsDir: TENANTS_DIR });
    const [first, second] = await Promise.all([filesUnder(out), filesUnder(again)]);
    expect(second).toEqual(first);
    for (const file of first)
      expect(
        (await readFile(path.join(again, file))).equals(await readFile(path.join(out, file))),
        file,
      ).toBe(true);
    const other = generateCars({ count: 50, seed: SEED + 1, now: NOW, tenant: 'dealer' });
    const same = generateCars({ count: 50, seed: SEED, now: NOW, tenant: 'dealer' });
    expect(JSON.stringify(same)).toBe(JSON.stringify(cars('bayside-toyota').slice(0, 50)));
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(same));
  });

  it('generates 10,000 cars with unique ids and slugs, and writes the images they use', async () => {
    const many = generateCars({ count: 10_000, seed: 3, now: NOW, tenant: 'group' });
    expect(new Set(many.map((car) => car.id)).size).toBe(10_000);
    expect(new Set(many.map((car) => car.slug)).size).toBe(10_000);
    // A car does not depend on how many are generated, so smaller runs are prefixes.
    expect(JSON.stringify(generateCars({ count: 100, seed: 3, now: NOW, tenant: 'group' }))).toBe(
      JSON.stringify(many.slice(0, 100)),
    );
    const dir = await tempDir();
    await writeCarImages(dir, many);
    const missing = [...imageUrls(many, new Set())].filter((url) => url.startsWith('/media/cars/'));
    const present = await Promise.all(
      missing.map((url) =>
        stat(path.join(dir, 'public', url)).then(
          () => true,
          () => false,
        ),
      ),
    );
    expect(present.every(Boolean)).toBe(true);
    // Photos not in the raster cache yet are drawn (about 0.1-0.3 s each): minutes on a cold cache.
  }, 600_000);

  it('ensureSampleData regenerates only when data is missing, outdated or from another day', async () => {
    const root = await tempDir();
    await mkdir(path.join(root, 'tenants'));
    for (const slug of SLUGS)
      await copyFile(
        path.join(TENANTS_DIR, `${slug}.yaml`),
        path.join(root, 'tenants', `${slug}.yaml`),
      );
    expect((await ensureSampleData(root)).generated).toBe(true);
    const stamp = JSON.parse(await readFile(path.join(root, STAMP_FILE), 'utf8')) as {
      version: string;
      now: string;
      seed: number;
    };
    expect(stamp.now.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    expect((await ensureSampleData(root)).generated).toBe(false);
    // Each kind of staleness, checked without paying for another full generation each time.
    await rm(path.join(root, 'data/demo/sunset-caravans/cars.json'));
    expect(await staleReason(root)).toBe('some generated files are missing');
    await writeFile(path.join(root, STAMP_FILE), JSON.stringify({ ...stamp, version: '0' }));
    expect(await staleReason(root)).toBe('the generator changed');
    await writeFile(
      path.join(root, STAMP_FILE),
      JSON.stringify({ ...stamp, now: '2020-01-01T00:00:00.000Z' }),
    );
    expect(await staleReason(root)).toBe('the data is from 2020-01-01');
    expect(await ensureSampleData(root)).toEqual({
      generated: true,
      reason: 'the data is from 2020-01-01',
    });
    expect(await staleReason(root)).toBeUndefined();
  });
});
