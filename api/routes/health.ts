import type { ApiApp } from '../types';

/** GET /api/health: the site is served and which data it was built from. */
export function healthRoutes(app: ApiApp): void {
  app.get('/health', (c) => {
    const site = c.get('site');
    return c.json({
      ok: true,
      tenant: site.tenant.slug,
      builtAt: site.builtAt,
      cars: site.cars.length,
    });
  });
}
