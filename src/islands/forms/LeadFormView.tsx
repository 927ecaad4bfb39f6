import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LEAD_FORM_TABLE, type LeadForm, type LeadFormSpec } from '../../domain/leads/forms';
import { useEarlyInput } from '../early-input';
import { DealershipSearch } from './DealershipSearch';
import { ErrorSummary, SubmitFailure } from './ErrorSummary';
import { Field } from './Field';
import { HoneypotField } from './HoneypotField';
import { useLeadForm } from './useLeadForm';
import type { DealershipOption, FormCar, FormSettings } from './types';

export interface LeadFormProps {
  form: LeadForm;
  /** Prefix of every id in this form (several forms can share a page). */
  idPrefix: string;
  car?: FormCar | null;
  settings: FormSettings;
  /** Show the form's own heading (LEAD_FORM_TABLE) above it. */
  withHeading?: boolean;
  /** A button label other than the form's own (LEAD_FORM_TABLE). */
  submitLabel?: string;
  /** The hidden field (Request Photos: 'Please send photos for this car'). */
  hidden?: string;
  category?: string;
  /** Whether the form has a Comments box at all (its label is the form's own). */
  withMessage?: boolean;
  /** Test drive: offer the location's appointment slots. */
  withSlots?: boolean;
  /** Read ?car_id= from the page URL and load that car (pages like /book-test-drive/). */
  carFromQuery?: boolean;
  /** Extra fields sent with the lead (e.g. finance query values). */
  extra?: Record<string, unknown>;
  /** Query parameters copied into the lead's fields. */
  queryFields?: string[];
  /** The dealership chosen from the start (a location's own page); the shopper can still change it. */
  dealership?: DealershipOption | null;
  children?: ReactNode;
}

interface Slot {
  start: string;
  date: string;
  time: string;
}

