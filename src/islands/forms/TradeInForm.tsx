import { useEffect, useRef, useState, type FormEvent } from 'react';
import { EVENTS } from '../../analytics/events';
import { track } from '../../analytics/track';
import { formatPhone, formatPrice, telHref } from '../../domain/format';
import { LEAD_MESSAGES, OFFER_ACCEPTED } from '../../domain/leads/messages';
import { ADJUSTMENTS } from '../../domain/leads/trade-in';
import { LEAD_FORM_TABLE } from '../../domain/leads/forms';
import { fieldErrors, leadFieldsSchema, rulesForForm } from '../../domain/leads/validation';
import { $enquiredCar, $user, rememberUser } from '../../stores/user';
import { useEarlyInput } from '../early-input';
import { DealershipSearch } from './DealershipSearch';
import { ErrorSummary } from './ErrorSummary';
import { Field } from './Field';
import { HoneypotField, honeypotValue } from './HoneypotField';
import { newIdempotencyKey, postJson, sendLead } from './submit';
import type { DealershipOption, FormCar, FormSettings } from './types';

const STATES = ['QLD', 'NSW', 'ACT', 'VIC', 'TAS', 'SA', 'NT', 'WA'];
const STEPS = ['Your details', 'Your car', 'Your offer'];

interface Vehicle {
  year: number;
  make: string;
  model: string;
}

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

/** Said when the valuation gave no reason (a network fault): the lead is recorded all the same. */
const NO_REASON = 'We could not work out an online estimate for this car.';

