import { z } from 'zod';

export const LabelsSchema = z
  .object({
    finance_button: z.enum(['Get Finance', 'Get Pre-Approved']).default('Get Finance'),
    reserve_button: z.enum(['Reserve this Car', 'Reserve Now']).default('Reserve this Car'),
    enquire_button: z.enum(['Enquire Now', 'Instant Message']).default('Enquire Now'),
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
