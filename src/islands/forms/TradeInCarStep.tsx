import type { Dispatch, FormEvent, RefObject } from 'react';
import { ADJUSTMENTS } from '../../domain/leads/trade-in';
import {
  REGO_STATES,
  type TradeInAction,
  type TradeInState,
} from '../../domain/leads/trade-in-flow';

/** Trade-in step 2: the plate, its state, the kilometres and the condition questions. */
export function TradeInCarStep({
  state,
  dispatch,
  headingRef,
  onSubmit,
}: {
  state: TradeInState;
  dispatch: Dispatch<TradeInAction>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onSubmit: (event: FormEvent) => void;
}) {
  const { car, answers, errors, busy } = state;
  return (
    <form
      className="lead-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="trade-in-car-heading"
    >
      <h2 id="trade-in-car-heading" className="lead-form__heading" tabIndex={-1} ref={headingRef}>
        Your car
      </h2>
      <div className="lead-form__grid">
        <div className={`lead-field${errors.rego ? ' lead-field--error' : ''}`}>
          <label htmlFor="trade-in-rego">Registration Number</label>
          <input
            id="trade-in-rego"
            name="rego"
            value={car.rego}
            maxLength={9}
            autoComplete="off"
            aria-invalid={errors.rego ? true : undefined}
            aria-describedby={errors.rego ? 'trade-in-rego-error' : undefined}
            onChange={(event) =>
              dispatch({ type: 'edit', field: 'rego', value: event.target.value })
            }
          />
          {errors.rego && (
            <p className="lead-field__error" id="trade-in-rego-error">
              {errors.rego}
            </p>
          )}
        </div>
        <div className="lead-field">
          <label htmlFor="trade-in-state">Registration State</label>
          <select
            id="trade-in-state"
            value={car.regoState}
            onChange={(event) =>
              dispatch({ type: 'edit', field: 'regoState', value: event.target.value })
            }
          >
            {REGO_STATES.map((regoState) => (
              <option key={regoState}>{regoState}</option>
            ))}
          </select>
        </div>
        <div className={`lead-field${errors.km ? ' lead-field--error' : ''}`}>
          <label htmlFor="trade-in-km">Kilometres</label>
          <input
            id="trade-in-km"
            inputMode="numeric"
            value={car.km}
            aria-invalid={errors.km ? true : undefined}
            aria-describedby={errors.km ? 'trade-in-km-error' : undefined}
            onChange={(event) => dispatch({ type: 'edit', field: 'km', value: event.target.value })}
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
              onChange={(event) =>
                dispatch({ type: 'answer', key: adjustment.key, value: event.target.checked })
              }
            />
            <label htmlFor={`trade-in-${adjustment.key}`}>{adjustment.label}</label>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Valuing...' : 'Get My Estimate'}
      </button>
    </form>
  );
}
