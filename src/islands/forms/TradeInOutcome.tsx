import type { RefObject } from 'react';
import { formatPhone, formatPrice, telHref } from '../../domain/format';
import type { TradeInState } from '../../domain/leads/trade-in-flow';

/** Trade-in step 3: the offer to accept, or why there is no online estimate and what to do. */
export function TradeInOutcome({
  state,
  headingRef,
  phone,
  enquireHref,
  onAccept,
}: {
  state: TradeInState;
  headingRef: RefObject<HTMLHeadingElement | null>;
  phone?: string | undefined;
  enquireHref: string;
  onAccept: () => void;
}) {
  const { vehicle, offer, noEstimate, busy } = state;
  const car = vehicle && (
    <p>
      {vehicle.year} {vehicle.make} {vehicle.model}
    </p>
  );
  if (noEstimate !== null) {
    return (
      <section className="lead-form trade-in-no-estimate" aria-labelledby="trade-in-none-heading">
        <h2
          id="trade-in-none-heading"
          className="lead-form__heading"
          tabIndex={-1}
          ref={headingRef}
        >
          No online estimate for this car
        </h2>
        {car}
        <p className="trade-in-no-estimate__reason">{noEstimate}</p>
        <p>
          We have your details and will contact you to arrange an inspection. Or talk to us now:
        </p>
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
    );
  }
  if (offer === null) return null;
  return (
    <section className="lead-form" aria-labelledby="trade-in-offer-heading">
      <h2 id="trade-in-offer-heading" className="lead-form__heading" tabIndex={-1} ref={headingRef}>
        Your offer
      </h2>
      {car}
      <p className="lead-offer">{formatPrice(offer)}</p>
      <p>The exact price is confirmed when we inspect the car.</p>
      <button type="button" className="btn btn-primary" onClick={onAccept} disabled={busy}>
        {busy ? 'Sending...' : 'Accept Offer'}
      </button>
    </section>
  );
}
