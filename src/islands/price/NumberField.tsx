import { useId, type ReactNode } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  /** Shown under the field and announced; marks the field invalid. */
  message?: string | undefined;
  /** Text before the value, e.g. "$". */
  prefix?: string;
  /** Native number input with range and step (term, rate); money fields are text so any typing is accepted and cleaned. */
  range?: { min: number; max: number; step: number } | undefined;
  hint?: ReactNode;
  name: string;
}

/** A labelled numeric input with an optional prefix and an accessible message. */
export function NumberField({
  label,
  value,
  onChange,
  onBlur,
  message,
  prefix,
  range,
  hint,
  name,
}: Props) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy =
    [message ? messageId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="price-field">
      <label htmlFor={id}>{label}</label>
      <div
        className={
          prefix ? 'price-field__control price-field__control--prefixed' : 'price-field__control'
        }
      >
        {prefix && (
          <span className="price-field__prefix" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          id={id}
          name={name}
          type={range ? 'number' : 'text'}
          inputMode="decimal"
          autoComplete="off"
          min={range?.min}
          max={range?.max}
          step={range?.step}
          value={value}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
        />
      </div>
      {hint && (
        <p id={hintId} className="price-field__hint">
          {hint}
        </p>
      )}
      {message && (
        <p id={messageId} className="price-field__message" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
