import { z } from 'zod';

export const LabelsSchema = z
  .object({
    finance_button: z.enum(['Get Finance', 'Get Pre-Approved']).default('Get Finance'),
    reserve_button: z.enum(['Reserve this Car', 'Reserve Now']).default('Reserve this Car'),
    enquire_button: z.enum(['Enquire Now', 'Instant Message']).default('Enquire Now'),
    reserve_deposit: z
      .string()
      .regex(/^\$\d{1,3}(,\d{3})*$|^\$\d+$/, 'expected a dollar amount like "$200"')
      .default('$200')
      .describe(
        'The reservation deposit shown on /cars/{slug}/checkout and asked of the payment provider (SPEC default $200).',
      ),
    sold_tag: z.string().min(1).default('JUST SOLD'),
    just_arrived_tag: z.string().min(1).default('JUST ARRIVED'),
    /** What the stock is called in buttons like "Show Me 24 Cars"; caravan sites say "Caravans". */
    stock_noun: z
      .object({ singular: z.string().min(1), plural: z.string().min(1) })
      .strict()
      .optional()
      .describe('Defaults to Car/Cars, or Caravan/Caravans on caravan sites.'),
  })
  .strict();

export type Labels = z.output<typeof LabelsSchema>;
