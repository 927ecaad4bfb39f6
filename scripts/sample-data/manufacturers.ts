/** The group's brands feed: every brand with its wordmark logo and the dealerships selling it. */
import type { z } from 'zod';
import type { ManufacturerSchema } from '../../src/feeds/schemas';
import { GROUP_BRANDS } from './catalogue/brands';
import type { Network } from './locations';

export type ManufacturerInput = z.input<typeof ManufacturerSchema>;

export function brandLogoUrl(slug: string): string {
  return `/media/brands/${slug}.svg`;
}

export function buildManufacturers(network: Network, idBase: number): ManufacturerInput[] {
  return GROUP_BRANDS.map((brand, index) => ({
    id: idBase + 85_000 + index,
    name: brand.name,
    slug: brand.slug,
    logo: brandLogoUrl(brand.slug),
    category: brand.category,
    dealership_websites: network.dealerships
      .filter((dealership) => dealership.brands.includes(brand.name))
      .map((dealership) => ({ name: dealership.name, url: dealership.url, make: brand.make })),
  }));
}
