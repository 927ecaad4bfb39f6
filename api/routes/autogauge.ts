import { GAUGE_NO_DATA } from '../../src/domain/price-comparison';
import type { ApiApp } from '../types';

/**
 * GET /api/cars/{slug}/autogauge -> SPEC 3 autogauge response (fill, listing_price,
 * market_range_min, market_range_max, confidence, description) from the car's feed figures.
 * 404 when the car is not listed or has no figures; the gauge then stays hidden.
 */
export function autogaugeRoutes(app: ApiApp): void {
  app.get('/cars/:slug/autogauge', (c) => {
    const slug = c.req.param('slug');
    const car = c.get('site').cars.find((item) => item.slug === slug);
    if (!car) return c.json({ error: `No listed car "${slug}".` }, 404);
    if (!car.autogauge) return c.json({ error: GAUGE_NO_DATA }, 404);
    const {
      fill = null,
      listing_price = null,
      market_range_min = null,
      market_range_max = null,
      confidence = null,
      description = null,
    } = car.autogauge;
    return c.json({
      fill,
      listing_price,
      market_range_min,
      market_range_max,
      confidence,
      description,
    });
  });
}
