/** The delivery calculator (SPEC 5, 8): postcode rules and the price of delivery to a postcode. */
import type { DeliveryRegion } from '../tenant/schema/delivery';

export const POSTCODE_REQUIRED = 'Please enter a postcode.';
export const POSTCODE_INVALID = 'Invalid postcode. Please enter a 4-digit number.';
export const NO_ESTIMATE =
  "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";
export const POSTCODE_PLACEHOLDER = 'e.g. 4000';
export const POSTCODE_MAX_LENGTH = 4;

/** SPEC 5: required, exactly 4 digits. Returns the message to show, or undefined when valid. */
export function postcodeError(input: string | null | undefined): string | undefined {
  const postcode = (input ?? '').trim();
  if (postcode === '') return POSTCODE_REQUIRED;
  if (!/^\d{4}$/.test(postcode)) return POSTCODE_INVALID;
  return undefined;
}

/** SPEC 3 delivery result: price and name (region). */
export interface DeliveryQuote {
  price: number;
  name: string;
}

/**
 * GET /api/delivery's answer for a valid postcode: the quote, or no price and the SPEC 8 sorry
 * message when no region covers it (an answer, not a missing resource).
 */
export type DeliveryAnswer =
  | (DeliveryQuote & { postcode: string })
  | { postcode: string; price: null; name: null; message: string };

export function deliveryAnswer(
  postcode: string,
  regions: readonly DeliveryRegion[],
): DeliveryAnswer {
  const quote = deliveryQuote(postcode, regions);
  return quote
    ? { ...quote, postcode }
    : { postcode, price: null, name: null, message: NO_ESTIMATE };
}

/** The first region whose range holds the postcode; undefined means no estimate (SPEC 8). */
export function deliveryQuote(
  postcode: string,
  regions: readonly DeliveryRegion[],
): DeliveryQuote | undefined {
  const code = postcode.trim();
  if (postcodeError(code)) return undefined;
  const region = regions.find((item) => item.from <= code && code <= item.to);
  return region ? { price: region.price, name: region.name } : undefined;
}
