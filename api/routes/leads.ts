import { z } from 'zod';
import { leadSettings } from '../leads/settings';
import { FILL_TIME_ERRORS, judgeFillTime } from '../../src/domain/leads/fill-time';
import { LEAD_FORMS } from '../../src/domain/leads/forms';
import { leadBodySchema } from '../../src/domain/leads/validation';
import { BadRequest, errorResponse, readJson, validate } from '../http';
import { trappedLeadId } from '../leads/honeypot';
import { channelsFor, rulesFor } from '../leads/rules';
import type { ApiApp } from '../types';

/** Just enough of the body to pick the rules the full schema is built with. */
const Head = z.object({ form: z.enum(LEAD_FORMS), car_id: z.unknown().optional() }).loose();

/**
 * POST /api/leads: one lead form (or one step of a multi-step form). The lead and its outbox rows
 * are committed before the answer: 201 { lead_id } when stored, 200 with the same lead_id for a
 * repeated idempotency_key, 422 { error, fields } for bad input (nothing stored). A filled
 * honeypot is answered 201 like a stored lead, and nothing is stored or delivered.
 */
export function leadRoutes(app: ApiApp): void {
  app.post('/leads', async (c) => {
    const site = c.get('site');
    const body = await readJson(c);
    const head = Head.safeParse(body);
    const form = head.success ? head.data.form : 'enquiry';
    const hasCar =
      head.success &&
      head.data.car_id !== undefined &&
      head.data.car_id !== null &&
      head.data.car_id !== '';
    const lead = validate(leadBodySchema(rulesFor(site, form, hasCar)), body);

    // A filled honeypot looks accepted and goes nowhere (api/leads/honeypot.ts says why).
    if (lead.website)
      return c.json({ lead_id: trappedLeadId(site.tenant.slug, lead.idempotency_key) }, 201);
    const timing = judgeFillTime(
      lead.started_at,
      lead.submitted_at,
      c.get('now'),
      leadSettings(site).min_fill_ms,
    );
    if (timing !== 'ok') throw new BadRequest(422, FILL_TIME_ERRORS[timing]);

    const result = await c.get('store').submitLead({
      tenant: site.tenant.slug,
      idempotencyKey: lead.idempotency_key,
      form: lead.form,
      category: lead.fields.category ?? lead.category ?? null,
      subcategory: lead.subcategory ?? null,
      carId: lead.car_id === undefined || lead.car_id === null ? null : String(lead.car_id),
      fields: lead.fields,
      leadId: lead.lead_id ?? null,
      isLastStep: lead.isLastStep,
      channels: channelsFor(site),
      now: c.get('now'),
    });
    if (!result.ok) return errorResponse(c, 422, result.error);
    return c.json({ lead_id: result.leadId }, result.created ? 201 : 200);
  });
}
