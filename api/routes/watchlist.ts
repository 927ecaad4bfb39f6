import type { Context } from 'hono';
import { z } from 'zod';
import { fieldErrors, normaliseMobile } from '../../src/domain/leads/validation';
import { isAvailable } from '../../src/domain/stock';
import { currentUser, accountsOf } from '../accounts/session';
import { readJson } from '../http';
import type { ApiApp, ApiEnv } from '../types';

/** SPEC 7 body: phone_number and car_id. */
const Body = z
  .object({
    phone_number: z
      .string({ error: 'Send phone_number: the mobile number you signed in with.' })
      .max(40, 'phone_number is too long.'),
    car_id: z
      .union([z.string().trim().min(1).max(80), z.number().int()], {
        error: 'Send car_id: the id of a car on this site.',
      })
      .transform(String),
  })
  .strict();

const fail = (c: Context<ApiEnv>, status: 401 | 403 | 404 | 422, error: string) =>
  c.json({ success: false, error }, status);

/**
 * SPEC 7 watchlist calls. Every answer carries `success`; a refusal also carries `error`, the
 * message the browser shows in its alert. The session decides whose list changes: the body's
 * phone_number must be the signed-in user's own.
 */
export function watchlistRoutes(app: ApiApp): void {
  const change = (save: boolean) => async (c: Context<ApiEnv>) => {
    const parsed = Body.safeParse(await readJson(c));
    if (!parsed.success)
      return c.json(
        {
          success: false,
          error: 'Send phone_number and car_id.',
          fields: fieldErrors(parsed.error),
        },
        422,
      );
    const user = await currentUser(c);
    if (!user)
      return fail(c, 401, 'Your session has ended. Please sign in again to change your watchlist.');
    if (normaliseMobile(parsed.data.phone_number) !== user.phone)
      return fail(c, 403, 'You can only change your own watchlist.');
    const site = c.get('site');
    const carId = parsed.data.car_id;
    if (save && !site.cars.some((car) => String(car.id) === carId))
      return fail(c, 404, 'This car is no longer listed, so it cannot be saved.');
    const accounts = accountsOf(c);
    if (save) await accounts.saveCar(site.tenant.slug, user.id, carId, c.get('now'));
    else await accounts.removeCar(site.tenant.slug, user.id, carId);
    return c.json({ success: true });
  };
  app.post('/watchlist/save-car', change(true));
  app.post('/watchlist/remove-car', change(false));

  /** The signed-in user's own watchlist, with what the page needs to show each car. */
  app.get('/watchlist', async (c) => {
    c.header('Cache-Control', 'no-store');
    const user = await currentUser(c);
    if (!user) return fail(c, 401, 'Please sign in to see your watchlist.');
    const site = c.get('site');
    const ids = await accountsOf(c).watchlist(site.tenant.slug, user.id);
    const cars = ids.map((id) => {
      const car = site.cars.find((candidate) => String(candidate.id) === id);
      if (!car) return { id, listed: false };
      return {
        id,
        listed: true,
        name: car.name,
        slug: car.slug,
        price: car.price ?? null,
        primary_image_url:
          car.images?.[0]?.image.thumb?.url ??
          car.images?.[0]?.image.url ??
          car.primary_image_url ??
          null,
        available: isAvailable(car),
      };
    });
    return c.json({ success: true, cars });
  });
}
