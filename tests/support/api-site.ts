import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseTenant } from '../../src/tenant/load';
import type { SiteData } from '../../src/site/types';

/** A site for API tests: the bayside-toyota tenant file with `leads` settings merged in, two dealerships, one car. */
export function apiTestSite(leads: Record<string, unknown> = {}): SiteData {
  const file = path.join(process.cwd(), 'tenants', 'bayside-toyota.yaml');
  const tenant = parseTenant(
    `${readFileSync(file, 'utf8')}\nleads: ${JSON.stringify(leads)}\n`,
    file,
  );
  const location = (id: number, dealership: string) => ({
    id,
    name: `${dealership} Sales`,
    location_type: 'sales',
    address: { city: 'Brisbane', state: 'QLD', postcode: '4000', lat: -27.47, long: 153.02 },
    contact_detail: { phone: '0730001234', opening_hours: [] },
    dealership: { id: id * 10, slug: dealership.toLowerCase().replace(/ /g, '-') },
  });
  return {
    tenant,
    builtAt: '2026-11-23T00:00:00.000Z',
    cars: [
      {
        id: 'car-1',
        slug: '2023-toyota-corolla-ascent-sport-car-1',
        name: '2023 Toyota Corolla Ascent Sport',
        year: 2023,
        make: 'Toyota',
        model: 'Corolla',
        badge: 'Ascent Sport',
        vin: 'JTDBR3FE50J000001',
        stocknum: 'U1234',
        car_type: 'used',
        price: 28990,
      },
    ],
    locations: [location(1, 'Bayside Toyota'), location(2, 'Bayside Toyota North')],
    specialHours: [],
    models: [],
    reviews: [],
    manufacturers: [],
    offers: [],
  } as unknown as SiteData;
}
