import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { EVENTS } from '../../analytics/events';
import { track } from '../../analytics/track';
import { LEAD_MESSAGES, OFFER_ACCEPTED } from '../../domain/leads/messages';
import { LEAD_FORM_TABLE } from '../../domain/leads/forms';
import {
  checkCarAnswers,
  initialTradeIn,
  lookupOutcome,
  TRADE_IN_STEPS,
  tradeInReducer,
  valuationFields,
  valuationOutcome,
} from '../../domain/leads/trade-in-flow';
import { fieldErrors, leadFieldsSchema, rulesForForm } from '../../domain/leads/validation';
import { $enquiredCar, $user, rememberUser } from '../../stores/user';
import { useEarlyInput } from '../early-input';
import { DealershipSearch } from './DealershipSearch';
import { ErrorSummary } from './ErrorSummary';
import { Field } from './Field';
import { HoneypotField, honeypotValue } from './HoneypotField';
import { newIdempotencyKey, postJson, sendLead } from './submit';
import { TradeInCarStep } from './TradeInCarStep';
import { TradeInOutcome } from './TradeInOutcome';
import type { DealershipOption, FormCar, FormSettings } from './types';

/**
 * SPEC 4 trade-in flow as a multi-step lead: 1. lead capture (contact details), 2. rego lookup
 * and valuation adjustments, 3. offer accepted (subcategory '3. Offer Accepted', event 18).
 * Each step is POSTed with the lead_id the first returned; the last step sends it to the dealer.
 */
export interface TradeInFormProps {
  settings: FormSettings;
  carFromQuery?: boolean;
  /** The dealer's number, offered when a car cannot be valued online. */
  phone?: string | undefined;
  /** Where to enquire instead (the contact form). */
  enquireHref: string;
}

