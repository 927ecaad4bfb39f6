/**
 * Google-style customer reviews: mostly four and five stars with some poor ones, some without
 * text, one machine-translated (the site hides those), some long enough to need "View more".
 */
import type { z } from 'zod';
import type { ReviewSchema } from '../../src/feeds/schemas';
import type { Network } from './locations';
import type { Rng } from './random';
import type { TenantProfile } from './tenants';
import { DAY_MS, googleTimeAgo, isoAest, railsTimeAgo } from './time';

export type ReviewInput = z.input<typeof ReviewSchema>;

const FIRST = [
  'Sarah',
  'James',
  'Priya',
  'Liam',
  'Chloe',
  'Nathan',
  'Mia',
  'Daniel',
  'Olivia',
  'Jack',
  'Aisha',
  'Tom',
  'Grace',
  'Ben',
  'Mei',
  'Luke',
  'Hannah',
  'Raj',
  'Emily',
  'Matt',
  'Zoe',
  'Connor',
  'Sophie',
  'Wei',
  'Jess',
  'Harrison',
  'Tahlia',
  'Sam',
  'Ruby',
  'Josh',
];
const LAST = [
  'Mitchell',
  'Nguyen',
  'Smith',
  'Patel',
  'Williams',
  'Brown',
  'Kelly',
  'Chen',
  'Taylor',
  "O'Brien",
  'Wilson',
  'Singh',
  'Jones',
  'Murphy',
  'Walker',
  'Thompson',
  'Martin',
  'Tran',
  'White',
  'Harris',
];
const STAFF = [
  'Josh',
  'Priya',
  'Darren',
  'Kylie',
  'Marco',
  'Steph',
  'Trent',
  'Leanne',
  'Ahmed',
  'Bec',
];

function name(rng: Rng): string {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  return rng.weighted([
    [`${first} ${last}`, 5],
    [`${first} ${last.charAt(0)}.`, 3],
    [first, 1],
  ]);
}

function text(rng: Rng, rating: number, caravans: boolean, staff: string): string {
  const thing = caravans ? 'van' : 'car';
  if (rating >= 5)
    return rng.pick([
      `${staff} made buying our new ${thing} easy from start to finish. No pressure, honest answers and a great handover. Highly recommend!`,
      `Fantastic experience. We came in just to look and drove away happy. ${staff} explained everything and followed up after delivery to check we were happy with the ${thing}. Will definitely be back for our next one.`,
      'Great service as always. Booked online, dropped off early and it was ready before lunch.',
      `Friendly team, fair trade-in price and no surprises on the paperwork. Thanks ${staff}!`,
      `Could not fault them. Finance was sorted the same day and ${staff} even stayed back late so we could pick up the ${thing} after work.`,
    ]);
  if (rating === 4)
    return rng.pick([
      `Good experience overall. Delivery took a week longer than promised but ${staff} kept us updated the whole way.`,
      'Helpful staff and a clean, modern showroom. Service was quick; the waiting area coffee could be better!',
      `Happy with the ${thing} and the price. Paperwork took a while on the day.`,
    ]);
  if (rating === 3)
    return rng.pick([
      'Service was fine but it took three phone calls to get a quote.',
      `The ${thing} is great, the follow-up less so.`,
    ]);
  return rng.pick([
    `Booked a service weeks in advance and still waited three hours past the time we were given. Nobody called to let us know, and the ${thing} came back unwashed.`,
    'Was promised a call back about my trade-in and never heard from anyone.',
  ]);
}

const TRANSLATED =
  '(Translated by Google) Excellent service and very friendly staff. Thank you very much!\n\n(Original)\nExcelente servicio y personal muy amable. ¡Muchas gracias!';

export function buildReviews(
  rng: Rng,
  profile: TenantProfile,
  network: Network,
  nowMs: number,
): ReviewInput[] {
  const targets = network.locations.filter((location) => location.location_subtype !== 'buying');
  const weighted = targets.map(
    (location) =>
      [
        location,
        location.location_type === 'sales' ? 3 : location.location_type === 'service' ? 2 : 1,
      ] as const,
  );
  const reviews: ReviewInput[] = [];
  for (let i = 0; i < profile.reviewCount; i++) {
    const r = rng.fork(`review:${i}`);
    const location = r.weighted(weighted);
    const rating = r.weighted([
      [5, 60],
      [4, 22],
      [3, 6],
      [2, 4],
      [1, 8],
    ] as const);
    const reviewMs = nowMs - r.float(0.5, 700) * DAY_MS;
    const customer = name(r);
    const body =
      i === 3
        ? TRANSLATED
        : r.chance(0.1)
          ? ''
          : text(r, rating, profile.template === 'caravan', r.pick(STAFF));
    const replied = r.chance(0.4);
    const replyMs = Math.min(nowMs, reviewMs + r.float(0.2, 5) * DAY_MS);
    const firstName = customer.split(' ')[0] ?? customer;
    reviews.push({
      id: profile.idBase + 90_000 + i,
      customer_name: customer,
      rating,
      text: body,
      review_date: isoAest(reviewMs),
      review_date_in_words: googleTimeAgo(reviewMs, nowMs),
      created_at_time_ago_in_words: railsTimeAgo(reviewMs, nowMs),
      reply_text: replied
        ? rating >= 4
          ? `Thanks so much for the kind words, ${firstName}! We'll pass them on to the team. Enjoy the new wheels.`
          : `Hi ${firstName}, we're sorry to hear this. Please call our customer relations manager on ${location.contact_detail?.phone ?? ''} so we can make it right.`
        : null,
      reply_date: replied ? isoAest(replyMs) : null,
      location_id: location.id,
      dealership_id: location.dealership?.id ?? null,
    });
  }
  return reviews.sort((a, b) => String(b.review_date).localeCompare(String(a.review_date)));
}
