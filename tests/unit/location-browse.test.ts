import { describe, expect, it } from 'vitest';
import type { Location } from '../../src/feeds/schemas';
import { LocationSchema } from '../../src/feeds/schemas';
import { groupLocations } from '../../src/domain/location-blocks';
import {
  brandPages,
  browsePages,
  listsByState,
  SHORT_LIST_SIZE,
  shortList,
  stateName,
  statePages,
} from '../../src/domain/location-browse';

function location(
  id: string,
  name: string,
  state: string,
  manufacturers: string[],
  type = 'sales',
): Location {
  return LocationSchema.parse({
    id,
    name,
    location_type: type,
    manufacturers,
    address: { city: 'Town', state, postcode: '2000', lat: -33, long: 151 },
  });
}

const many = groupLocations([
  location('1', 'Alpha Toyota Sales', 'NSW', ['Toyota']),
  location('2', 'Alpha Toyota Service', 'NSW', ['Toyota'], 'service'),
  location('3', 'Bravo Kia', 'VIC', ['Kia']),
  location('4', 'Charlie Motors', 'qld', ['Kia', 'Mazda', 'kia']),
  location('5', 'Delta Mazda', 'NSW', ['Mazda']),
  location('6', 'Echo Kia', 'WA', ['Kia']),
  location('7', 'Foxtrot Ford', 'SA', ['Ford']),
  location('8', 'Golf Ford', 'TAS', ['Ford']),
  location('9', 'Hotel Hyundai', 'ACT', ['Hyundai']),
  location('10', 'India Isuzu', 'NT', ['Isuzu UTE']),
]);

describe('location browse pages', () => {
  it('keeps a short list on the page when there are more groups than it holds', () => {
    expect(many).toHaveLength(9);
    expect(listsByState(many)).toBe(true);
    expect(shortList(many).map((group) => group.name)).toEqual(
      many.slice(0, SHORT_LIST_SIZE).map((group) => group.name),
    );
    expect(listsByState(many.slice(0, SHORT_LIST_SIZE))).toBe(false);
    expect(browsePages(many.slice(0, SHORT_LIST_SIZE))).toEqual({ states: [], brands: [] });
  });

  it('a page per state of each group, by full name, every group on exactly one', () => {
    const states = statePages(many);
    expect(states.map((page) => [page.name, page.href, page.groups.length])).toEqual([
      ['Australian Capital Territory', '/dealer-locator/state/act', 1],
      ['New South Wales', '/dealer-locator/state/nsw', 2],
      ['Northern Territory', '/dealer-locator/state/nt', 1],
      ['Queensland', '/dealer-locator/state/qld', 1],
      ['South Australia', '/dealer-locator/state/sa', 1],
      ['Tasmania', '/dealer-locator/state/tas', 1],
      ['Victoria', '/dealer-locator/state/vic', 1],
      ['Western Australia', '/dealer-locator/state/wa', 1],
    ]);
    expect(states.flatMap((page) => page.groups).length).toBe(many.length);
    expect(stateName('Ontario')).toBe('Ontario');
  });

  it('a page per brand, a group on each brand it sells, once; none for a one-brand site', () => {
    const brands = brandPages(many);
    expect(
      brands.map((page) => [page.name, page.slug, page.groups.map((group) => group.name)]),
    ).toEqual([
      ['Ford', 'ford', ['Foxtrot Ford', 'Golf Ford']],
      ['Hyundai', 'hyundai', ['Hotel Hyundai']],
      ['Isuzu UTE', 'isuzu-ute', ['India Isuzu']],
      ['Kia', 'kia', ['Bravo Kia', 'Charlie Motors', 'Echo Kia']],
      ['Mazda', 'mazda', ['Charlie Motors', 'Delta Mazda']],
      ['Toyota', 'toyota', ['Alpha Toyota']],
    ]);
    const oneBrand = groupLocations(
      Array.from({ length: 10 }, (_, i) => location(String(i), `Aurora ${i}`, 'VIC', ['Aurora'])),
    );
    expect(brandPages(oneBrand)).toEqual([]);
    expect(browsePages(oneBrand).states).toHaveLength(1);
  });
});
