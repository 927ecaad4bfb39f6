import { z } from 'zod';
import { CREDIT_SCORES, youxQuote } from '../../src/domain/finance/youx';
import { readJson } from '../http';
import type { ApiApp } from '../types';

const QuoteRequestSchema = z.object({
  selfAssessedCreditScore: z.enum(CREDIT_SCORES, {
    error: `Choose one of ${CREDIT_SCORES.join(', ')}.`,
  }),
  purchasePrice: z
    .number({ error: 'Enter the purchase price as a number.' })
    .gt(0, 'The purchase price must be more than $0.')
    .max(1_000_000, 'The purchase price must be at most $1,000,000.'),
  loanTerm: z
    .number({ error: 'Enter the loan term in years.' })
    .min(1, 'The loan term must be 1 to 7 years.')
    .max(7, 'The loan term must be 1 to 7 years.'),
  year: z
    .number({ error: 'Enter the vehicle year, like 2022.' })
    .int('Enter the vehicle year, like 2022.')
    .min(1900, 'Enter a vehicle year from 1900.'),
  vin: z
    .string({ error: 'The VIN must be text.' })
    .max(17, 'A VIN has at most 17 characters.')
    .nullish(),
  nvic: z
    .string({ error: 'The NVIC must be text.' })
    .max(12, 'An NVIC has at most 12 characters.')
    .nullish(),
  whoIsHelping: z.string({ error: 'whoIsHelping must be text.' }).max(200).nullish(),
});

/**
 * POST /api/youx/quote (SPEC 7): body { selfAssessedCreditScore, purchasePrice, loanTerm, year,
 * vin, nvic, whoIsHelping } -> the quote { weeklyRepaymentAmount, advertisedRate,
 * comparisonRate, ... }, computed locally with the calculator's maths. Only on sites with the
 * youx_quote feature; 422 with per-field messages for a bad body.
 */
export function youxRoutes(app: ApiApp): void {
  app.post('/youx/quote', async (c) => {
    const { tenant, builtAt } = c.get('site');
    if (!tenant.features.youx_quote)
      return c.json({ error: 'youX quotes are not offered on this site.' }, 404);
    // The API's JSON reader: its messages, and the control-character rule of every other body.
    const body = await readJson(c);
    const parsed = QuoteRequestSchema.safeParse(body);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        fields[String(issue.path[0] ?? 'body')] ??= issue.message;
      return c.json({ error: 'Please fix the quote request.', fields }, 422);
    }
    const currentYear = new Date(builtAt).getUTCFullYear() || new Date().getUTCFullYear();
    if (parsed.data.year > currentYear + 1)
      return c.json(
        {
          error: 'Please fix the quote request.',
          fields: { year: `Enter a vehicle year up to ${currentYear + 1}.` },
        },
        422,
      );
    const { vin, nvic, whoIsHelping, ...request } = parsed.data;
    return c.json(
      youxQuote(
        {
          ...request,
          vin: vin ?? undefined,
          nvic: nvic ?? undefined,
          whoIsHelping: whoIsHelping ?? undefined,
        },
        currentYear,
      ),
    );
  });
}
