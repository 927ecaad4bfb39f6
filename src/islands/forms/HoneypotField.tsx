/** The honeypot's field name: POST /api/leads answers a filled one as accepted and delivers nothing. */
export const HONEYPOT_FIELD = 'website';

/**
 * A field people never see, reach or hear (off-screen, out of the tab order, hidden from assistive
 * tech) and browsers do not autofill; bots that fill every field fill it.
 */
export function HoneypotField({ id }: { id: string }) {
  return (
    <div className="lead-form__trap" aria-hidden="true">
      <label htmlFor={id}>Leave this field blank</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/** What a form's honeypot holds (its FormData): sent with the lead as `website`. */
export function honeypotValue(data: FormData): string {
  const value = data.get(HONEYPOT_FIELD);
  return typeof value === 'string' ? value : '';
}
