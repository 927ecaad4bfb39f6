import { useId, useRef, useState } from 'react';
import {
  NO_ESTIMATE,
  POSTCODE_MAX_LENGTH,
  POSTCODE_PLACEHOLDER,
  postcodeError,
  type DeliveryAnswer,
  type DeliveryQuote,
} from '../../domain/delivery';
import { formatPrice } from '../../domain/format';
import { useEarlyInput } from '../early-input';

type Result =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'quote'; quote: DeliveryQuote; postcode: string }
  | { kind: 'none' };

/** SPEC 5/8 delivery calculator: a postcode in, the region and price from GET /api/delivery. */
export default function DeliveryCalculator() {
  const id = useId();
  const [postcode, setPostcode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<Result>({ kind: 'idle' });
  const root = useRef<HTMLFormElement>(null);
  useEarlyInput(root);

  async function submit() {
    const message = postcodeError(postcode);
    setError(message);
    if (message) {
      setResult({ kind: 'idle' });
      return;
    }
    setResult({ kind: 'loading' });
    try {
      const response = await fetch(
        `/api/delivery?postcode=${encodeURIComponent(postcode.trim())}`,
        { headers: { accept: 'application/json' } },
      );
      // An uncovered postcode answers 200 with price null; anything else unexpected is also "no estimate".
      const answer = response.ok ? ((await response.json()) as DeliveryAnswer) : undefined;
      setResult(
        answer && typeof answer.price === 'number' && typeof answer.name === 'string'
          ? {
              kind: 'quote',
              quote: { price: answer.price, name: answer.name },
              postcode: postcode.trim(),
            }
          : { kind: 'none' },
      );
    } catch {
      setResult({ kind: 'none' });
    }
  }

  return (
    <form
      className="delivery-calculator"
      ref={root}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="price-field">
        <label htmlFor={id}>Postcode</label>
        <div className="delivery-calculator__row">
          <input
            id={id}
            name="postcode"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            required
            maxLength={POSTCODE_MAX_LENGTH}
            pattern="\d{4}"
            placeholder={POSTCODE_PLACEHOLDER}
            value={postcode}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setPostcode(event.currentTarget.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={result.kind === 'loading'}>
            Calculate
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} className="price-field__message" role="alert">
            {error}
          </p>
        )}
      </div>
      <div role="status" aria-live="polite">
        {result.kind === 'loading' && <p>Calculating...</p>}
        {result.kind === 'quote' && (
          <p className="delivery-calculator__result">
            Estimated delivery to {result.quote.name} ({result.postcode}):{' '}
            <strong data-testid="delivery-price">{formatPrice(result.quote.price)}</strong>
          </p>
        )}
        {result.kind === 'none' && <p>{NO_ESTIMATE}</p>}
      </div>
    </form>
  );
}
