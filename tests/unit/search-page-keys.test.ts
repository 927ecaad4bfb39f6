import { describe, expect, it } from 'vitest';
import { pageKeys } from '../../platform/build/build-render-state';
import { renderSearchApp } from '../../src/islands/search/server-render';
import type { Car } from '../../src/feeds/schemas';
import { listedUntilTimes } from '../../src/search/freshness';
import { searchPageConfig } from '../../src/search/page-config';
import { searchRoutes } from '../../src/search/site-index';
import { siteSearchData } from '../../src/search/site-search';
import type { SiteData } from '../../src/site/types';
import { apiTestSite } from '../support/api-site';

// The oracle for platform/build/search-page-keys.ts, which models the engine's facet rules by hand:
// a partial render keeps every search route page whose key did not change, so such a page must
// render exactly as it did. Over a generated 1,000-car tenant and rounds of random edits (sales,
// new prices, cars gone and added, a car moved, hidden or coming soon), every page with an
// unchanged key is rendered again and compared with the one before: what the page is made of
// besides the layout (the app's HTML, its server state, config and sold cut-offs).

const CARS = 1_000;
const ROUNDS = 8;
const EDITS_PER_ROUND = 2;

/** A small seeded generator (mulberry32): the same tenant and edits on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const MODELS: Record<string, string[]> = {
  Toyota: ['Corolla', 'RAV4', 'HiLux'],
  Mazda: ['CX-5', 'Mazda3', 'BT-50'],
  Ford: ['Ranger', 'Everest', 'Puma'],
  Kia: ['Sportage', 'Carnival', 'Seltos'],
  Hyundai: ['i30', 'Tucson', 'Kona'],
  Nissan: ['Navara', 'X-Trail', 'Patrol'],
  Subaru: ['Forester', 'Outback', 'XV'],
  Isuzu: ['D-Max', 'MU-X'],
};
const BODIES = ['Sedan', 'SUV', 'Ute', 'Hatch', 'Wagon'];
const COLOURS = ['White', 'Black', 'Silver', 'Red', 'Blue'];
const FUELS = ['Petrol', 'Diesel', 'Hybrid'];
const TYPES = ['new', 'used', 'demo'] as const;

function generatedSite(next: () => number): SiteData {
  const base = apiTestSite();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const builtAt = Date.parse(base.builtAt);
  const car = (n: number): Car => {
    const make = pick(Object.keys(MODELS));
    const model = pick(MODELS[make]!);
    const year = 2015 + Math.floor(next() * 11);
    const location = pick(base.locations);
    return {
      ...base.cars[0]!,
      id: `g${n}`,
      slug: `${year}-${make}-${model}-g${n}`.toLowerCase(),
      name: `${year} ${make} ${model}`,
      year,
      make,
      model,
      badge: pick(['GX', 'GXL', 'Sport', 'Limited']),
      stocknum: `G${n}`,
      car_type: pick(TYPES),
      price: 15_000 + Math.round(next() * 600) * 100,
      km: Math.round(next() * 150_000),
      simple_body: pick(BODIES),
      colour: pick(COLOURS),
      simple_fuel: pick(FUELS),
      status: next() < 0.9 ? 'in_stock' : 'sold',
      sold_date_timestamp: Math.floor(builtAt / 1000) - Math.floor(next() * 20) * 86_400,
      location: { id: location.id, name: location.name },
      created_at: Math.floor(builtAt / 1000) - n * 3600,
      images: [],
      primary_image_url: `/media/g${n}.jpg`,
    } as unknown as Car;
  };
  return { ...base, cars: Array.from({ length: CARS }, (_, n) => car(n)) };
}

/** One random edit a feed brings: a sale, a new price, a car gone, a new car, a move, a hidden car. */
function edit(site: SiteData, next: () => number, serial: number): SiteData {
  const cars = [...site.cars];
  const at = Math.floor(next() * cars.length);
  const car = cars[at]!;
  const builtAt = Math.floor(Date.parse(site.builtAt) / 1000);
  const kind = Math.floor(next() * 7);
  if (kind === 0)
    cars[at] = { ...car, status: 'sold', sold: true, sold_date_timestamp: builtAt - 3600 } as Car;
  else if (kind === 1) cars[at] = { ...car, price: (car.price ?? 20_000) - 1_000 } as Car;
  else if (kind === 2) cars.splice(at, 1);
  else if (kind === 3)
    cars.push({ ...car, id: `n${serial}`, slug: `${car.slug}-n${serial}`, stocknum: `N${serial}` });
  else if (kind === 4) {
    const other = site.locations.find((location) => location.name !== car.location?.name)!;
    cars[at] = { ...car, location: { id: other.id, name: other.name } } as Car;
  } else if (kind === 5) cars[at] = { ...car, show_on_dealer_website: false } as Car;
  else cars[at] = { ...car, status: 'coming_soon', km: (car.km ?? 0) + 1 } as Car;
  return { ...site, cars };
}

/** What a search route page is rendered from besides the layout, by page path. */
async function renderedSearchPages(site: SiteData): Promise<Map<string, string>> {
  const { docs, engine } = siteSearchData(site);
  const pages = new Map<string, string>();
  for (const route of searchRoutes(site)) {
    const config = searchPageConfig(site, route, docs);
    const { html, serverState } = await renderSearchApp(config, engine, route.path);
    const { include_sold_cars_days: soldDays } = site.tenant.stock;
    const cutOffs = listedUntilTimes(docs, route.refinements, soldDays, Date.parse(site.builtAt));
    pages.set(
      route.path.replace(/\/+$/, ''),
      JSON.stringify([route, config, html, serverState, cutOffs]),
    );
  }
  return pages;
}

describe('search page keys against the pages themselves (1,000 generated cars)', () => {
  it(
    'a page whose key is unchanged after random feed edits renders byte for byte as before',
    { timeout: 240_000 },
    async () => {
      const next = random(20261129);
      let site = generatedSite(next);
      let keys = pageKeys(site).searchPages;
      let pages = await renderedSearchPages(site);
      let kept = 0;
      let changed = 0;
      for (let round = 0; round < ROUNDS; round++) {
        for (let n = 0; n < EDITS_PER_ROUND; n++) site = edit(site, next, round * 100 + n);
        const nextKeys = pageKeys(site).searchPages;
        const nextPages = await renderedSearchPages(site);
        for (const [path, rendered] of nextPages) {
          const before = pages.get(path);
          if (before === undefined || keys[path] !== nextKeys[path]) {
            changed += 1;
            continue;
          }
          kept += 1;
          expect(rendered, `${path} kept (same key) but renders differently`).toBe(before);
        }
        keys = nextKeys;
        pages = nextPages;
      }
      // Both outcomes happened: the edits left some pages alone and changed others.
      console.log(`search page keys: ${kept} pages kept and checked, ${changed} changed`);
      expect(kept).toBeGreaterThan(100);
      expect(changed).toBeGreaterThan(50);
    },
  );
});