export default function TradeInForm({
  settings,
  carFromQuery = false,
  phone,
  enquireHref,
}: TradeInFormProps) {
  const [state, dispatch] = useReducer(tradeInReducer, initialTradeIn);
  const { step, leadId, errors, failure, busy, offer } = state;
  const [hydrated, setHydrated] = useState(false);
  const [dealership, setDealership] = useState<DealershipOption | null>(null);
  const [car, setCar] = useState<FormCar | null>(null);
  const contactRef = useRef<HTMLFormElement>(null);
  /** The contact step's honeypot, sent with every step (the later steps' forms have none). */
  const trap = useRef('');
  const startedAt = useRef(Date.now());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const root = useRef<HTMLDivElement>(null);
  useEarlyInput(root);

  useEffect(() => {
    const stored = $user.get();
    for (const field of ['name', 'last_name', 'phone', 'email', 'postcode'] as const) {
      const input = contactRef.current?.elements.namedItem(field);
      if (input instanceof HTMLInputElement && !input.value && stored[field])
        input.value = stored[field];
    }
    const carId = carFromQuery ? new URLSearchParams(window.location.search).get('car_id') : null;
    if (carId) {
      fetch(`/api/cars/by-id/${encodeURIComponent(carId)}`)
        .then((response) => (response.ok ? (response.json() as Promise<{ car: FormCar }>) : null))
        .then((found) => found && setCar(found.car))
        .catch(() => undefined);
    }
    setHydrated(true);
  }, [carFromQuery]);

  useEffect(() => {
    if (step > 0) headingRef.current?.focus();
  }, [step]);

  /** One step of the lead: its lead_id, or null with the failure shown. */
  async function sendStep(
    subcategory: string,
    fields: Record<string, unknown>,
    isLastStep: boolean,
  ): Promise<string | null> {
    const wait = startedAt.current + settings.minFillMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
    const result = await sendLead({
      form: 'trade_in',
      idempotency_key: newIdempotencyKey(),
      started_at: startedAt.current,
      submitted_at: Date.now(),
      website: trap.current,
      subcategory,
      isLastStep,
      ...(leadId ? { lead_id: leadId } : {}),
      ...(car ? { car_id: car.id } : {}),
      fields,
    });
    if (result.ok) return result.lead_id;
    // SPEC 8: multi-step failure shows the returned error or 'An unexpected error occured'.
    dispatch({
      type: 'failed',
      message: result.returned ?? LEAD_MESSAGES.multiStepFailed,
      errors: result.fields,
    });
    return null;
  }

  async function submitContact(event: FormEvent) {
    event.preventDefault();
    if (busy || !contactRef.current) return;
    const data = new FormData(contactRef.current);
    trap.current = honeypotValue(data);
    const fields: Record<string, unknown> = Object.fromEntries(
      ['name', 'last_name', 'phone', 'email', 'postcode'].map((name) => [
        name,
        String(data.get(name) ?? ''),
      ]),
    );
    const needsDealership = !car && settings.dealerships.length > 1;
    if (dealership) Object.assign(fields, dealership);
    else if (needsDealership) fields.dealership_slug = '';
    const rules = rulesForForm(
      'trade_in',
      { messageRequired: false, termsRequired: false, dealerships: settings.dealerships.length },
      Boolean(car),
    );
    const parsed = leadFieldsSchema(rules).safeParse(fields);
    if (!parsed.success) {
      dispatch({ type: 'invalid', errors: fieldErrors(parsed.error) });
      return;
    }
    dispatch({ type: 'sending' });
    const id = await sendStep('1. Lead Capture', parsed.data, false);
    if (!id) return;
    rememberUser(parsed.data);
    dispatch({ type: 'contact-sent', leadId: id });
  }

  async function lookupAndValue(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { errors: problems, km } = checkCarAnswers(state.car);
    if (Object.keys(problems).length) {
      dispatch({ type: 'invalid', errors: problems });
      return;
    }
    dispatch({ type: 'sending' });
    const { rego, regoState } = state.car;
    const lookup = lookupOutcome(await postJson('/api/trade-in/rego-lookup', { rego, regoState }));
    if ('failure' in lookup) {
      dispatch({ type: 'failed', message: lookup.failure });
      return;
    }
    const { vehicle } = lookup;
    dispatch({ type: 'looked-up', vehicle });
    const { answers } = state;
    const valued = valuationOutcome(
      await postJson('/api/trade-in/valuation', {
        year: vehicle.year,
        make: vehicle.make,
        model: vehicle.model,
        km,
        adjustmentAnswers: answers,
      }),
    );
    dispatch({ type: 'valued', ...valued });
    // No estimate online: the valuation step is the last; the dealer calls to inspect.
    const id = await sendStep(
      '2. Valuation',
      valuationFields(state.car, vehicle, km, answers, valued.offer),
      valued.offer === null,
    );
    if (!id) return;
    void postJson('/api/miscellaneous', {
      column_name: 'valuation',
      lead_id: id,
      rego,
      regoState,
      adjustmentAnswers: answers,
      offer_price: valued.offer,
      offer_accepted: false,
      form_completed: valued.offer === null,
      url: window.location.href,
      source: 'Website',
      user_agent: navigator.userAgent.slice(0, 500),
    }).then((saved) => {
      if ('error' in saved || saved.status >= 300) console.error('Failed to save valuation data');
    });
    // No estimate: the dealer has the lead; the shopper learns why and what to do instead.
    dispatch({ type: 'car-sent' });
  }

  async function acceptOffer() {
    if (busy) return;
    dispatch({ type: 'sending' });
    const id = await sendStep(OFFER_ACCEPTED, { offer_accepted: true, offer_price: offer }, true);
    if (!id) return;
    dispatch({ type: 'settled' });
    track(EVENTS.offerAccepted, { lead_id: id, offer_price: offer });
    finish();
  }

  function finish() {
    $enquiredCar.set(
      car
        ? {
            id: car.id,
            name: car.name,
            slug: car.slug,
            primary_image_url: car.primary_image_url ?? null,
          }
        : null,
    );
    window.location.assign('/success');
  }

  return (
    <div className="lead-form trade-in-form" ref={root}>
      <ol className="lead-steps" aria-label="Trade-in steps">
        {TRADE_IN_STEPS.map((label, index) => (
          <li key={label} aria-current={index === step ? 'step' : undefined}>
            {index + 1}. {label}
          </li>
        ))}
      </ol>
      {car && <p className="lead-form__car">Trading in towards: {car.name}</p>}
      <ErrorSummary errors={errors} idPrefix="trade-in" />
      {failure && (
        <div className="lead-failure" role="alert">
          <p className="lead-failure__title">{failure}</p>
        </div>
      )}
      {step === 0 && (
        <form
          className="lead-form"
          noValidate
          onSubmit={submitContact}
          ref={contactRef}
          aria-labelledby="trade-in-heading"
        >
          <h2 id="trade-in-heading" className="lead-form__heading">
            {LEAD_FORM_TABLE.trade_in.heading}
          </h2>
          <HoneypotField id="trade-in-website" />
          <div className="lead-form__grid">
            <Field
              id="trade-in-name"
              name="name"
              label="First Name"
              autoComplete="given-name"
              required
              error={errors.name}
            />
            <Field
              id="trade-in-last_name"
              name="last_name"
              label="Last Name"
              autoComplete="family-name"
              required
              error={errors.last_name}
            />
            <Field
              id="trade-in-phone"
              name="phone"
              label="Mobile Number"
              type="tel"
              autoComplete="tel"
              required
              error={errors.phone}
            />
            <Field
              id="trade-in-email"
              name="email"
              label="Email Address"
              type="email"
              autoComplete="email"
              required
              error={errors.email}
            />
            <Field
              id="trade-in-postcode"
              name="postcode"
              label="Postcode"
              inputMode="numeric"
              maxLength={4}
              autoComplete="postal-code"
              required
              error={errors.postcode}
            />
          </div>
          {!car && settings.dealerships.length > 1 && (
            <DealershipSearch
              id="trade-in-dealership_slug"
              options={settings.dealerships}
              value={dealership}
              error={errors.dealership_slug}
              onChange={setDealership}
            />
          )}
          <button type="submit" className="btn btn-primary" disabled={busy || !hydrated}>
            {busy ? 'Sending...' : LEAD_FORM_TABLE.trade_in.submitLabel}
          </button>
        </form>
      )}
      {step === 1 && (
        <TradeInCarStep
          state={state}
          dispatch={dispatch}
          headingRef={headingRef}
          onSubmit={(event) => void lookupAndValue(event)}
        />
      )}
      {step === 2 && (
        <TradeInOutcome
          state={state}
          headingRef={headingRef}
          phone={phone}
          enquireHref={enquireHref}
          onAccept={() => void acceptOffer()}
        />
      )}
    </div>
  );
}
