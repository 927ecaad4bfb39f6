import { deliveryAnswer, postcodeError } from '../../src/domain/delivery';
import type { ApiApp } from '../types';

/**
 * GET /api/delivery?postcode=4000 -> { price, name, postcode } from the tenant's delivery table
 * (SPEC 3 delivery result). 422 with the SPEC postcode message. A postcode no region covers is
 * still a 200: { price: null, name: null, message } with the SPEC "Sorry, we can't provide an
 * estimate ..." (a 404 would put an error in the shopper's console on every such lookup). 404
 * only when the site offers no delivery estimates at all.
 */
export function deliveryRoutes(app: ApiApp): void {
  app.get('/delivery', (c) => {
    const { tenant } = c.get('site');
    if (!tenant.delivery.enabled)
      return c.json(
        {
          error:
            'Delivery estimates are not offered on this site. Please use the enquiry form or call us.',
        },
        404,
      );
    const postcode = (c.req.query('postcode') ?? '').trim();
    const message = postcodeError(postcode);
    if (message) return c.json({ error: message, fields: { postcode: message } }, 422);
    return c.json(deliveryAnswer(postcode, tenant.delivery.regions));
  });
}
