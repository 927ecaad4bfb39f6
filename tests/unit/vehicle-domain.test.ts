import { describe, expect, it } from 'vitest';
import { CarSchema, type Car, type CarInput, type Location } from '../../src/feeds/schemas';
import { breadcrumbTitle, vehicleSubtitle } from '../../src/domain/vehicle/title';
import { FEATURE_LIST_INITIAL, SPEC_LIST_INITIAL, splitList } from '../../src/domain/vehicle/lists';
import { COMMENTS_PENDING, dealerComments } from '../../src/domain/vehicle/comments';
import { maskPhone } from '../../src/domain/vehicle/phone-mask';
import { showsTradeIn } from '../../src/domain/vehicle/trade-in';
import { locationAnnouncement } from '../../src/domain/vehicle/announcement';
import {
  availableViews,
  defaultView,
  gallerySlides,
  isDirectVideo,
  showsThumbnails,
  stepIndex,
  videoIndex,
  videoUrls,
  walkaroundUrl,
} from '../../src/domain/vehicle/media';
import { autoRotateNext, frameAfterDrag, spinAngleText } from '../../src/domain/vehicle/spin';
import { availability, carJsonLd } from '../../src/domain/vehicle/json-ld';
import {
  allSpecifications,
  caravanSpecifications,
  carDetails,
  keyInformation,
  usedCarExtras,
} from '../../src/domain/vehicle/specs';
import { enquireLabel, vehicleActions } from '../../src/domain/vehicle/status';
import { belowMarketBy } from '../../src/domain/vehicle/market';
import {
  COPIED_MS,
  copiedMessage,
  SHARE_WINDOW,
  shareLinks,
  TOAST_MS,
} from '../../src/domain/vehicle/share';

function car(overrides: Partial<CarInput> = {}): Car {
  return CarSchema.parse({
    id: 1,
    slug: 'test-car-1',
    name: '2022 Toyota Corolla Ascent Sport',
    year: 2022,
    make: 'Toyota',
    model: 'Corolla',
    badge: 'Ascent Sport',
    car_type: 'used',
    status: 'in_stock',
    price: 30_000,
    ...overrides,
  });
}

const image = (url: string) => ({ image: { url, thumb: { url: `${url}?thumb` } } });

describe('breadcrumb title (SPEC 2)', () => {
  it.each([
    ['year make model badge without a series', {}, '2022 Toyota Corolla Ascent Sport'],
    ['no badge', { badge: null }, '2022 Toyota Corolla'],
    [
      'the name when a series is shown',
      { series: 'sport', name: 'Corolla Sport Special' },
      'Corolla Sport Special',
    ],
    ['a blank series is no series', { series: '  ' }, '2022 Toyota Corolla Ascent Sport'],
  ])('%s', (_, overrides, title) => expect(breadcrumbTitle(car(overrides))).toBe(title));

  it('sub-title includes the series', () =>
    expect(vehicleSubtitle(car({ series: 'city' }))).toBe('2022 Toyota Corolla Ascent Sport city'));
});

describe('list limits (SPEC 9: specs 4, features 8)', () => {
  const items = Array.from({ length: 10 }, (_, i) => i);
  it.each([
    [SPEC_LIST_INITIAL, 4, 6],
    [FEATURE_LIST_INITIAL, 8, 2],
  ])('first %i shown', (limit, shown, more) => {
    const split = splitList(items, limit);
    expect(split.shown).toHaveLength(shown);
    expect(split.more).toHaveLength(more);
  });
  it('a short list has nothing more', () => expect(splitList([1, 2, 3], 4).more).toEqual([]));
});

describe('dealer comments (SPEC 4: 400-character truncation)', () => {
  it('pending text is SPEC copy', () =>
    expect(COMMENTS_PENDING).toBe('Dealer comments are pending. Please check back here later.'));
  it.each([[''], ['   '], [null], [undefined]])('blank %j is pending', (text) =>
    expect(dealerComments(text)).toBeUndefined(),
  );
  it('400 characters are shown whole', () =>
    expect(dealerComments('a'.repeat(400))).toEqual({ full: 'a'.repeat(400) }));
  it('401 characters are truncated to 400 plus an ellipsis', () => {
    const result = dealerComments('a'.repeat(401))!;
    expect(result.short).toBe(`${'a'.repeat(400)}…`);
    expect(result.full).toHaveLength(401);
  });
  it('cuts at exactly 400 characters, even inside a word', () => {
    const text = `${'wordings '.repeat(50)}end`;
    expect(dealerComments(text)!.short).toBe(`${text.slice(0, 400)}…`);
    expect(text.slice(396, 401)).toBe('wordi'); // the cut falls inside "wordings"
  });
});

