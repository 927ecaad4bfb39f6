import { useState, type MouseEvent } from 'react';
import { EVENTS } from '../../analytics/events';
import { track } from '../../analytics/track';
import { formatPhone, telHref } from '../../domain/format';
import { maskPhone } from '../../domain/vehicle/phone-mask';

interface Props {
  phone: string;
  carId: string;
  dealershipId?: string | undefined;
  websiteId: string;
  /** features.phone_revealed: the number shows in full from the start. */
  revealed: boolean;
  label?: string;
}

/** POST /api/phone-reveal; the record is best effort (a failure never blocks the call). */
function recordReveal(body: { car_id: string; dealership_id?: string | undefined; website_id: string }): void {
  fetch('/api/phone-reveal', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch(() => undefined);
}

/**
 * Call Now with the location's phone (SPEC 4): masked after the first 5 characters until the
 * first click reveals it (recorded, event 25); the link then dials. Without JavaScript the link
 * dials straight away.
 */
export default function PhoneReveal({ phone, carId, dealershipId, websiteId, revealed: revealedFromStart, label = 'Call Now' }: Props) {
  const [revealed, setRevealed] = useState(revealedFromStart);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (revealed) {
      track(EVENTS.phoneClick, { car_id: carId });
      return;
    }
    event.preventDefault();
    setRevealed(true);
    recordReveal({ car_id: carId, dealership_id: dealershipId, website_id: websiteId });
    track(EVENTS.phoneClick, { car_id: carId });
  };
  const shown = revealed ? formatPhone(phone) : maskPhone(phone);
  return (
    <a className="btn btn-outline vehicle-phone" href={telHref(phone)} onClick={onClick} data-revealed={revealed ? 'true' : 'false'}>
      <span>{label}</span> <span className="vehicle-phone__number">{shown}</span>
      {!revealed && <span className="visually-hidden"> (show the full number)</span>}
    </a>
  );
}