export default function TradeInForm({ settings, carFromQuery = false, phone, enquireHref }: TradeInFormProps) {
  const [step, setStep] = useState(0);
  const [leadId, setLeadId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [dealership, setDealership] = useState<DealershipOption | null>(null);
  const [car, setCar] = useState<FormCar | null>(null);
  const [vehicle, setVehicle] = useState<Vehicle | null>(null);
  const [offer, setOffer] = useState<number | null>(null);
  const [noEstimate, setNoEstimate] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  const [tradeIn, setTradeIn] = useState({ rego: '', regoState: 'QLD', km: '' });
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
      if (input instanceof HTMLInputElement && !input.value && stored[field]) input.value = stored[field];
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

  /** One step of the lead; false (with the error shown) when it failed. */
  async function sendStep(subcategory: string, fields: Record<string, unknown>, isLastStep: boolean): Promise<string | null> {
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
    if (result.fields) setErrors(result.fields);
    // SPEC 8: multi-step failure shows the returned error or 'An unexpected error occured'.
    setFailure(result.returned ?? LEAD_MESSAGES.multiStepFailed);
    return null;
  }

  async function submitContact(event: FormEvent) {
    event.preventDefault();
    if (busy || !contactRef.current) return;
    setFailure(null);
    const data = new FormData(contactRef.current);
    trap.current = honeypotValue(data);
    const fields: Record<string, unknown> = Object.fromEntries(
      ['name', 'last_name', 'phone', 'email', 'postcode'].map((name) => [name, String(data.get(name) ?? '')]),
    );
    const needsDealership = !car && settings.dealerships.length > 1;
    if (dealership) Object.assign(fields, dealership);
    else if (needsDealership) fields.dealership_slug = '';
    const rules = rulesForForm('trade_in', { messageRequired: false, termsRequired: false, dealerships: settings.dealerships.length }, Boolean(car));
    const parsed = leadFieldsSchema(rules).safeParse(fields);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    const id = await sendStep('1. Lead Capture', parsed.data, false);
    setBusy(false);
    if (!id) return;
    rememberUser(parsed.data);
    setLeadId(id);
    setStep(1);
  }

  async function lookupAndValue(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const problems: Record<string, string> = {};
    if (!tradeIn.rego.trim()) problems.rego = 'Please enter your registration number.';
    const km = Number(tradeIn.km.replace(/[^\d]/g, ''));
    if (!tradeIn.km.trim() || !Number.isFinite(km)) problems.km = 'Please enter the kilometres.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const lookup = await postJson('/api/trade-in/rego-lookup', { rego: tradeIn.rego, regoState: tradeIn.regoState });
      if ('error' in lookup || lookup.status !== 200) {
        setFailure('error' in lookup ? (lookup.returned ?? LEAD_MESSAGES.multiStepFailed) : String(lookup.data.error ?? LEAD_MESSAGES.multiStepFailed));
        return;
      }
      const found = lookup.data.vehicle as Vehicle;
      setVehicle(found);
      const valuation = await postJson('/api/trade-in/valuation', { year: found.year, make: found.make, model: found.model, km, adjustmentAnswers: answers });
      const offerPrice = !('error' in valuation) && valuation.status === 200 ? Number(valuation.data.offer_price) : null;
      const refusal = !('error' in valuation) && valuation.status === 422 ? String(valuation.data.error) : null;
      setOffer(offerPrice);
      setNoEstimate(offerPrice === null ? (refusal ?? NO_REASON) : null);
      const fields = {
        Rego: tradeIn.rego,
        regoState: tradeIn.regoState,
        year: found.year,
        'Vehicle Make': found.make,
        'Vehicle Model': found.model,
        km,
        adjustmentAnswers: answers,
        ...(offerPrice ? { offer_price: offerPrice } : {}),
      };
      // No estimate online: the valuation step is the last; the dealer calls to inspect.
      const id = await sendStep('2. Valuation', fields, offerPrice === null);
      if (!id) return;
      void postJson('/api/miscellaneous', {
        column_name: 'valuation',
        lead_id: id,
        rego: tradeIn.rego,
        regoState: tradeIn.regoState,
        adjustmentAnswers: answers,
        offer_price: offerPrice,
        offer_accepted: false,
        form_completed: offerPrice === null,
        url: window.location.href,
        source: 'Website',
        user_agent: navigator.userAgent.slice(0, 500),
      }).then((saved) => {
        if ('error' in saved || saved.status >= 300) console.error('Failed to save valuation data');
      });
      // No estimate: the dealer has the lead; the shopper learns why and what to do instead.
      setStep(2);
    } finally {
      setBusy(false);
    }
  }

  async function acceptOffer() {
    if (busy) return;
    setFailure(null);
    setBusy(true);
    const id = await sendStep(OFFER_ACCEPTED, { offer_accepted: true, offer_price: offer }, true);
    setBusy(false);
    if (!id) return;
    track(EVENTS.offerAccepted, { lead_id: id, offer_price: offer });
    finish();
  }

  function finish() {
    $enquiredCar.set(car ? { id: car.id, name: car.name, slug: car.slug, primary_image_url: car.primary_image_url ?? null } : null);
    window.location.assign('/success');
  }

  return (
    <div className="lead-form trade-in-form" ref={root}>
      <ol className="lead-steps" aria-label="Trade-in steps">
        {STEPS.map((label, index) => (
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
        <form className="lead-form" noValidate onSubmit={submitContact} ref={contactRef} aria-labelledby="trade-in-heading">
          <h2 id="trade-in-heading" className="lead-form__heading">
            {LEAD_FORM_TABLE.trade_in.heading}
          </h2>
          <HoneypotField id="trade-in-website" />
          <div className="lead-form__grid">
            <Field id="trade-in-name" name="name" label="First Name" autoComplete="given-name" required error={errors.name} />
            <Field id="trade-in-last_name" name="last_name" label="Last Name" autoComplete="family-name" required error={errors.last_name} />
            <Field id="trade-in-phone" name="phone" label="Mobile Number" type="tel" autoComplete="tel" required error={errors.phone} />
            <Field id="trade-in-email" name="email" label="Email Address" type="email" autoComplete="email" required error={errors.email} />
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
        <form className="lead-form" noValidate onSubmit={lookupAndValue} aria-labelledby="trade-in-car-heading">
          <h2 id="trade-in-car-heading" className="lead-form__heading" tabIndex={-1} ref={headingRef}>
            Your car
          </h2>
          <div className="lead-form__grid">
            <div className={`lead-field${errors.rego ? ' lead-field--error' : ''}`}>
              <label htmlFor="trade-in-rego">Registration Number</label>
              <input
                id="trade-in-rego"
                name="rego"
                value={tradeIn.rego}
                maxLength={9}
                autoComplete="off"
                aria-invalid={errors.rego ? true : undefined}
                aria-describedby={errors.rego ? 'trade-in-rego-error' : undefined}
                onChange={(event) => setTradeIn({ ...tradeIn, rego: event.target.value })}
              />
              {errors.rego && (
                <p className="lead-field__error" id="trade-in-rego-error">
                  {errors.rego}
                </p>
              )}
            </div>
            <div className="lead-field">
              <label htmlFor="trade-in-state">Registration State</label>
              <select id="trade-in-state" value={tradeIn.regoState} onChange={(event) => setTradeIn({ ...tradeIn, regoState: event.target.value })}>
                {STATES.map((state) => (
                  <option key={state}>{state}</option>
                ))}
              </select>
            </div>
            <div className={`lead-field${errors.km ? ' lead-field--error' : ''}`}>
              <label htmlFor="trade-in-km">Kilometres</label>
              <input
                id="trade-in-km"
                inputMode="numeric"
                value={tradeIn.km}
                aria-invalid={errors.km ? true : undefined}
                aria-describedby={errors.km ? 'trade-in-km-error' : undefined}
                onChange={(event) => setTradeIn({ ...tradeIn, km: event.target.value })}
              />
              {errors.km && (
                <p className="lead-field__error" id="trade-in-km-error">
                  {errors.km}
                </p>
              )}
            </div>
          </div>
          <fieldset className="lead-field">
            <legend>Tell us about its condition</legend>
            {ADJUSTMENTS.map((adjustment) => (
              <div className="lead-check" key={adjustment.key}>
                <input
                  id={`trade-in-${adjustment.key}`}
                  type="checkbox"
                  checked={Boolean(answers[adjustment.key])}
                  onChange={(event) => setAnswers({ ...answers, [adjustment.key]: event.target.checked })}
                />
                <label htmlFor={`trade-in-${adjustment.key}`}>{adjustment.label}</label>
              </div>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Valuing...' : 'Get My Estimate'}
          </button>
        </form>
      )}
      {step === 2 && noEstimate !== null && (
        <section className="lead-form trade-in-no-estimate" aria-labelledby="trade-in-none-heading">
          <h2 id="trade-in-none-heading" className="lead-form__heading" tabIndex={-1} ref={headingRef}>
            No online estimate for this car
          </h2>
          {vehicle && (
            <p>
              {vehicle.year} {vehicle.make} {vehicle.model}
            </p>
          )}
          <p className="trade-in-no-estimate__reason">{noEstimate}</p>
          <p>We have your details and will contact you to arrange an inspection. Or talk to us now:</p>
          <div className="btn-row">
            <a className="btn btn-primary" href={enquireHref}>
              Enquire Now
            </a>
            {phone && (
              <a className="btn btn-outline" href={telHref(phone)}>
                Call {formatPhone(phone)}
              </a>
            )}
          </div>
        </section>
      )}
      {step === 2 && offer !== null && (
        <section className="lead-form" aria-labelledby="trade-in-offer-heading">
          <h2 id="trade-in-offer-heading" className="lead-form__heading" tabIndex={-1} ref={headingRef}>
            Your offer
          </h2>
          {vehicle && (
            <p>
              {vehicle.year} {vehicle.make} {vehicle.model}
            </p>
          )}
          <p className="lead-offer">{formatPrice(offer)}</p>
          <p>The exact price is confirmed when we inspect the car.</p>
          <button type="button" className="btn btn-primary" onClick={() => void acceptOffer()} disabled={busy}>
            {busy ? 'Sending...' : 'Accept Offer'}
          </button>
        </section>
      )}
    </div>
  );
}