describe('phone mask and display (SPEC 4, 9)', () => {
  it.each([
    ['07 5550 6100', '07 55XX XXXX'],
    ['+61755506100', '07 55XX XXXX'],
    ['1300975711', '1300 XXX XXX'],
    ['+61491570123', '04 91XX XXXX'],
  ])('%s masks to %s', (phone, masked) => expect(maskPhone(phone)).toBe(masked));
});

describe('trade-in button (SPEC 5)', () => {
  it.each([
    ['in stock, priced', {}, true, true],
    ['autograb off', {}, false, false],
    ['coming soon', { status: 'coming_soon' }, true, false],
    ['sold', { status: 'sold', sold: true }, true, false],
    ['sold flag on an in_stock car', { sold: true }, true, false],
    ['reserved', { reserved: true }, true, false],
    ['price 200', { price: 200 }, true, false],
    ['price 201', { price: 201 }, true, true],
    ['no price', { price: null }, true, false],
  ])('%s', (_, overrides, enabled, shown) =>
    expect(showsTradeIn(car(overrides as Partial<CarInput>), enabled)).toBe(shown),
  );
});

describe('announcement bar (SPEC 2)', () => {
  const location = (city: string, primary: boolean) =>
    ({
      id: city,
      name: `${city} Sales`,
      location_type: 'sales',
      primary,
      address: { city },
    }) as unknown as Location;
  const locations = [location('Capalaba', true), location('Cleveland', false)];
  it.each([
    ['same city as the primary location', 'Capalaba', undefined],
    ['same city, other case', 'capalaba', undefined],
    ['another city', 'Cleveland', 'Cleveland'],
  ])('%s', (_, city, shown) => {
    const result = locationAnnouncement(
      car({
        location: { id: '9', name: 'X', address: { city, place_url: 'https://maps.example/x' } },
      }),
      locations,
    );
    expect(result?.city).toBe(shown);
    if (shown) expect(result?.directionsUrl).toBe('https://maps.example/x');
  });
  it('falls back to the car city and the map anchor', () => {
    expect(locationAnnouncement(car({ city: 'Cleveland' }), locations)).toEqual({
      city: 'Cleveland',
      directionsUrl: '#vehicle-map',
    });
  });
});

describe('media (SPEC 9)', () => {
  it.each([
    [3, false],
    [4, true],
  ])('thumbnails with %i images: %s', (count, shown) => expect(showsThumbnails(count)).toBe(shown));

  it.each([
    ['start', 5, 0],
    ['second', 5, 1],
    ['middle', 5, 2],
    ['end', 5, 5],
    ['second', 0, 0],
  ] as const)('video at %s of %i photos -> index %i', (position, count, index) =>
    expect(videoIndex(position, count)).toBe(index),
  );

  it('inserts the stock video among the photos, default second', () => {
    const slides = gallerySlides(
      car({ images: [image('/a.svg'), image('/b.svg'), image('/c.svg')], video_url: '/v.mp4' }),
      'second',
    );
    expect(slides.map((slide) => slide.url)).toEqual(['/a.svg', '/v.mp4', '/b.svg', '/c.svg']);
    expect(slides[0]).toEqual({ kind: 'image', url: '/a.svg', thumb: '/a.svg?thumb' });
  });

  it.each([
    ['first url', [{ video: { url: '/w1.mp4' } }, { video: { url: '/w2.mp4' } }], '/w1.mp4'],
    ['blank first url', [{ video: { url: '  ' } }, { video: { url: '/w2.mp4' } }], undefined],
    ['none', [], undefined],
  ])('walkaround: %s', (_, items, url) =>
    expect(walkaroundUrl(car({ walkaround_videos: items }))).toBe(url),
  );

  it('videos: all urls or empty', () => {
    expect(
      videoUrls(car({ videos: [{ video: { url: '/a.mp4' } }, { video: { url: '' } }] })),
    ).toEqual(['/a.mp4']);
    expect(videoUrls(car())).toEqual([]);
  });

  it('never hands an iframe a URL that could run script, even from a record built without the feed check', () => {
    const hostile = {
      ...car({
        external_video_url: 'https://www.youtube.com/embed/x',
        videos: [{ video: { url: '/a.mp4' } }],
      }),
      video_url: 'javascript:alert(1)',
      external_video_url: 'javascript:alert(document.domain)',
      videos: [
        { video: { url: 'data:text/html,<script>alert(1)</script>' } },
        { video: { url: '/a.mp4' } },
      ],
      walkaround_videos: [{ video: { url: ' javascript:alert(1)' } }],
    };
    expect(videoUrls(hostile)).toEqual(['/a.mp4']);
    expect(walkaroundUrl(hostile)).toBeUndefined();
    expect(
      gallerySlides({ ...hostile, images: [image('/a.svg')] }, 'start').map((slide) => slide.kind),
    ).toEqual(['image']);
    expect(
      videoUrls(
        car({
          external_video_url: 'https://www.youtube.com/embed/x',
          videos: [{ video: { url: '/a.mp4' } }],
        }),
      ),
    ).toEqual(['https://www.youtube.com/embed/x', '/a.mp4']);
  });

  it.each([
    ['/a.mp4', true],
    ['/a.webm?x=1', true],
    ['https://www.youtube.com/embed/x', false],
  ])('direct video %s: %s', (url, direct) => expect(isDirectVideo(url)).toBe(direct));

  it('views in SPEC order, only those the car has', () => {
    expect(availableViews(car())).toEqual(['gallery']);
    expect(
      availableViews(
        car({
          spin_images: ['/1.svg', '/2.svg'],
          walkaround_videos: [{ video: { url: '/w.mp4' } }],
          spin_interior_image: '/i.svg',
        }),
      ),
    ).toEqual(['spin', 'walkaround', 'gallery', 'interior']);
  });

  it.each([
    [['spin', 'gallery'], 'spin', 'spin'],
    [['spin', 'gallery'], 'gallery', 'gallery'],
    [['gallery'], 'spin', 'gallery'],
  ] as const)('default view of %j preferring %s is %s', (views, preferred, view) =>
    expect(defaultView([...views], preferred)).toBe(view),
  );

  it.each([
    [0, 1, 5, 1],
    [4, 1, 5, 0],
    [0, -1, 5, 4],
  ])('step from %i by %i of %i -> %i', (index, delta, count, next) =>
    expect(stepIndex(index, delta, count)).toBe(next),
  );
});

