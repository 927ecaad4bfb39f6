import type { InputHTMLAttributes, ReactNode } from 'react';

interface FieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'defaultValue'
> {
  /** Unique per page: forms prefix their own ids. */
  id: string;
  name: string;
  label: string;
  error?: string;
  required?: boolean;
  multiline?: boolean;
  hint?: ReactNode;
}

/**
 * A labelled input (or textarea) with its error message tied to it for screen readers.
 * Uncontrolled: what a shopper types before the island hydrates is kept; the form reads values on submit.
 */
export function Field({ id, label, error, required, multiline, hint, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  const shared = {
    id,
    name: input.name,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div className={`lead-field${error ? ' lead-field--error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {hint}
      {multiline ? (
        <textarea {...shared} rows={4} maxLength={5000} />
      ) : (
        <input {...input} {...shared} />
      )}
      {error && (
        <p className="lead-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
