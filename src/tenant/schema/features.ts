import { z } from 'zod';

export const SignInKindSchema = z.enum([
  'watchlist',
  'trade-in',
  'sell-my-car',
  'checkout',
  'finance',
  'car-finance',
  'my-garage',
  'spin-to-win',
  'online-payment',
]);

/** Every SPEC feature that differs between sites. Off unless the tenant turns it on, except where noted. */
export const FeaturesSchema = z
  .object({
    watchlist: z.boolean().default(false).describe('Signed-in watchlist (save car).'),
    favourites: z.boolean().default(true).describe('Favourite hearts kept in the browser.'),
    compare: z
      .boolean()
      .default(false)
      .describe(
        'Compare button on result cards and car pages, header link with the count, and the /compare table (up to 3 cars kept in the browser).',
      ),
    reserve: z
      .boolean()
      .default(false)
      .describe('"Reserve this Car" and the /cars/{slug}/checkout flow.'),
    buy_online: z
      .boolean()
      .default(false)
      .describe('/cars/{slug}/buy-online and /checkout-journey.'),
    autogauge: z.boolean().default(false).describe('Price Comparison gauge on vehicle pages.'),
    trade_in_valuation: z
      .boolean()
      .default(false)
      .describe('Autograb trade-in valuation button and flow.'),
    fuel_tags: z.boolean().default(false).describe('Electric / hybrid / PHEV tag on car images.'),
    certified_logo: z
      .boolean()
      .default(false)
      .describe('Certified used-Toyota logo on certified used cars.'),
    phone_revealed: z
      .boolean()
      .default(false)
      .describe('Show phone numbers in full from the start instead of masked.'),
    instant_message: z
      .boolean()
      .default(false)
      .describe('Say "Instant Message" instead of "Enquire Now".'),
    print: z.boolean().default(true),
    share: z.boolean().default(true),
    similar_cars: z.boolean().default(true),
    personalised_finance: z
      .boolean()
      .default(false)
      .describe('Use /personalised/finance for cars with an NVIC code.'),
    youx_quote: z
      .boolean()
      .default(false)
      .describe('Ask youX for a weekly quote (POST /api/youx/quote).'),
    reviews: z.boolean().default(true),
    sales_counter: z.boolean().default(false),
    default_media_view: z
      .enum(['spin', 'gallery'])
      .default('spin')
      .describe('The vehicle viewer opens on this view when the car has it.'),
    spin_auto_rotate: z
      .boolean()
      .default(true)
      .describe(
        'The 360 spin turns once around by itself when shown (SPEC 4); false leaves it still.',
      ),
    sign_in_gated: z
      .array(SignInKindSchema)
      .default([])
      .describe('Routes a visitor must sign in for.'),
  })
  .strict();

export type Features = z.output<typeof FeaturesSchema>;
export type SignInKind = z.output<typeof SignInKindSchema>;
