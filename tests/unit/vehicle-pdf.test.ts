import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../api/app';
import { carPdf, pdfSafe } from '../../api/pdf/car-pdf';
import { CarSchema } from '../../src/feeds/schemas';
import type { SiteData } from '../../src/site/types';
import { parseTenant } from '../../src/tenant/load';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tenant = parseTenant(
  readFileSync(path.join(ROOT, 'tenants/bayside-toyota.yaml'), 'utf8'),
  'tenants/bayside-toyota.yaml',
);
const car = CarSchema.parse({
  id: 7,
  slug: '2022-toyota-corolla-ascent-sport-7',
  name: '2022 Toyota Corolla Ascent Sport',
  year: 2022,
  make: 'Toyota',
  model: 'Corolla',
  badge: 'Ascent Sport',
  car_type: 'used',
  status: 'in_stock',
  price: 28_990,
  km: 31_500,
  dealercomments: `One owner — “immaculate” condition… ${'Full service history. '.repeat(400)}`,
  standardEquipment: { Safety: ['Reversing Camera', 'Lane Departure Warning'] },
  location: {
    id: 1,
    name: 'Bayside Toyota Sales',
    address: { street: '1 Main Rd', city: 'Capalaba', state: 'QLD', postcode: '4157' },
  },
});
const site = {
  tenant,
  builtAt: '2026-11-22T00:00:00.000Z',
  cars: [car],
  locations: [],
} as unknown as SiteData;
const api = createApi({ siteFor: () => site }, () => 'bayside-toyota');

describe('car PDF (SPEC 4 Print PDF)', () => {
  it('is a real PDF titled with the car, spilling long comments onto more pages', async () => {
    const doc = await PDFDocument.load(
      await carPdf(car, { tenant, now: new Date('2026-11-22T00:00:00Z') }),
    );
    expect(doc.getTitle()).toBe('2022 Toyota Corolla Ascent Sport');
    expect(doc.getPageCount()).toBeGreaterThan(1);
  });

  it('keeps text the standard fonts can encode', () =>
    expect(pdfSafe('“a” – b… ✓ 😀')).toBe('"a" - b...  '));

  it('GET /api/cars/{slug}/pdf downloads {slug}.pdf', async () => {
    const response = await api.fetch(new Request(`http://x/api/cars/${car.slug}/pdf`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${car.slug}.pdf"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  });

  it('404s an unknown car with a message a person can act on', async () => {
    const response = await api.fetch(new Request('http://x/api/cars/no-such-car/pdf'));
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toMatch(
      /No car "no-such-car" on this site/,
    );
  });
});