describe('360 spin (SPEC 9: 20 px per step)', () => {
  it.each([
    [0, -19, 0],
    [0, -20, 1],
    [0, -45, 2],
    [0, 20, 11],
    [11, -20, 0],
  ])('from frame %i dragging %i px -> frame %i of 12', (start, dx, frame) =>
    expect(frameAfterDrag(start, dx, 12)).toBe(frame),
  );
  it('auto-rotation stops after one loop', () => {
    let frame = 0;
    let ticks = 0;
    for (;;) {
      const next = autoRotateNext(frame, ticks, 12);
      if (next === undefined) break;
      frame = next;
      ticks++;
    }
    expect(ticks).toBe(12);
    expect(frame).toBe(0);
  });

  it.each([
    [0, 36, 'Angle 0 degrees'],
    [9, 36, 'Angle 90 degrees'],
    [1, 24, 'Angle 15 degrees'],
    [35, 36, 'Angle 350 degrees'],
  ])('frame %i of %i reads "%s"', (frame, count, text) => {
    expect(spinAngleText(frame, count)).toBe(text);
  });
});

describe('status and buttons (SPEC 4)', () => {
  const settings = { reserve: true, enquireLabel: 'Enquire Now' };
  it.each([
    ['in stock', {}, { available: true, reserve: true, call: true, findSimilar: false }],
    [
      'coming soon: reservable too',
      { status: 'coming_soon' },
      { available: true, reserve: true, call: true, findSimilar: false },
    ],
    [
      'no price: no reserve',
      { price: null },
      { available: true, reserve: false, call: true, findSimilar: false },
    ],
    [
      'reserved: no reserve',
      { reserved: true },
      { available: true, reserve: false, call: true, findSimilar: false },
    ],
    [
      'sold',
      { status: 'sold', sold: true },
      { available: false, reserve: false, call: false, findSimilar: true },
    ],
    [
      'other status',
      { status: 'others' },
      { available: false, reserve: false, call: false, findSimilar: true },
    ],
  ])('%s', (_, overrides, expected) =>
    expect(vehicleActions(car(overrides as Partial<CarInput>), settings)).toMatchObject(expected),
  );

  it('no reserve where the site does not take reservations', () =>
    expect(vehicleActions(car(), { ...settings, reserve: false }).reserve).toBe(false));
  it.each([
    [false, 'Enquire Now', 'Enquire Now'],
    [true, 'Enquire Now', 'Instant Message'],
    [false, 'Instant Message', 'Instant Message'],
  ])('instant_message %s, label %s -> %s', (instant, label, shown) =>
    expect(
      enquireLabel({ features: { instant_message: instant }, labels: { enquire_button: label } }),
    ).toBe(shown),
  );
});