function slotLabel(slot: Slot): string {
  const [year, month, day] = slot.date.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  const weekday = date.toLocaleDateString('en-AU', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const [hours, minutes] = slot.time.split(':').map(Number);
  return `${weekday}, ${((hours! + 11) % 12) + 1}:${String(minutes).padStart(2, '0')} ${hours! < 12 ? 'am' : 'pm'}`;
}

/** One lead form: contact fields (SPEC labels), Comments, the dealership search, slots and terms where they apply. */
export default function LeadFormView(props: LeadFormProps) {
  const { form, idPrefix, settings, withMessage = true } = props;
  const spec: LeadFormSpec = LEAD_FORM_TABLE[form];
  const heading = props.withHeading ? spec.heading : undefined;
  const [car, setCar] = useState<FormCar | null>(props.car ?? null);
  const [dealership, setDealership] = useState<DealershipOption | null>(props.dealership ?? null);
  const [terms, setTerms] = useState(false);
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [appointment, setAppointment] = useState('');
  const [query, setQuery] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const lead = useLeadForm({ form, car, settings, formRef });
  useEarlyInput(formRef);
  const id = (field: string) => `${idPrefix}-${field}`;

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const copied: Record<string, string> = {};
    for (const name of props.queryFields ?? []) {
      const value = params.get(name);
      if (value) copied[name] = value.slice(0, 200);
    }
    setQuery(copied);
    const carId = props.carFromQuery ? params.get('car_id') : null;
    if (carId && !props.car) {
      fetch(`/api/cars/by-id/${encodeURIComponent(carId)}`)
        .then((response) => (response.ok ? (response.json() as Promise<{ car: FormCar }>) : null))
        .then((found) => found && setCar(found.car))
        .catch(() => undefined);
    }
  }, [props.carFromQuery, props.car, props.queryFields]);

  useEffect(() => {
    if (!props.withSlots) return;
    const location = car?.location_id ?? dealership?.location_id;
    fetch(`/api/test-drive/slots${location ? `?location_id=${encodeURIComponent(location)}` : ''}`)
      .then((response) =>
        response.ok ? (response.json() as Promise<{ slots: Slot[] }>) : { slots: [] },
      )
      .then((data) => setSlots(data.slots))
      .catch(() => setSlots([]));
  }, [props.withSlots, car?.location_id, dealership?.location_id]);

  const needsDealership = !car && settings.dealerships.length > 1;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const extra: Record<string, unknown> = { ...props.extra, ...query };
    if (props.hidden) extra.hidden = props.hidden;
    if (dealership) Object.assign(extra, dealership);
    else if (needsDealership) extra.dealership_slug = '';
    if (settings.termsRequired || terms) extra.terms_conditions = terms;
    if (appointment) extra.appointment = appointment;
    if (car)
      Object.assign(extra, {
        stock_number: car.stocknum ?? undefined,
        'Vehicle Make': car.make,
        'Vehicle Model': car.model,
        car_type: car.car_type,
      });
    for (const [name, value] of Object.entries(extra))
      if (value === undefined || value === null) delete extra[name];
    void lead.submit(extra, props.category ? { category: props.category } : {});
  };

  return (
    <form
      className="lead-form"
      noValidate
      onSubmit={onSubmit}
      ref={formRef}
      aria-labelledby={heading ? id('heading') : undefined}
    >
      {heading && (
        <h2 id={id('heading')} className="lead-form__heading">
          {heading}
        </h2>
      )}
      {car && <p className="lead-form__car">{car.name}</p>}
      <ErrorSummary errors={lead.errors} idPrefix={idPrefix} />
      <SubmitFailure message={lead.failure} />
      {props.hidden && <input type="hidden" name="hidden" value={props.hidden} />}
      <HoneypotField id={id('website')} />
      <div className="lead-form__grid">
        <Field
          id={id('name')}
          name="name"
          label="First Name"
          autoComplete="given-name"
          required
          error={lead.errors.name}
        />
        <Field
          id={id('last_name')}
          name="last_name"
          label="Last Name"
          autoComplete="family-name"
          required
          error={lead.errors.last_name}
        />
        <Field
          id={id('phone')}
          name="phone"
          label="Mobile Number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          error={lead.errors.phone}
        />
        <Field
          id={id('email')}
          name="email"
          label="Email Address"
          type="email"
          autoComplete="email"
          required
          error={lead.errors.email}
        />
        <Field
          id={id('postcode')}
          name="postcode"
          label="Postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          required

          error={lead.errors.postcode}
        />
      </div>
      {needsDealership && (
        <DealershipSearch
          id={id('dealership_slug')}
          options={settings.dealerships}
          value={dealership}
          error={lead.errors.dealership_slug}
          onChange={setDealership}
        />
      )}
      {props.withSlots && (
        <div className="lead-field">
          <label htmlFor={id('appointment')}>Preferred Date and Time (optional)</label>
          <select
            id={id('appointment')}
            name="appointment"
            value={appointment}
            onChange={(event) => setAppointment(event.target.value)}
            aria-invalid={lead.errors.appointment ? true : undefined}
          >
            <option value="">
              {slots === null
                ? 'Loading times...'
                : slots.length
                  ? 'Any time (we will call you)'
                  : 'No times available: we will call you'}
            </option>
            {(slots ?? []).map((slot) => (
              <option key={slot.start} value={slot.start}>
                {slotLabel(slot)}
              </option>
            ))}
          </select>
          {lead.errors.appointment && (
            <p className="lead-field__error">{lead.errors.appointment}</p>
          )}
        </div>
      )}
      {withMessage && (
        <Field
          id={id('message')}
          name="message"
          label={spec.messageLabel}
          multiline
          required={settings.messageRequired && spec.messageRequired}

          error={lead.errors.message}
        />
      )}
      {props.children}
      {(settings.termsRequired || spec.termsAlwaysShown) && (
        <div className={`lead-check${lead.errors.terms_conditions ? ' lead-field--error' : ''}`}>
          <input
            id={id('terms_conditions')}
            type="checkbox"
            checked={terms}
            onChange={(event) => setTerms(event.target.checked)}
            aria-invalid={lead.errors.terms_conditions ? true : undefined}
            aria-describedby={
              lead.errors.terms_conditions ? id('terms_conditions-error') : undefined
            }
          />
          <label htmlFor={id('terms_conditions')}>
            I agree to the <a href={settings.termsUrl}>terms of use</a>
            {settings.termsRequired ? '' : ' (optional)'}
          </label>
          {lead.errors.terms_conditions && (
            <p className="lead-field__error" id={id('terms_conditions-error')}>
              {lead.errors.terms_conditions}
            </p>
          )}
        </div>
      )}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={lead.sending || !lead.hydrated}
        aria-busy={lead.sending}
      >
        {lead.sending ? 'Sending...' : (props.submitLabel ?? spec.submitLabel)}
      </button>
    </form>
  );
}
