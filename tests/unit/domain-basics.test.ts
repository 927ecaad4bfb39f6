import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatKm,
  formatNumber,
  formatPhone,
  formatPrice,
} from '../../src/domain/format';
import { imageTag, type TagSettings } from '../../src/domain/tags';
import { isListed, isSelected, soldCutoff } from '../../src/domain/stock';
import {
  contactLocationSlug,
  locationGroupName,
  locationSlug,
  sortLocations,
} from '../../src/domain/locations';
import { minimumPrice, modelStatusLabel } from '../../src/domain/models';
import { bodyTypesOf } from '../../src/domain/body-types';
import { contrastRatio } from '../../src/domain/contrast';
import type { Car } from '../../src/feeds/schemas';

const NOW = Date.parse('2026-11-22T00:00:00Z');
const DAY = 86_400;

describe('formatting (SPEC 9)', () => {
  it.each([
    [0, '$0'],
    [999, '$999'],
    [1000, '$1,000'],
    [48990, '$48,990'],
    [48990.6, '$48,991'],
    [1250000, '$1,250,000'],
  ])('price %s -> %s', (amount, text) => expect(formatPrice(amount)).toBe(text));

  it('km with thousands separators', () => expect(formatKm(78500)).toBe('78,500 km'));

  it.each([
    [7, '7'],
    [1234, '1,234'],
    [1234567.4, '1,234,567'],
    [-98765, '-98,765'],
  ])('number %s -> %s, grouped as en-AU does', (value, text) => {
    expect(formatNumber(value)).toBe(text);
    expect(formatNumber(value)).toBe(
      new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 }).format(value),
    );
  });

  it('cents', () => expect(formatCents(1234.5)).toBe('$1,234.50'));

  it.each([
    ['+61732456100', '07 3245 6100'],
    ['+61 7 3245 6100', '07 3245 6100'],
    ['0755506100', '07 5550 6100'],
    ['+61491570123', '04 9157 0123'],
    ['1300975711', '1300 975 711'],
    ['132233', '13 22 33'],
  ])('phone %s -> %s', (input, output) => expect(formatPhone(input)).toBe(output));
});

describe('stock filter (SPEC 7)', () => {
  const cutoff = soldCutoff(NOW, 3);
  it('cut-off is now minus the sold days', () => expect(cutoff).toBe(NOW / 1000 - 3 * DAY));
  it.each([
    ['in stock', { status: 'in_stock' }, true],
    ['coming soon', { status: 'coming_soon' }, true],
    ['sold 2 days ago', { status: 'sold', sold_date_timestamp: NOW / 1000 - 2 * DAY }, true],
    [
      'sold exactly at the cut-off',
      { status: 'sold', sold_date_timestamp: NOW / 1000 - 3 * DAY },
      false,
    ],
    ['sold 4 days ago', { status: 'sold', sold_date_timestamp: NOW / 1000 - 4 * DAY }, false],
    ['sold without a date', { status: 'sold' }, false],
    ['hidden from the website', { status: 'in_stock', show_on_dealer_website: false }, false],
  ])('%s', (_, car, listed) =>
    expect(isListed(car as Parameters<typeof isListed>[0], cutoff)).toBe(listed),
  );

  it('selects by make, car type, dealership and item type', () => {
    const car = {
      make: 'Toyota',
      car_type: 'used',
      dealership_id: '7',
      item_type: null,
    } as unknown as Car;
    const all = {
      dealership_ids: [],
      makes: [],
      car_types: ['new', 'demo', 'used'] as const,
      include_sold_cars_days: 3,
    };
    expect(isSelected(car, { ...all, car_types: [...all.car_types] })).toBe(true);
    expect(isSelected(car, { ...all, car_types: ['new'] })).toBe(false);
    expect(isSelected(car, { ...all, car_types: [...all.car_types], makes: ['toyota'] })).toBe(
      true,
    );
    expect(isSelected(car, { ...all, car_types: [...all.car_types], makes: ['Mazda'] })).toBe(
      false,
    );
    expect(isSelected(car, { ...all, car_types: [...all.car_types], dealership_ids: ['8'] })).toBe(
      false,
    );
    expect(isSelected(car, { ...all, car_types: [...all.car_types], item_type: 'caravan' })).toBe(
      false,
    );
  });
});

