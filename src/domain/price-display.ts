/** How a car's price reads wherever a shopper sees it: a figure, or the same words when there is none. */
export const PRICE_ON_APPLICATION = 'Price on application';

/** A price worth showing: a positive, finite number (0, null and NaN mean "ask the dealer"). */
export function hasPrice(price: unknown): price is number {
  return typeof price === 'number' && Number.isFinite(price) && price > 0;
}
