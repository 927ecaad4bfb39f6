import type { APIRoute } from 'astro';
import { canCompare } from '../domain/compare-eligibility';
import { compareCar, type CompareCar } from '../domain/compare-figures';
import { getSite } from '../site/data';

/**
 * The comparison page's data: each eligible listed car's figures, formatted at build time and
 * fetched only by /compare. Empty for a site without features.compare.
 */
export const GET: APIRoute = () => {
  const { tenant, cars } = getSite();
  const out: CompareCar[] = [];
  if (tenant.features.compare) {
    for (const car of cars) {
      const image =
        car.primary_image_url ??
        car.images[0]?.image.thumb?.url ??
        car.images[0]?.image.url ??
        car.thumbnails?.[0];
      if (image && canCompare({ price: car.price, image }))
        out.push(compareCar(car, tenant.finance, image));
    }
  }
  return new Response(JSON.stringify({ cars: out }), {
    headers: { 'Content-Type': 'application/json' },
  });
};
