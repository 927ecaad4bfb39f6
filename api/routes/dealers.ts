import { z } from 'zod';
import { testDriveSlots } from '../../src/domain/leads/slots';
import { locationTimeZone } from '../../src/domain/hours';
import type { Location } from '../../src/feeds/schemas';
import { validate } from '../http';
import type { ApiApp } from '../types';

const SlotsQuery = z.object({
  location_id: z.string().max(80).optional(),
  days: z.coerce
    .number()
    .int()
    .min(1, 'days must be 1 to 30.')
    .max(30, 'days must be 1 to 30.')
    .default(7),
});

/** Manufacturer locations (grouped by dealer website), ratings and test-drive slots. */
export function dealerRoutes(app: ApiApp): void {
  // SPEC 7: websites each with id, name, url, dealership, locations.
  app.get('/manufacturer-locations', (c) => {
    const site = c.get('site');
    const websites = new Map<
      string,
      {
        id: string | number;
        name: string;
        url: string;
        dealership: { id: string | number; slug: string; name?: string } | null;
        locations: Location[];
      }
    >();
    for (const location of site.locations) {
      const key = String(location.website?.id ?? location.dealership?.slug ?? site.tenant.slug);
      const entry = websites.get(key) ?? {
        id: location.website?.id ?? location.dealership?.id ?? site.tenant.slug,
        name: location.website?.name ?? location.dealership?.name ?? site.tenant.name,
        url: location.website?.url ?? site.tenant.url,
        dealership: location.dealership ?? null,
        locations: [],
      };
      entry.locations.push(location);
      websites.set(key, entry);
    }
    return c.json({ websites: [...websites.values()] });
  });

  // Ratings per dealership and location (SPEC 3 "Dealership": id, average_rating, review_count).
  app.get('/ratings', (c) => {
    const site = c.get('site');
    const reviews = site.reviews.filter((review) => review.text);
    const overall = reviews.length
      ? Math.round(
          (reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length) * 10,
        ) / 10
      : null;
    const locations = site.locations.map((location) => ({
      id: location.id,
      dealership_id: location.dealership?.id ?? null,
      average_rating: location.average_rating ?? location.reviews?.average_rating ?? null,
      review_count: location.review_count ?? location.reviews?.count ?? 0,
    }));
    return c.json({ average_rating: overall, review_count: reviews.length, locations });
  });

  // Test-drive appointment slots from the location's opening hours (sales hours).
  app.get('/test-drive/slots', (c) => {
    const site = c.get('site');
    const query = validate(SlotsQuery, c.req.query(), 'Bad slots query.');
    const sales = site.locations.filter((location) => location.location_type === 'sales');
    const location = query.location_id
      ? site.locations.find((candidate) => String(candidate.id) === query.location_id)
      : (sales.find((candidate) => candidate.primary) ?? sales[0] ?? site.locations[0]);
    if (!location) return c.json({ error: 'No such location on this site.' }, 404);
    const timeZone = locationTimeZone(location);
    const special = site.specialHours
      // The feed loader already folded location.id and hours.begin/end into location_id and start/end_hour.
      .filter((entry) => String(entry.location_id) === String(location.id))
      .map((entry) => ({
        date: entry.date,
        status: entry.status,
        start: entry.start_hour,
        end: entry.end_hour,
      }));
    const slots = testDriveSlots({
      hours: location.contact_detail.opening_hours,
      special,
      now: c.get('now'),
      days: query.days,
      timeZone,
    });
    return c.json({ location_id: location.id, time_zone: timeZone, slots });
  });
}
