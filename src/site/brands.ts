import { existsSync } from 'node:fs';
import path from 'node:path';
import { slugify } from '../domain/slug';
import { perSite } from './memo';
import type { SiteData } from './types';

export interface Brand {
  name: string;
  slug: string;
  logo?: string;
  category: 'Car' | 'Motorcycle' | 'Truck';
}

/** A brand logo the demo generator drew (public/media/brands/<slug>.svg), when there is one. */
function bundledLogo(slug: string): string | undefined {
  return existsSync(path.join(process.cwd(), 'public', 'media', 'brands', `${slug}.svg`))
    ? `/media/brands/${slug}.svg`
    : undefined;
}

/** The brands a site sells: its manufacturers feed, else the makes of its model range, else of its stock. */
export const siteBrands = perSite((site: SiteData): Brand[] => {
  if (site.manufacturers.length)
    return site.manufacturers.map((brand) => ({
      name: brand.name,
      slug: brand.slug,
      logo: brand.logo ?? undefined,
      category: brand.category,
    }));
  const names = site.models.length
    ? site.models.map((model) => model.manufacturer_name).filter((name): name is string => !!name)
    : site.cars.map((car) => car.make);
  return [...new Set(names)].slice(0, 40).map((name) => ({
    name,
    slug: slugify(name),
    logo: bundledLogo(slugify(name)),
    category: 'Car' as const,
  }));
});
