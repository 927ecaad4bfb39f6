import { z } from 'zod';
import {
  ADJUSTMENTS,
  estimateTradeIn,
  lookupRego,
  normaliseRego,
} from '../../src/domain/leads/trade-in';
import { readJson, validate } from '../http';
import type { ApiApp } from '../types';

const STATES = ['QLD', 'NSW', 'ACT', 'VIC', 'TAS', 'SA', 'NT', 'WA'] as const;

const RegoLookup = z
  .object({
    rego: z
      .string({ error: 'Please enter your registration number.' })
      .refine(
        (value) => normaliseRego(value) !== undefined,
        'Please enter your registration number.',
      ),
    regoState: z.enum(STATES, { error: 'Please select the state the car is registered in.' }),
  })
  .strict();

const Valuation = z
  .object({
    year: z
      .number({ error: 'Please enter the year.' })
      .int()
      .min(1950, 'Please enter the year.')
      .max(2100, 'Please enter the year.'),
    make: z.string().trim().min(1, 'Please enter the make.').max(60),
    model: z.string().trim().min(1, 'Please enter the model.').max(60),
    km: z
      .number({ error: 'Please enter the kilometres.' })
      .int()
      .min(0, 'Please enter the kilometres.')
      .max(2_000_000, 'Please enter the kilometres.'),
    adjustmentAnswers: z
      .partialRecord(
        z.enum(ADJUSTMENTS.map((adjustment) => adjustment.key) as [string, ...string[]]),
        z.boolean(),
      )
      .default({}),
  })
  .strict();

/** Trade-in valuation steps: rego lookup, then the estimate from the adjustments (offer accepted is the lead's last step). */
export function tradeInRoutes(app: ApiApp): void {
  app.post('/trade-in/rego-lookup', async (c) => {
    const body = validate(RegoLookup, await readJson(c));
    const year = new Date(c.get('now')).getUTCFullYear();
    return c.json({ vehicle: lookupRego(body.rego, body.regoState, year) });
  });

  app.post('/trade-in/valuation', async (c) => {
    const body = validate(Valuation, await readJson(c));
    const estimate = estimateTradeIn(
      body,
      body.km,
      body.adjustmentAnswers,
      new Date(c.get('now')).getUTCFullYear(),
    );
    if (!estimate.ok) return c.json({ error: estimate.error }, 422);
    return c.json({ offer_price: estimate.offer_price });
  });
}
