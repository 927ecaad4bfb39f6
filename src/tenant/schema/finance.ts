import { z } from 'zod';

/** Finance settings; lender figures come with each car (finance_lenders). */
export const FinanceSchema = z
  .object({
    enabled: z.boolean().default(true).describe('Show finance estimates and the calculator.'),
    provider: z.string().optional().describe('Key of the car\'s finance_lenders entry to use, for example "stratton".'),
    default_rate: z.number().min(0.5).max(20).default(10).describe('Interest rate (%) used when the lender gives none.'),
    default_term_years: z.number().min(1).max(7).default(5),
    hidden_makes: z.array(z.string()).default([]).describe('Makes for which finance is never shown.'),
  })
  .strict();

export type Finance = z.output<typeof FinanceSchema>;
