import { describe, expect, it } from 'vitest';
import type { Location, Model, OpeningHour, Review, SpecialHours } from '../../src/feeds/schemas';
import { LocationSchema, ModelSchema } from '../../src/feeds/schemas';
import {
  availableHoursTypes,
  departmentHours,
  holidayLines,
  hoursLines,
  isOpenNow,
  locationTimeZone,
} from '../../src/domain/hours';
import {
  ratingLine,
  reviewExcerpt,
  selectReviews,
  shownReviews,
  starFills,
} from '../../src/domain/reviews';
import {
  autocomplete,
  DEFAULT_RADIUS_KM,
  haversineKm,
  nearest,
  NEAREST_RESULT_LIMIT,
  PLACE_RADIUS_KM,
  RADIUS_OPTIONS_KM,
} from '../../src/domain/nearest';
import {
  INVALID_POSTCODE,
  resolvePlace,
  searchPlaces,
  type PlaceData,
} from '../../src/domain/places';
import {
  blockLocations,
  gridColumns,
  groupLocations,
  numberedMarkers,
} from '../../src/domain/location-blocks';
import { salesToday } from '../../src/domain/sales-counter';
import {
  bodyFilters,
  defaultBody,
  modelsForBody,
  selectedBody,
} from '../../src/domain/model-range';

const open = (weekday: number, from: string, to: string): OpeningHour => ({
  weekday,
  status: 'Open',
  open: from,
  close: to,
  formated_hours: null,
});
const closed = (weekday: number): OpeningHour => ({
  weekday,
  status: 'Closed',
  open: null,
  close: null,
  formated_hours: 'Closed',
});
const week = (weekdays: (d: number) => OpeningHour, saturday: OpeningHour) => [
  closed(0),
  ...[1, 2, 3, 4, 5].map(weekdays),
  saturday,
];

function location(partial: Partial<Location> & { id: string; name: string }): Location {
  return LocationSchema.parse({
    address: { city: 'Capalaba', state: 'QLD', postcode: '4157', lat: -27.5, long: 153.2 },
    ...partial,
  });
}

