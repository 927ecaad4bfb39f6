import { useEffect, useRef } from 'react';
import { LEAD_MESSAGES } from '../../domain/leads/messages';

/** 'Please fix the following errors:' with each message linking to its field; focused when it appears. */
export function ErrorSummary({
  errors,
  idPrefix,
}: {
  errors: Record<string, string>;
  idPrefix: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors);
  useEffect(() => {
    if (entries.length) ref.current?.focus();
  }, [entries.length, errors]);
  if (!entries.length) return null;
  return (
    <div className="lead-errors" role="alert" tabIndex={-1} ref={ref}>
      <p className="lead-errors__title">{LEAD_MESSAGES.errorsHeading}</p>
      <ul>
        {entries.map(([field, message]) => (
          <li key={field}>
            <a href={`#${idPrefix}-${field}`}>{message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The form-level failure: 'An error occurred when submitting this form' and what went wrong. */
export function SubmitFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="lead-failure" role="alert">
      <p className="lead-failure__title">{LEAD_MESSAGES.submitFailed}</p>
      <p>{message}</p>
    </div>
  );
}
