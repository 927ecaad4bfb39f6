import { DEFAULT_RESERVE_DEPOSIT, depositCents } from '../../src/domain/accounts';
import { FILL_TIME_ERRORS, judgeFillTime } from '../../src/domain/leads/fill-time';
import { leadBodySchema } from '../../src/domain/leads/validation';
import { isReservable } from '../../src/domain/reservable';
import type { SiteData } from '../../src/site/types';
import { WebhookBodyError } from '../accounts/payments';
import { accountsOf, currentUser } from '../accounts/session';
import { BadRequest, errorResponse, readJson, validate } from '../http';
import { leadSettings } from '../leads/settings';
import { channelsFor, rulesFor } from '../leads/rules';
import { UNAVAILABLE_MESSAGES } from '../stock/stock';
import type { ApiApp } from '../types';

/** What the shopper who came second reads (the checkout page shows it as the car having just gone). */
export const JUST_RESERVED =
  'Sorry, this car was just reserved by another shopper. Nothing has been charged. Please choose another car, or call the dealership about it.';

/** The deposit this site asks to reserve a car (tenant labels.reserve_deposit, SPEC default $200). */
export function reserveDeposit(site: SiteData): string {
  return (
    (site.tenant.labels as { reserve_deposit?: string }).reserve_deposit ?? DEFAULT_RESERVE_DEPOSIT
  );
}

/**
 * POST /api/reserve: the /cars/{slug}/checkout form. Body as POST /api/leads with form 'reserve'
 * and the car's id. The reservation is stored as a lead (same storage and outbox, so the dealer
 * gets it like any lead), then the payment provider is asked for the deposit. 201
 * { lead_id, deposit, payment: { id, status, redirect_url } }; a repeat of the same
 * idempotency_key answers 200 with the same lead and payment, asking the provider nothing.
 */
export function reserveRoutes(app: ApiApp): void {
  app.post('/reserve', async (c) => {
    const site = c.get('site');
    if (!site.tenant.features.reserve)
      return errorResponse(c, 404, 'Reservations are not available on this site.');
    const body = validate(leadBodySchema(rulesFor(site, 'reserve', true)), await readJson(c));
    if (body.form !== 'reserve')
      throw new BadRequest(422, "form must be 'reserve'.", { form: "form must be 'reserve'." });
    if (body.website)
      throw new BadRequest(
        422,
        'This form could not be sent. Please leave the field marked "leave blank" empty.',
      );
    const timing = judgeFillTime(
      body.started_at,
      body.submitted_at,
      c.get('now'),
      leadSettings(site).min_fill_ms,
    );
    if (timing !== 'ok') throw new BadRequest(422, FILL_TIME_ERRORS[timing]);
    const car = site.cars.find(
      (candidate) =>
        body.car_id !== undefined &&
        body.car_id !== null &&
        String(candidate.id) === String(body.car_id),
    );
    if (!car)
      throw new BadRequest(422, 'Choose a car to reserve.', {
        car_id: 'This car is not listed on this site.',
      });
    if (!isReservable(car))
      return errorResponse(c, 409, 'Sorry, this car is no longer available to reserve.');
    // A site that gates checkout behind sign-in (features.sign_in_gated) takes reservations only from signed-in shoppers.
    if (site.tenant.features.sign_in_gated.includes('checkout') && !(await currentUser(c)))
      return c.json({ error: 'Please sign in to reserve this car.' }, 401);

    const deposit = reserveDeposit(site);
    const result = await c.get('store').submitLead({
      tenant: site.tenant.slug,
      idempotencyKey: body.idempotency_key,
      form: 'reserve',
      category: 'Reserve',
      subcategory: body.subcategory ?? null,
      carId: String(car.id),
      fields: {
        ...body.fields,
        deposit,
        stock_number: body.fields.stock_number ?? car.stocknum ?? null,
      },
      isLastStep: true,
      channels: channelsFor(site),
      reserveCar: true,
      now: c.get('now'),
    });
    if (!result.ok && result.reason === 'car_reserved')
      return c.json({ error: JUST_RESERVED, code: 'reserved' }, 409);
    // The live stock says the car sold or was reserved after this page was built.
    if (!result.ok && result.reason === 'car_unavailable')
      return c.json(
        { error: UNAVAILABLE_MESSAGES[result.unavailable], code: result.unavailable },
        409,
      );
    if (!result.ok) return errorResponse(c, 422, result.error);

    const accounts = accountsOf(c);
    const existing = (await accounts.paymentIntents(site.tenant.slug)).find(
      (intent) => intent.leadId === result.leadId,
    );
    if (!result.created && existing) {
      return c.json(
        {
          lead_id: result.leadId,
          deposit,
          payment: { id: existing.id, status: existing.status, redirect_url: null },
        },
        200,
      );
    }
    const payment = await c.get('accounts').payments.createIntent(
      {
        tenant: site.tenant.slug,
        leadId: result.leadId,
        carId: String(car.id),
        amountCents: depositCents(deposit) ?? 20_000,
        description: `Deposit to reserve ${car.name}`,
      },
      { accounts, now: c.get('now') },
    );
    return c.json(
      {
        lead_id: result.leadId,
        deposit,
        payment: {
          id: payment.id,
          status: payment.status,
          redirect_url: payment.redirectUrl ?? null,
        },
      },
      result.created ? 201 : 200,
    );
  });

  /**
   * POST /api/payments/webhook: the payment provider says what became of a deposit. Only calls
   * carrying the provider's valid signature count (401 otherwise; 422 when signed but no event);
   * 404 when the provider takes no webhooks or the intent is not this site's. Each event id is
   * applied once and only along payment-status.ts's moves; a repeat or a move back is acknowledged
   * (so the provider stops retrying) and changes nothing: { received: true, applied: false }.
   */
  app.post('/payments/webhook', async (c) => {
    const provider = c.get('accounts').payments;
    if (!provider.readWebhook) return errorResponse(c, 404, 'This site takes no payment webhooks.');
    let event;
    try {
      event = provider.readWebhook(await c.req.text(), c.req.raw.headers, c.get('now'));
    } catch (error) {
      if (error instanceof WebhookBodyError)
        return errorResponse(c, 422, error.message, error.fields);
      throw error;
    }
    if (!event) return c.json({ error: 'The webhook signature is missing or invalid.' }, 401);
    const outcome = await accountsOf(c).applyPaymentEvent(
      c.get('site').tenant.slug,
      provider.name,
      event,
      c.get('now'),
    );
    if (outcome === 'not_found') return errorResponse(c, 404, 'No such payment on this site.');
    return c.json({ received: true, applied: outcome === 'applied' }, 200);
  });
}