describe('opening hours (SPEC 2)', () => {
  it('Mon-Fri collapse into one line when all five are identical', () => {
    expect(hoursLines(week((d) => open(d, '08:30', '17:30'), open(6, '09:00', '16:00')))).toEqual([
      { day: 'Mon-Fri', hours: '8:30 AM - 5:30 PM' },
      { day: 'Saturday', hours: '9:00 AM - 4:00 PM' },
      { day: 'Sunday', hours: 'Closed' },
    ]);
  });

  it('a late Thursday lists every weekday', () => {
    const lines = hoursLines(week((d) => open(d, '08:30', d === 4 ? '20:00' : '17:30'), closed(6)));
    expect(lines.map((line) => line.day)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(lines[3]).toEqual({ day: 'Thursday', hours: '8:30 AM - 8:00 PM' });
  });

  it.each([
    [true, 'By appointment only'],
    [false, 'Closed'],
  ])('closed Saturday with by-appointment %s reads %s', (byAppointment, text) => {
    const lines = hoursLines(
      week((d) => open(d, '07:00', '17:00'), closed(6)),
      { saturdayByAppointment: byAppointment },
    );
    expect(lines.find((line) => line.day === 'Saturday')?.hours).toBe(text);
  });

  it('an open Saturday is never replaced by the appointment text', () => {
    const lines = hoursLines(
      week((d) => open(d, '07:00', '17:00'), open(6, '08:00', '12:00')),
      { saturdayByAppointment: true },
    );
    expect(lines.find((line) => line.day === 'Saturday')?.hours).toBe('8:00 AM - 12:00 PM');
  });

  it('type selector data: each department of a group, from its location or per-department hours', () => {
    const sales = location({
      id: '1',
      name: 'X Sales',
      location_type: 'sales',
      contact_detail: { opening_hours: week((d) => open(d, '08:30', '17:30'), closed(6)) },
    });
    const service = location({
      id: '2',
      name: 'X Service',
      location_type: 'service',
      contact_detail: { opening_hours: week((d) => open(d, '07:00', '17:00'), closed(6)) },
    });
    expect(availableHoursTypes([sales, service])).toEqual(['sales', 'service']);
    expect(departmentHours([sales, service], 'service')?.[1]?.open).toBe('07:00');
    const combined = location({
      id: '3',
      name: 'Y',
      contact_detail: {
        opening_hours: week((d) => open(d, '08:30', '17:30'), closed(6)),
        parts_hours: week((d) => open(d, '08:00', '16:00'), closed(6)),
      },
    });
    expect(availableHoursTypes([combined])).toEqual(['sales', 'parts']);
  });

  it.each([
    // 2026-11-23 is a Monday. 23:00Z Sunday = 09:00 Monday in Brisbane (UTC+10, no DST).
    ['2026-11-22T23:00:00Z', 'Australia/Brisbane', true],
    ['2026-11-22T22:00:00Z', 'Australia/Brisbane', false], // 08:00, opens 08:30
    ['2026-11-23T07:29:00Z', 'Australia/Brisbane', true], // 17:29
    ['2026-11-23T07:30:00Z', 'Australia/Brisbane', false], // 17:30 closes
    ['2026-11-22T22:00:00Z', 'Australia/Sydney', true], // 09:00 AEDT (UTC+11)
    ['2026-11-22T14:00:00Z', 'Australia/Brisbane', false], // Monday 00:00
  ])('open now at %s in %s: %s', (instant, zone, expected) => {
    const hours = week((d) => open(d, '08:30', '17:30'), closed(6));
    expect(isOpenNow(hours, [], Date.parse(instant), zone)).toBe(expected);
  });

  it('a special hours entry for today wins over the week', () => {
    const hours = week((d) => open(d, '08:30', '17:30'), closed(6));
    const christmas: SpecialHours = {
      date: '2026-12-25',
      status: 'Closed',
      name: 'Christmas Day',
      location_id: '1',
      start_hour: null,
      end_hour: null,
    };
    expect(
      isOpenNow(hours, [christmas], Date.parse('2026-12-25T01:00:00Z'), 'Australia/Brisbane'),
    ).toBe(false);
    expect(isOpenNow(hours, [], Date.parse('2026-12-25T01:00:00Z'), 'Australia/Brisbane')).toBe(
      true,
    );
  });

  it('time zone from the location, else its state', () => {
    expect(locationTimeZone(location({ id: '1', name: 'A' }))).toBe('Australia/Brisbane');
    expect(
      locationTimeZone(
        location({
          id: '1',
          name: 'A',
          address: { city: 'Perth', state: 'WA', postcode: '6000', lat: 1, long: 1 },
        }),
      ),
    ).toBe('Australia/Perth');
    expect(locationTimeZone(location({ id: '1', name: 'A', time_zone: 'Australia/Darwin' }))).toBe(
      'Australia/Darwin',
    );
  });

  it('holiday lines: upcoming only, per location group, one line when departments agree', () => {
    const entries: SpecialHours[] = [
      {
        date: '2026-12-25',
        status: 'Closed',
        name: 'Christmas Day',
        location_id: '1',
        start_hour: null,
        end_hour: null,
      },
      {
        date: '2026-12-25',
        status: 'Closed',
        name: 'Christmas Day',
        location_id: '2',
        start_hour: null,
        end_hour: null,
      },
      {
        date: '2026-12-26',
        status: 'Open',
        name: 'Boxing Day',
        location_id: '1',
        start_hour: '10:00',
        end_hour: '16:00',
      },
      {
        date: '2026-12-26',
        status: 'Closed',
        name: 'Boxing Day',
        location_id: '2',
        start_hour: null,
        end_hour: null,
      },
      {
        date: '2026-11-01',
        status: 'Closed',
        name: 'Past',
        location_id: '1',
        start_hour: null,
        end_hour: null,
      },
      {
        date: '2026-12-25',
        status: 'Closed',
        name: 'Elsewhere',
        location_id: '9',
        start_hour: null,
        end_hour: null,
      },
    ];
    const lines = holidayLines(
      entries,
      [
        { id: '1', location_type: 'sales' },
        { id: '2', location_type: 'service' },
      ],
      '2026-11-23',
    );
    expect(lines).toEqual([
      {
        date: '2026-12-25',
        day: 'Friday 25 December 2026',
        name: 'Christmas Day',
        hours: 'Closed',
      },
      {
        date: '2026-12-26',
        day: 'Saturday 26 December 2026',
        name: 'Boxing Day',
        department: 'Sales',
        hours: '10:00 AM - 4:00 PM',
      },
      {
        date: '2026-12-26',
        day: 'Saturday 26 December 2026',
        name: 'Boxing Day',
        department: 'Service',
        hours: 'Closed',
      },
    ]);
  });
});

describe('reviews (SPEC 5, 9)', () => {
  const review = (
    id: number,
    rating: number,
    text: string | null,
    customer_name = `Customer ${id}`,
  ): Review => ({
    id: String(id),
    rating,
    text,
    customer_name,
  });
  const filter = { excluded_ids: ['3'], blocked_names: ['Troll McTroll'], min_rating: 4 };

  it.each([
    ['the excluded id', review(3, 5, 'Great')],
    ['no text', review(4, 5, '')],
    ['only spaces', review(5, 5, '   ')],
    ['null text', review(6, 5, null)],
    ["text containing 'Translated'", review(7, 5, '(Translated by Google) Excellent')],
    ['a blocklisted name (any case)', review(8, 5, 'Great', 'troll mctroll')],
    ['below the minimum rating', review(9, 3, 'Fine')],
  ])('leaves out %s', (_, excluded) => {
    expect(selectReviews([review(1, 5, 'Great'), excluded], filter).map((r) => r.id)).toEqual([
      '1',
    ]);
  });

  it('the summary is of the reviews shown: 3 cards say "from 3 reviews", averaged over those 3', () => {
    const pool = [
      review(1, 5, 'Great'),
      review(2, 4, 'Good'),
      review(3, 5, 'Great'),
      review(4, 5, 'Fine'),
      review(10, 2, 'Poor'),
    ];
    const { reviews, summary } = shownReviews(pool, filter);
    expect(reviews.map((r) => r.id)).toEqual(['1', '2', '4']);
    expect(summary).toEqual({ count: 3, average: 14 / 3 });
  });

  it('keeps at most 10, in feed order', () => {
    const many = Array.from({ length: 14 }, (_, i) => review(100 + i, 5, `Review ${i}`));
    expect(selectReviews(many, filter).map((r) => r.id)).toEqual(
      many.slice(0, 10).map((r) => r.id),
    );
  });

  it.each([
    [5, ['full', 'full', 'full', 'full', 'full']],
    [4.7, ['full', 'full', 'full', 'full', 'partial:70']],
    [4.3, ['full', 'full', 'full', 'full', 'empty']],
    [4.31, ['full', 'full', 'full', 'full', 'partial:31']],
    [3.5, ['full', 'full', 'full', 'partial:50', 'empty']],
    [3.2, ['full', 'full', 'full', 'empty', 'empty']],
    [1, ['full', 'empty', 'empty', 'empty', 'empty']],
    [0, ['empty', 'empty', 'empty', 'empty', 'empty']],
  ])('stars for %s', (rating, expected) => {
    expect(
      starFills(rating).map((star) =>
        star.kind === 'partial' ? `partial:${star.percent}` : star.kind,
      ),
    ).toEqual(expected);
  });

  it.each([
    [4.66, '4.7'],
    [5, '5.0'],
    [4.04, '4.0'],
  ])('rating line %s -> %s', (rating, line) => expect(ratingLine(rating)).toBe(line));

  it('text over 160 characters is cut, 160 or fewer is whole', () => {
    expect(reviewExcerpt('a'.repeat(160))).toEqual({ text: 'a'.repeat(160), truncated: false });
    const long = reviewExcerpt('b'.repeat(161));
    expect(long.truncated).toBe(true);
    expect(long.text).toBe(`${'b'.repeat(160)}...`);
  });
});

describe('nearest dealership (SPEC 9)', () => {
  it('radius options and defaults', () => {
    expect(RADIUS_OPTIONS_KM).toEqual([25, 50, 75, 100, 150, 250, 500, 750, 1000]);
    expect(DEFAULT_RADIUS_KM).toBe(50);
    expect(PLACE_RADIUS_KM).toBe(250);
  });

  it.each([
    [{ lat: -27.4698, lng: 153.0251 }, { lat: -33.8688, lng: 151.2093 }, 732],
    [{ lat: -37.8136, lng: 144.9631 }, { lat: -31.9505, lng: 115.8605 }, 2722],
    [{ lat: 0, lng: 0 }, { lat: 0, lng: 1 }, 111.19],
  ])('haversine %o to %o is about %s km', (a, b, km) => {
    expect(haversineKm(a, b)).toBeCloseTo(km, km > 200 ? -1 : 1);
  });

  it('SPEC 4/9: at most 5 dealerships, however many are within the radius', () => {
    const from = { lat: -27.47, lng: 153.02 };
    const seven = Array.from({ length: 7 }, (_, i) => ({
      name: `d${i}`,
      lat: -27.47 + i * 0.01,
      lng: 153.02,
    }));
    expect(nearest(seven, (d) => d, from, DEFAULT_RADIUS_KM).map((r) => r.item.name)).toEqual([
      'd0',
      'd1',
      'd2',
      'd3',
      'd4',
    ]);
    expect(NEAREST_RESULT_LIMIT).toBe(5);
  });

  it('nearest within the radius, nearest first, limited', () => {
    const points = [
      { name: 'far', lat: -33.87, lng: 151.21 },
      { name: 'near', lat: -27.52, lng: 153.19 },
      { name: 'mid', lat: -27.97, lng: 153.4 },
      { name: 'nowhere' },
    ] as { name: string; lat?: number; lng?: number }[];
    const from = { lat: -27.47, lng: 153.02 };
    const pos = (p: { lat?: number; lng?: number }) =>
      p.lat === undefined ? undefined : { lat: p.lat, lng: p.lng! };
    expect(nearest(points, pos, from, 250).map((r) => r.item.name)).toEqual(['near', 'mid']);
    expect(nearest(points, pos, from, 1000).map((r) => r.item.name)).toEqual([
      'near',
      'mid',
      'far',
    ]);
    expect(nearest(points, pos, from, 1000, 1).map((r) => r.item.name)).toEqual(['near']);
    expect(nearest(points, pos, from, 10)).toEqual([]);
  });

  it('autocomplete: case-insensitive substring, nothing for an empty input', () => {
    const names = ['Bayside Toyota', 'Southern Cross Mazda Penrith', 'Toyota Geelong'];
    expect(autocomplete(names, (n) => n, 'TOYOTA')).toEqual(['Bayside Toyota', 'Toyota Geelong']);
    expect(autocomplete(names, (n) => n, ' ')).toEqual([]);
  });
});

describe('places (SPEC 5, 8)', () => {
  const data: PlaceData = {
    postcodes: { '4157': [-27.568, 153.207], '0800': [-12.46, 130.84] },
    suburbs: [
      ['CAPALABA', 'QLD', '4157', -27.523, 153.193],
      ['SHELDON', 'QLD', '4157', -27.582, 153.198],
      ['DARWIN CITY', 'NT', '0800', -12.46, 130.84],
      ['NORTH CAPALABA', 'QLD', '4157', -27.5, 153.2],
    ],
  };
  it('a postcode resolves to its centroid', () => {
    expect(resolvePlace(data, '4157')).toEqual({
      place: { label: 'Capalaba QLD 4157', postcode: '4157', lat: -27.568, lng: 153.207 },
    });
    expect(resolvePlace(data, '0800')).toMatchObject({ place: { postcode: '0800' } });
  });
  it("an unknown postcode is 'Invalid postcode'", () => {
    expect(resolvePlace(data, '9999')).toEqual({ error: INVALID_POSTCODE });
    expect(INVALID_POSTCODE).toBe('Invalid postcode');
  });
  it('suburbs match by prefix first, then anywhere', () => {
    expect(searchPlaces(data, 'capa').map((p) => p.label)).toEqual([
      'Capalaba QLD 4157',
      'North Capalaba QLD 4157',
    ]);
  });
});

describe('location blocks and grouping (SPEC 2)', () => {
  const locations = [
    location({ id: '3', name: 'Bayside Toyota Parts', location_type: 'parts' }),
    location({ id: '2', name: 'Bayside Toyota Service', location_type: 'service' }),
    location({ id: '1', name: 'Bayside Toyota Sales', location_type: 'sales', primary: true }),
    location({ id: '4', name: 'Bayside Toyota Cleveland - Sales', location_type: '' }),
  ];
  it.each([
    ['primary', ['1']],
    ['sales', ['4', '1']],
    ['service', ['2']],
    ['parts', ['3']],
    ['service-and-parts', ['2', '3']],
    ['all', ['4', '1', '2', '3']],
  ] as const)('block %s', (block, ids) =>
    expect(blockLocations(locations, block).map((l) => l.id)).toEqual(ids),
  );
  it('block by location id', () =>
    expect(blockLocations(locations, { id: '2' }).map((l) => l.id)).toEqual(['2']));

  it("groups strip ' Sales', ' Service', ' Parts' and sort sales, service, parts", () => {
    const groups = groupLocations(locations);
    expect(groups.map((g) => [g.name, g.slug, g.locations.map((l) => l.id)])).toEqual([
      ['Bayside Toyota', 'bayside-toyota', ['1', '2', '3']],
      ['Bayside Toyota Cleveland', 'bayside-toyota-cleveland', ['4']],
    ]);
  });

  it.each([
    [1, 1],
    [3, 3],
    [4, 4],
    [12, 4],
  ])('%s locations -> %s columns', (count, columns) => expect(gridColumns(count)).toBe(columns));
  it.each([
    [9, true],
    [10, false],
  ])('%s markers numbered: %s', (count, numbered) => expect(numberedMarkers(count)).toBe(numbered));
});

describe('models (SPEC 4, 9)', () => {
  const model = (slug: string, body: string[]): Model =>
    ModelSchema.parse({ id: slug, name: slug, slug, body });
  const range = [
    model('yaris', ['Hatch']),
    model('rav4', ['SUV']),
    model('hilux', ['Ute', 'Cab Chassis']),
    model('corolla', ['Hatch', 'Sedan']),
  ];
  it('body filter buttons: All, then bodies in order, values lower case', () => {
    expect(bodyFilters(range).map((f) => f.value)).toEqual([
      'all',
      'hatch',
      'suv',
      'ute',
      'cab chassis',
      'sedan',
    ]);
    expect(bodyFilters(range, false)[0]).toEqual({ label: 'Hatch', value: 'hatch' });
  });
  it('selected body from the query in any case, else the default', () => {
    const filters = bodyFilters(range);
    expect(selectedBody(filters, 'SUV')).toBe('suv');
    expect(selectedBody(filters, 'boat')).toBe('all');
    expect(selectedBody(bodyFilters(range, false), null)).toBe('hatch');
  });
  it.each([
    ['all', null, 'all'],
    ['first', null, 'hatch'],
    ['first', 'SUV', 'suv'],
    ['first', 'boat', 'hatch'],
    ['all', 'ute', 'ute'],
  ] as const)('tenant start %s, ?body=%s -> %s', (start, query, body) =>
    expect(selectedBody(bodyFilters(range), query, start)).toBe(body),
  );
  it('starting on the first body falls back to All when the range has no body types', () => {
    expect(defaultBody(bodyFilters([model('mystery', [])]), 'first')).toBe('all');
    expect(defaultBody([], 'first')).toBe('all');
  });
  it('models for a body', () => {
    expect(modelsForBody(range, 'hatch').map((m) => m.slug)).toEqual(['yaris', 'corolla']);
    expect(modelsForBody(range, 'all')).toHaveLength(4);
  });
});

describe('sales counter (SPEC 9)', () => {
  it.each([
    ['2026-11-22T14:00:00Z', 0], // midnight in Brisbane
    ['2026-11-22T14:07:29Z', 0],
    ['2026-11-22T14:07:30Z', 1], // 450 s
    ['2026-11-23T02:00:00Z', 96], // noon: half of 192
    ['2026-11-23T13:59:59Z', 191],
  ])('%s -> %s sales', (instant, count) => expect(salesToday(Date.parse(instant))).toBe(count));
});

describe('autocomplete of dealership labels ignores empty input', () => {
  it('list shown only when input non-empty', () =>
    expect(autocomplete(['A'], (a) => a, '')).toEqual([]));
});
