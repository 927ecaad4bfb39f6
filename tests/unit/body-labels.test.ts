import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { CarSchema, type CarInput } from '../../src/feeds/schemas';
import { BODY_TYPES, bodyLabel } from '../../src/domain/body-types';
import { CarCard } from '../../src/islands/CarCard';
import { toSearchDocument } from '../../src/search/document';
import { keyInformation } from '../../src/domain/vehicle/specs';
import { carJsonLd } from '../../src/domain/vehicle/json-ld';
import { FinanceSchema } from '../../src/tenant/schema/finance';

const car = (overrides: Partial<CarInput>) =>
  CarSchema.parse({
    id: 1,
    slug: 'c-1',
    name: '2024 Isuzu D-Max',
    year: 2024,
    make: 'Isuzu',
    model: 'D-Max',
    car_type: 'new',
    status: 'in_stock',
    price: 50_000,
    ...overrides,
  });

describe('body type labels (SPEC 9): one label per body type wherever a shopper reads it', () => {
  it.each([
    ['cabChassis', 'Cab Chassis'],
    ['peopleMover', 'People Mover'],
    ['cab chassis', 'Cab Chassis'],
    ['PEOPLE-MOVER', 'People Mover'],
    ['suv', 'SUV'],
    ['stationWagon', 'Station Wagon'],
    ['lightTruck', 'Light Truck'],
    ['popTop', 'Pop Top'],
    ['Pop Top', 'Pop Top'],
    ['4D Wagon', '4D Wagon'],
    ['  ', undefined],
  ])('%j reads %j', (raw, label) => {
    expect(bodyLabel(raw)).toBe(label);
  });

  it('every SPEC body type id reads as its label', () => {
    for (const [id, label] of Object.entries(BODY_TYPES)) expect(bodyLabel(id)).toBe(label);
  });

  const raw = car({ simple_body: 'cabChassis', body: 'peopleMover' });

  it("a card (home page, from the feed car) prints 'Cab Chassis', not the feed's 'cabChassis'", () => {
    const html = renderToStaticMarkup(
      createElement(CarCard, { car: raw as never, attributes: ['car_type', 'simple_body'] }),
    );
    expect(html).toContain('<li>Cab Chassis</li>');
    expect(html).not.toContain('cabChassis');
  });

  it('a search result card reads the label from its search document', () => {
    const doc = toSearchDocument(raw, {
      finance: FinanceSchema.parse({}),
      dealershipNames: new Map(),
      locationSlug: () => '',
    });
    expect(doc.simple_body).toBe('Cab Chassis');
    const html = renderToStaticMarkup(
      createElement(CarCard, { car: doc as never, attributes: ['simple_body'] }),
    );
    expect(html).toContain('<li>Cab Chassis</li>');
  });

  it("the vehicle page's key information and JSON-LD use the label", () => {
    expect(keyInformation(raw)).toContainEqual(
      expect.objectContaining({ label: 'Body', value: 'People Mover' }),
    );
    expect(
      carJsonLd(raw, { pageUrl: 'https://x/cars/c-1', images: [], sellerName: 'X' }).bodyType,
    ).toBe('People Mover');
  });
});
