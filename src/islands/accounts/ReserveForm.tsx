import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LEAD_FORM_TABLE } from '../../domain/leads/forms';
import './accounts.css';

export interface ReserveFormProps {
  car: { id: string | number; name: string };
  /** The deposit text (tenant labels.reserve_deposit, SPEC default $200). */
  deposit: string;
  /** The site's leads.min_fill_ms: the API refuses a form sent sooner after it appeared. */
  minFillMs: number;
  /** Search for cars like this one: offered when someone else reserved it first. */
  similarUrl: string;
}

const FIELDS = [
  { name: 'name', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'phone', label: 'Mobile Number', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email' },
  {
    name: 'postcode',
    label: 'Postcode',
    type: 'text',
    autoComplete: 'postal-code',
    maxLength: 4,
    inputMode: 'numeric',
  },
] as const;

type Done = { deposit: string; redirect?: string | null };

/** Shown when the API answers 409 without words of its own. */
const TAKEN = 'Sorry, this car was just reserved by another shopper. Nothing has been charged.';

/**
 * The /cars/{slug}/checkout reserve form: contact details, sent as a 'reserve' lead to
 * POST /api/reserve, which also asks the payment provider for the deposit.
 */
export default function ReserveForm({ car, deposit, minFillMs, similarUrl }: ReserveFormProps) {
  const ids = useId();
  const startedAt = useRef(0);
  const key = useRef('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Done>();
  /** The API's words when the car went to someone else (409): the form gives way to them. */
  const [taken, setTaken] = useState<{ message: string; sold: boolean }>();

  useEffect(() => {
    startedAt.current = Date.now();
    key.current = crypto.randomUUID();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fields: Record<string, string> = {};
    for (const field of [...FIELDS.map((f) => f.name), 'message']) {
      const value = String(data.get(field) ?? '').trim();
      if (value) fields[field] = value;
    }
    setBusy(true);
    setErrors({});
    setFormError(undefined);
    try {
      // A bot fills a form in no time; a person who is this quick just waits a moment (as the lead forms do).
      const wait = startedAt.current + minFillMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 50));
      const response = await fetch('/api/reserve', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({
          form: 'reserve',
          idempotency_key: key.current,
          started_at: startedAt.current,
          website: String(data.get('website') ?? ''),
          car_id: car.id,
          fields,
        }),
      });
      const body = (await response.json().catch(() => ({}))) as {
        error?: string;
        fields?: Record<string, string>;
        deposit?: string;
        payment?: { redirect_url?: string | null };
        /** 409: 'sold' when the dealer sold it since this page was built, else reserved. */
        code?: string;
      };
      if (response.status === 409) {
        setTaken({ message: body.error ?? TAKEN, sold: body.code === 'sold' });
        return;
      }
      if (!response.ok) {
        const fieldErrors = Object.fromEntries(
          Object.entries(body.fields ?? {}).map(([name, message]) => [
            name.replace(/^fields\./, ''),
            message,
          ]),
        );
        setErrors(fieldErrors);
        setFormError(body.error ?? 'An error occurred when submitting this form');
        return;
      }
      if (body.payment?.redirect_url) location.assign(body.payment.redirect_url);
      setDone({ deposit: body.deposit ?? deposit, redirect: body.payment?.redirect_url });
    } catch {
      setFormError('An error occurred when submitting this form');
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div role="status" className="reserve-done">
        <h2>Thank you, your reservation is in</h2>
        <p>
          We have your reservation for the {car.name}. The dealership will contact you shortly to
          take the {done.deposit} deposit and confirm it.
        </p>
      </div>
    );
  }

  if (taken) {
    return (
      <div role="alert" className="reserve-taken">
        <h2>{taken.sold ? 'This car has just been sold' : 'This car has just been reserved'}</h2>
        <p>{taken.message}</p>
        <a className="btn btn-primary" href={similarUrl}>
          Find Me Something Similar<span className="visually-hidden"> to {car.name}</span>
        </a>
      </div>
    );
  }

  const fieldError = (name: string) =>
    errors[name] ? (
      <span id={`${ids}-${name}-error`} className="account-error">
        {errors[name]}
      </span>
    ) : null;

  return (
    <form
      className="account-form"
      onSubmit={submit}
      noValidate
      aria-describedby={formError ? `${ids}-form-error` : undefined}
    >
      {formError && (
        <div id={`${ids}-form-error`} className="account-error" role="alert">
          <p>{formError}</p>
        </div>
      )}
      {FIELDS.map((field) => (
        <label key={field.name} htmlFor={`${ids}-${field.name}`}>
          {field.label}
          <input
            id={`${ids}-${field.name}`}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            maxLength={'maxLength' in field ? field.maxLength : undefined}
            inputMode={'inputMode' in field ? field.inputMode : undefined}
            required
            aria-invalid={Boolean(errors[field.name])}
            aria-describedby={errors[field.name] ? `${ids}-${field.name}-error` : undefined}
          />
          {fieldError(field.name)}
        </label>
      ))}
      <label htmlFor={`${ids}-message`}>
        {LEAD_FORM_TABLE.reserve.messageLabel}
        <textarea id={`${ids}-message`} name="message" rows={3} />
      </label>
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={`${ids}-website`}>
          Leave this field blank
          <input
            id={`${ids}-website`}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
          />
        </label>
      </div>
      <button className="btn btn-primary" type="submit" disabled={busy}>
        {LEAD_FORM_TABLE.reserve.submitLabel}
      </button>
    </form>
  );
}