describe('spec lists', () => {
  const full = car({
    km: 45_210,
    trans: '6 Speed Automatic',
    body: '5D Hatchback',
    fuel: 'Petrol',
    drive: 'Front Wheel Drive',
    colour: 'Glacier White',
    stocknum: 'U123',
    vin: 'JTNABC',
    regplate: 'ABC123',
    variant: { power: 126, fuelcapacity: 50, towingcapacitybraked: 1300 },
  });
  it('key information starts with odometer, transmission, body, fuel', () =>
    expect(keyInformation(full).slice(0, 4)).toEqual([
      { label: 'Odometer', value: '45,210 km' },
      { label: 'Transmission', value: '6 Speed Automatic' },
      { label: 'Body', value: '5D Hatchback' },
      { label: 'Fuel', value: 'Petrol' },
    ]));
  it('all specifications format units', () =>
    expect(allSpecifications(full)).toEqual(
      expect.arrayContaining([
        { label: 'Power', value: '126 kW' },
        { label: 'Towing capacity (braked)', value: '1,300 kg' },
      ]),
    ));
  it('details box and used extras', () => {
    expect(carDetails(full)).toContainEqual({ label: 'VIN', value: 'JTNABC' });
    expect(usedCarExtras(full)).toContainEqual({ label: 'Registration', value: 'ABC123' });
    expect(usedCarExtras(car({ car_type: 'new' }))).toEqual([]);
  });
  it('caravan specifications in feet and kg, only for caravans', () => {
    const specifications = {
      body_length: 21.5,
      body_width: 7.9,
      tare_weight: 2580,
      aggregate_trailer_mass: 3180,
      axle_type: 'Tandem',
      sleeps: 2,
    };
    expect(caravanSpecifications(car({ item_type: 'caravan', specifications }))).toEqual([
      { label: 'Body length', value: '21.5 ft' },
      { label: 'Body width', value: '7.9 ft' },
      { label: 'Tare weight', value: '2,580 kg' },
      { label: 'Aggregate trailer mass', value: '3,180 kg' },
      { label: 'Axle type', value: 'Tandem' },
      { label: 'Sleeps', value: '2' },
    ]);
    expect(caravanSpecifications(car({ specifications }))).toEqual([]);
  });
});

describe('JSON-LD Car + Offer', () => {
  it.each([
    [{}, 'https://schema.org/InStock'],
    [{ status: 'coming_soon' }, 'https://schema.org/PreOrder'],
    [{ status: 'sold', sold: true }, 'https://schema.org/SoldOut'],
  ])('availability of %j', (overrides, value) =>
    expect(availability(car(overrides as Partial<CarInput>))).toBe(value),
  );

  it('carries price in AUD, condition, VIN, km in KMT and brand', () => {
    const data = carJsonLd(car({ vin: 'JTN1', km: 1000, colour: 'Red', car_type: 'new' }), {
      pageUrl: 'https://x.example/cars/test-car-1',
      images: ['https://x.example/a.svg'],
      sellerName: 'Bayside Toyota',
    });
    expect(data).toMatchObject({
      '@type': 'Car',
      brand: { '@type': 'Brand', name: 'Toyota' },
      model: 'Corolla',
      vehicleConfiguration: 'Ascent Sport',
      vehicleIdentificationNumber: 'JTN1',
      itemCondition: 'https://schema.org/NewCondition',
      mileageFromOdometer: { value: 1000, unitCode: 'KMT' },
      color: 'Red',
      offers: {
        '@type': 'Offer',
        price: 30_000,
        priceCurrency: 'AUD',
        availability: 'https://schema.org/InStock',
      },
    });
  });
});

describe('market-price indicator (SPEC 5)', () => {
  it.each([
    [30_000, 30_499, undefined],
    [30_000, 30_500, 500],
    [10, 5_000, undefined],
    [30_000, null, undefined],
  ])('price %s, average %s -> %s under', (price, average, under) =>
    expect(belowMarketBy(car({ price, autograb_data: { average_market_price: average } }))).toBe(
      under,
    ),
  );
});

describe('share (SPEC 9)', () => {
  it('toast text and timings', () => {
    expect(copiedMessage('2022 Toyota Corolla')).toBe(
      'Copied 2022 Toyota Corolla to your clipboard!',
    );
    expect([TOAST_MS, COPIED_MS, SHARE_WINDOW]).toEqual([3000, 1500, 'width=550,height=400']);
  });
  it('share links carry the page URL', () =>
    expect(
      shareLinks('https://x.example/cars/a', 'A car').every((link) =>
        link.href.includes(encodeURIComponent('https://x.example/cars/a')),
      ),
    ).toBe(true));
});
