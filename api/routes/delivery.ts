import { deliveryQuote, NO_ESTIMATE, postcodeError } from '../../src/domain/delivery';
import type { ApiApp } from '../types';

/**
 * GET /api/delivery?postcode=4000 -> { price, name, postcode } from the tenant's delivery table
 * (SPEC 3 delivery result). 422 with the SPEC postcode message; 404 with the SPEC "Sorry, we
 * can't provide an estimate ..." when no region covers the postcode.
 */
export function deliveryRoutes(app: ApiApp): void {
  app.get('/delivery', (c) => {
    const { tenant } = c.get('site');
    if (!tenant.delivery.enabled) return c.json({ error: 'Delivery estimates are not offered on this site. Please use the enquiry form or call us.' }, 404);
    const postcode = (c.req.query('postcode') ?? '').trim();
    const message = postcodeError(postcode);
    if (message) return c.json({ error: message, fields: { postcode: message } }, 422);
    const quote = deliveryQuote(postcode, tenant.delivery.regions);
    if (!quote) return c.json({ error: NO_ESTIMATE }, 404);
    return c.json({ ...quote, postcode });
  });
}
