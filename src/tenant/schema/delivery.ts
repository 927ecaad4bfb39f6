import { z } from 'zod';

/** One delivery region: every postcode from `from` to `to` (inclusive) costs `price`. */
export const DeliveryRegionSchema = z
  .object({
    name: z.string().min(1).describe('Region name shown with the estimate, e.g. "Brisbane Metro".'),
    from: z.string().regex(/^\d{4}$/, 'expected a 4-digit postcode like "4000"'),
    to: z.string().regex(/^\d{4}$/, 'expected a 4-digit postcode like "4207"'),
    price: z.number().min(0).describe('Delivery price in dollars.'),
  })
  .strict()
  .refine((region) => region.from <= region.to, { message: '"from" must not be after "to"' });

export type DeliveryRegion = z.output<typeof DeliveryRegionSchema>;

const region = (name: string, from: string, to: string, price: number): DeliveryRegion => ({
  name,
  from,
  to,
  price,
});

/**
 * The default delivery table: Australia Post postcode ranges by state and capital-city metro area
 * (public facts), priced from a Brisbane base. The first matching region wins, so metro areas
 * come before their state. Unassigned ranges (PO boxes, 1xxx, 5800-5999 ...) get no estimate.
 */
export const DEFAULT_DELIVERY_REGIONS: DeliveryRegion[] = [
  region('Brisbane Metro', '4000', '4207', 0),
  region('Gold Coast', '4208', '4287', 190),
  region('Sunshine Coast', '4550', '4575', 240),
  region('Regional Queensland', '4208', '4999', 690),
  region('Sydney Metro', '2000', '2234', 990),
  region('Canberra', '2600', '2618', 1190),
  region('Canberra', '2900', '2920', 1190),
  region('Regional New South Wales', '2235', '2599', 1290),
  region('Regional New South Wales', '2619', '2899', 1290),
  region('Regional New South Wales', '2921', '2999', 1290),
  region('Melbourne Metro', '3000', '3207', 1390),
  region('Regional Victoria', '3208', '3999', 1590),
  region('Adelaide Metro', '5000', '5199', 1690),
  region('Regional South Australia', '5200', '5799', 1890),
  region('Hobart', '7000', '7099', 1990),
  region('Regional Tasmania', '7100', '7799', 2190),
  region('Darwin', '0800', '0832', 2490),
  region('Regional Northern Territory', '0833', '0899', 2790),
  region('Perth Metro', '6000', '6199', 2590),
  region('Regional Western Australia', '6200', '6797', 2890),
];

/** The delivery calculator on vehicle pages and its price table (GET /api/delivery?postcode=). */
export const DeliverySchema = z
  .object({
    enabled: z.boolean().default(true).describe('Show the delivery calculator on vehicle pages.'),
    regions: z
      .array(DeliveryRegionSchema)
      .default(DEFAULT_DELIVERY_REGIONS)
      .describe(
        'Delivery prices by postcode range; the first match wins. A postcode in no range gets "Sorry, we can\'t provide an estimate ...".',
      ),
  })
  .strict();

export type Delivery = z.output<typeof DeliverySchema>;
