import type { ApiApp } from '../types';
import { carPdf } from '../pdf/car-pdf';
import { phoneForCar } from '../../src/domain/phone';

/** GET /api/cars/{slug}/pdf: the car's printable PDF, downloaded as {slug}.pdf (SPEC 4 Print PDF). */
export function pdfRoutes(app: ApiApp): void {
  app.get('/cars/:slug/pdf', async (c) => {
    const site = c.get('site');
    const slug = c.req.param('slug');
    const car = site.cars.find((item) => item.slug === slug);
    if (!car)
      return c.json(
        {
          error: `No car "${slug}" on this site: it may have been sold. Search our stock for similar cars.`,
        },
        404,
      );
    const bytes = await carPdf(car, { tenant: site.tenant, phone: phoneForCar(car, site.tenant) });
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${car.slug}.pdf"`,
      'cache-control': 'no-store',
    });
  });
}
