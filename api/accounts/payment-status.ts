/**
 * What a reservation deposit's payment can be, and the only ways it may move. Webhooks arrive late,
 * twice or out of order; anything not listed here is ignored, so a paid deposit never goes back.
 */
export type PaymentStatus = 'recorded' | 'requires_action' | 'failed' | 'succeeded';

/** The statuses a provider's webhook may report. */
export type PaymentEventStatus = Exclude<PaymentStatus, 'recorded'>;

const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  // Created: the shopper may still have to act (3-D Secure, hosted page), or it settles either way.
  recorded: ['requires_action', 'failed', 'succeeded'],
  requires_action: ['failed', 'succeeded'],
  // A declined card can be retried on the same payment and then succeed.
  failed: ['requires_action', 'succeeded'],
  // Paid is final here (a refund is the dealer's business, outside this flow).
  succeeded: [],
};

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && Object.hasOwn(NEXT, value);
}

/** True when a payment in `from` may become `to`. */
export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return NEXT[from].includes(to);
}
