import { z } from 'zod';
import { toFormCar } from '../../src/islands/forms/types';
import { readJson, validate } from '../http';
import { liveCarFields } from '../stock/car-fields';
import type { ApiApp } from '../types';
import { onlyMethods } from './allow';

const Id = z.union([z.string().trim().min(1).max(80), z.number().int()]);

/** SPEC 7: phone-reveal record (car_id, dealership_id, website_id). */
export const PhoneRevealSchema = z.object({ car_id: Id, dealership_id: Id.nullish(), website_id: Id.nullish() }).strict();

/** SPEC 3 "Trade-in valuation" data, saved with column_name 'valuation' (SPEC 7). */
export const MiscellaneousSchema = z
  .object({
    column_name: z.literal('valuation', { error: "column_name must be 'valuation'." }),
    id: Id.nullish(),
    car_id: Id.nullish(),
    lead_id: z.uuid().nullish(),
    rego: z.string().max(20).nullish(),
    regoState: z.string().max(10).nullish(),
    adjustmentAnswers: z.record(z.string().max(80), z.union([z.string().max(200), z.boolean(), z.number()])).nullish(),
    offer_price: z.number().min(0).max(10_000_000).nullish(),
    offer_accepted: z.boolean().nullish(),
    form_completed: z.boolean().nullish(),
    lead_attributes: z
      .object({
        visited_pages: z.array(z.string().max(500)).max(50).nullish(),
        linked_query_params: z.record(z.string().max(80), z.string().max(500)).nullish(),
      })
      .strict()
      .nullish(),
    url: z.string().max(2000).nullish(),
    source: z.literal('Website').default('Website'),
    user_agent: z.string().max(500).nullish(),
  })
  .strict();

const ViewQuery = z.object({
  // Plain digits only: "1e3", "0x10" or "-0" are not a photo count a page would send.
  photos_count: z.string().trim().regex(/^\d+$/, 'expected a whole number of photos').transform(Number).pipe(z.number().max(10_000)).optional(),
  updated_at: z.string().max(40).optional(),
  website_id: z.string().max(80).optional(),
});

/** View counter, phone-reveal record and valuation save. */
export function visitorRoutes(app: ApiApp): void {
  // SPEC 7: GET {api}/cars/{slug}/view.json -> { views, car_fields }; counts one view.
  app.get('/cars/:slug/view.json', async (c) => {
    validate(ViewQuery, c.req.query(), 'Bad view counter query.');
    const site = c.get('site');
    const car = site.cars.find((candidate) => candidate.slug === c.req.param('slug'));
    if (!car) return c.json({ error: 'This car is not listed on this site.' }, 404);
    const views = await c.get('store').countView(site.tenant.slug, car.slug);
    const car_fields = await liveCarFields(c.get('store'), site.tenant.slug, car);
    return c.json({ views: (car.views ?? 0) + views, car_fields });
  });
  onlyMethods(app, '/cars/:slug/view.json', ['GET']);

  // The few fields a lead form needs about a car, for pages that get ?car_id= (/book-test-drive/, /cars/trade-in).
  app.get('/cars/by-id/:id', (c) => {
    const car = c.get('site').cars.find((candidate) => String(candidate.id) === c.req.param('id'));
    if (!car) return c.json({ error: 'This car is not listed on this site.' }, 404);
    return c.json({ car: toFormCar({ ...car, location_id: car.location_id ?? car.location?.id ?? null }) });
  });
  onlyMethods(app, '/cars/by-id/:id', ['GET']);

  app.post('/phone-reveal', async (c) => {
    const reveal = validate(PhoneRevealSchema, await readJson(c));
    await c.get('store').recordEvent(c.get('site').tenant.slug, 'phone_reveal', reveal, c.get('now'));
    return c.json({ ok: true }, 201);
  });
  onlyMethods(app, '/phone-reveal', ['POST']);

  app.post('/miscellaneous', async (c) => {
    const valuation = validate(MiscellaneousSchema, await readJson(c));
    const id = await c.get('store').recordEvent(c.get('site').tenant.slug, 'valuation', valuation, c.get('now'));
    return c.json({ ok: true, id }, 201);
  });
  onlyMethods(app, '/miscellaneous', ['POST']);
}
