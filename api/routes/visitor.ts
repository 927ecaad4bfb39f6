import { createHash } from 'node:crypto';
import { z } from 'zod';
import { toFormCar } from '../../src/domain/leads/form-car';
import { isAllowedOrigin } from '../guard';
import { errorResponse, readJson, validate } from '../http';
import { liveCarFields } from '../stock/car-fields';
import type { ApiApp } from '../types';

const Id = z.union([z.string().trim().min(1).max(80), z.number().int()]);

/** SPEC 7: phone-reveal record (car_id, dealership_id, website_id). */
export const PhoneRevealSchema = z
  .object({ car_id: Id, dealership_id: Id.nullish(), website_id: Id.nullish() })
  .strict();

/** SPEC 3 "Trade-in valuation" data, saved with column_name 'valuation' (SPEC 7). */
export const MiscellaneousSchema = z
  .object({
    column_name: z.literal('valuation', { error: "column_name must be 'valuation'." }),
    id: Id.nullish(),
    car_id: Id.nullish(),
    lead_id: z.uuid().nullish(),
    rego: z.string().max(20).nullish(),
    regoState: z.string().max(10).nullish(),
    adjustmentAnswers: z
      .record(z.string().max(80), z.union([z.string().max(200), z.boolean(), z.number()]))
      .nullish(),
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
  photos_count: z
    .string()
    .trim()
    .regex(/^\d+$/, 'expected a whole number of photos')
    .transform(Number)
    .pipe(z.number().max(10_000))
    .optional(),
  updated_at: z.string().max(40).optional(),
  website_id: z.string().max(80).optional(),
});

/** One address's calls to the view counter a minute: a person opens far fewer car pages. */
export const VIEW_CALLS_PER_MINUTE = 60;

/**
 * Whether a view.json request is the car page's own fetch (or one from a dealer's allowed origin),
 * not an <img>, iframe or no-cors fetch on someone else's page: browsers say which in Sec-Fetch-*
 * and Origin. Clients that send none of these are counted (once a day, see `viewer`).
 */
export function countsAsView(
  header: (name: string) => string | undefined,
  isAllowed: (origin: string) => boolean,
): boolean {
  const dest = header('sec-fetch-dest');
  if (dest && dest !== 'empty') return false;
  const from = header('sec-fetch-site');
  if (from !== 'cross-site' && from !== 'same-site') return true;
  const origin = header('origin');
  return Boolean(origin && isAllowed(origin));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The visitor and UTC day a view is counted once for; the address is stored only as a hash of the two. */
function viewer(clientIp: string, now: number): { visitor: string; day: number } {
  const day = Math.floor(now / DAY_MS);
  return {
    visitor: createHash('sha256').update(`${day}:${clientIp}`).digest('base64url').slice(0, 22),
    day,
  };
}

/** View counter, phone-reveal record and valuation save. */
export function visitorRoutes(app: ApiApp): void {
  // SPEC 7: GET {api}/cars/{slug}/view.json -> { views, car_fields }; counts one view.
  app.get('/cars/:slug/view.json', async (c) => {
    validate(ViewQuery, c.req.query(), 'Bad view counter query.');
    const site = c.get('site');
    const car = site.cars.find((candidate) => candidate.slug === c.req.param('slug'));
    if (!car) return c.json({ error: 'This car is not listed on this site.' }, 404);
    const wait = await c
      .get('rateLimiter')
      ?.hit(`view:${site.tenant.slug}:${c.get('clientIp')}`, VIEW_CALLS_PER_MINUTE, c.get('now'));
    if (wait) {
      c.header('Retry-After', String(wait));
      return errorResponse(c, 429, `Too many requests. Please wait ${wait} seconds and try again.`);
    }
    const store = c.get('store');
    const counted = countsAsView(
      (name) => c.req.header(name),
      (origin) => isAllowedOrigin(c, origin),
    );
    const views = counted
      ? await store.countView(site.tenant.slug, car.slug, viewer(c.get('clientIp'), c.get('now')))
      : await store.views(site.tenant.slug, car.slug);
    const car_fields = await liveCarFields(store, site.tenant.slug, car);
    return c.json({ views: (car.views ?? 0) + views, car_fields });
  });

  // The few fields a lead form needs about a car, for pages that get ?car_id= (/book-test-drive/, /cars/trade-in).
  app.get('/cars/by-id/:id', (c) => {
    const car = c.get('site').cars.find((candidate) => String(candidate.id) === c.req.param('id'));
    if (!car) return c.json({ error: 'This car is not listed on this site.' }, 404);
    return c.json({
      car: toFormCar({ ...car, location_id: car.location_id ?? car.location?.id ?? null }),
    });
  });

  app.post('/phone-reveal', async (c) => {
    const reveal = validate(PhoneRevealSchema, await readJson(c));
    await c
      .get('store')
      .recordEvent(c.get('site').tenant.slug, 'phone_reveal', reveal, c.get('now'));
    return c.json({ ok: true }, 201);
  });

  app.post('/miscellaneous', async (c) => {
    const valuation = validate(MiscellaneousSchema, await readJson(c));
    const id = await c
      .get('store')
      .recordEvent(c.get('site').tenant.slug, 'valuation', valuation, c.get('now'));
    return c.json({ ok: true, id }, 201);
  });
}