describe('image tag priority (SPEC 4)', () => {
  const settings: TagSettings = {
    fuelTags: true,
    certifiedLogo: true,
    justArrivedDays: 8,
    soldLabel: 'JUST SOLD',
    justArrivedLabel: 'JUST ARRIVED',
  };
  const base = {
    status: 'in_stock',
    make: 'Toyota',
    car_type: 'used',
    simple_fuel: 'Petrol',
    created_at: '2025-01-01T00:00:00Z',
  } as const;
  const tag = (car: object, s = settings) =>
    imageTag({ ...base, ...car } as Parameters<typeof imageTag>[0], s, NOW)?.label;

  it('sold cars show the sold tag', () =>
    expect(tag({ status: 'sold', reserved: true })).toBe('JUST SOLD'));
  it('fuel tag first when enabled', () =>
    expect(tag({ simple_fuel: 'Hybrid', reserved: true })).toBe('HYBRID'));
  it('plug-in hybrid and electric', () => {
    expect(tag({ simple_fuel: 'Plug-in Hybrid' })).toBe('PLUG-IN HYBRID');
    expect(tag({ simple_fuel: 'Electric' })).toBe('ELECTRIC');
  });
  it('fuel tag skipped when disabled', () =>
    expect(tag({ simple_fuel: 'Hybrid', reserved: true }, { ...settings, fuelTags: false })).toBe(
      'RESERVED',
    ));
  it('RESERVED before certified', () =>
    expect(tag({ reserved: true, certified: true })).toBe('RESERVED'));
  it('certified used Toyota before custom tag', () =>
    expect(tag({ certified: true, tag: 'Low Kms' })).toBe('Toyota Certified Pre-Owned'));
  it('certified logo only for used Toyotas', () =>
    expect(tag({ certified: true, make: 'Mazda', tag: 'Low Kms' })).toBe('Low Kms'));
  it('custom tag before COMING SOON', () =>
    expect(tag({ tag: 'Test Drive Only', status: 'coming_soon' })).toBe('Test Drive Only'));
  it('COMING SOON before just arrived', () =>
    expect(tag({ status: 'coming_soon', created_at: '2026-11-20T00:00:00Z' })).toBe('COMING SOON'));
  it('just arrived within 8 days, not after', () => {
    expect(tag({ created_at: '2026-11-14T00:00:01Z' })).toBe('JUST ARRIVED');
    expect(tag({ created_at: '2026-11-14T00:00:00Z' })).toBeUndefined();
  });
  it('none otherwise', () => expect(tag({})).toBeUndefined());
});

describe('locations (SPEC 2)', () => {
  it('group names strip Sales, Service and Parts', () => {
    expect(locationGroupName('Bayside Toyota Sales')).toBe('Bayside Toyota');
    expect(locationGroupName('Bayside Toyota Service')).toBe('Bayside Toyota');
    expect(locationGroupName('Bayside Toyota - Parts')).toBe('Bayside Toyota');
    expect(locationGroupName('Salesforce Motors')).toBe('Salesforce Motors');
  });
  it('sort sales, service, parts', () => {
    const sorted = sortLocations([
      { name: 'B', location_type: 'parts' },
      { name: 'C', location_type: 'service' },
      { name: 'A', location_type: 'sales' },
    ]);
    expect(sorted.map((l) => l.location_type)).toEqual(['sales', 'service', 'parts']);
  });
});

describe('models', () => {
  it('minimum prices ignore zero and non-numeric values (SPEC 5)', () => {
    expect(minimumPrice([0, 'POA', null, 38990, 34990])).toBe(34990);
    expect(minimumPrice([0, 'POA'])).toBeUndefined();
  });
  it('status labels (SPEC 4)', () => {
    expect(modelStatusLabel('all_new')).toBe('NEW');
    expect(modelStatusLabel('new')).toBe('NEW');
    expect(modelStatusLabel('coming_soon')).toBe('COMING SOON');
    expect(modelStatusLabel(null)).toBeUndefined();
  });
});

describe('body types (SPEC 9)', () => {
  it('maps a car to its body type and the ev, 4x4 and prestige groups', () => {
    expect(
      bodyTypesOf({
        simple_body: 'SUV',
        simple_fuel: 'Electric',
        simple_drive: '4X4',
        make: 'BMW',
      }),
    ).toEqual(['suv', 'ev', '4x4', 'prestige']);
    expect(bodyTypesOf({ simple_body: 'Cab Chassis', make: 'Isuzu' })).toEqual(['cabChassis']);
    expect(bodyTypesOf({ simple_body: 'People Mover', make: 'Kia' })).toEqual(['peopleMover']);
  });
});

describe('contrast', () => {
  it('matches WCAG figures', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 1);
  });
});

describe('location slugs (SPEC 2 routes)', () => {
  it('uses the feed slug, else the slugified name', () => {
    expect(locationSlug({ slug: 'capalaba-sales', name: 'Bayside Toyota Capalaba Sales' })).toBe(
      'capalaba-sales',
    );
    expect(locationSlug({ slug: undefined, name: 'Bayside Toyota Capalaba Sales' })).toBe(
      'bayside-toyota-capalaba-sales',
    );
  });
  it.each([
    ['Bayside Toyota Capalaba - Sales', 'bayside-toyota-capalaba'],
    ['Bayside Toyota Capalaba - Service', 'bayside-toyota-capalaba'],
    ['Bayside Toyota Capalaba Parts', 'bayside-toyota-capalaba'],
    ['Sunset Caravans Geelong', 'sunset-caravans-geelong'],
  ])('contact-us slug of %s is %s', (name, slug) =>
    expect(contactLocationSlug({ name })).toBe(slug),
  );
});
