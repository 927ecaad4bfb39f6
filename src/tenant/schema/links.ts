import { z } from 'zod';
import { LinkSchema } from './primitives';

/** Link targets of the site's calls to action, with the SPEC defaults. */
export const LinksSchema = z
  .object({
    stock: LinkSchema.default('/search/new-used-and-demo-cars'),
    new_cars: LinkSchema.default('/search/new-cars'),
    demo_cars: LinkSchema.default('/search/demo-cars'),
    used_cars: LinkSchema.default('/search/used-cars'),
    test_drive: LinkSchema.default('/book-test-drive/'),
    service: LinkSchema.default('/service'),
    finance: LinkSchema.default('/finance'),
    trade_in: LinkSchema.default('/trade-in'),
    parts: LinkSchema.default('/vehicle-parts-and-accessories'),
    contact: LinkSchema.default('/contact'),
    clear_filters: LinkSchema.default('/special-offers').describe(
      'Where "Clear Filters" on an empty search goes.',
    ),
  })
  .strict();

export type Links = z.output<typeof LinksSchema>;
