import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AccountStore } from './store';

/** What a reservation asks the payment provider to take. */
export interface PaymentRequest {
  tenant: string;
  /** The reserve lead this deposit belongs to. */
  leadId: string;
  carId: string;
  /** Whole cents, AUD. */
  amountCents: number;
  description: string;
}

export interface PaymentIntent {
  id: string;
  /** `recorded`: kept for the dealer to charge; a real provider answers `requires_action` with a checkout URL. */
  status: 'recorded' | 'requires_action' | 'succeeded' | 'failed';
  /** Where to send the shopper to pay (hosted checkout page), when the provider has one. */
  redirectUrl?: string | null;
}

/** What a provider's webhook says became of a payment intent. */
export interface PaymentEvent {
  intentId: string;
  status: 'succeeded' | 'failed';
}

/**
 * Takes a reservation deposit. A production provider (Stripe, Adyen, Windcave, ...) implements
 * `createIntent` by creating a payment/checkout session for `amountCents` with `leadId` as its
 * reference and answering `requires_action` with the hosted checkout URL; its webhook then marks
 * the intent paid. The card never touches this API.
 */
export interface PaymentProvider {
  readonly name: string;
  createIntent(request: PaymentRequest, env: { accounts: AccountStore; now: number }): Promise<PaymentIntent>;
  /**
   * POST /api/payments/webhook: checks the call is the provider's (its signature over the raw body)
   * and reads the outcome; undefined when the signature does not hold. Without it the route is 404.
   */
  readWebhook?(rawBody: string, headers: Headers, now: number): PaymentEvent | undefined;
}

/** How old a signed webhook call may be (replays of older ones are refused). */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/**
 * Checks a `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}"}` signature (the scheme
 * Stripe and others use) in constant time, within WEBHOOK_TOLERANCE_MS of `now`.
 */
export function verifyWebhookSignature(secret: string, rawBody: string, header: string | null, now: number): boolean {
  const parts = new Map((header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  if (!Number.isInteger(t) || Math.abs(now - t * 1000) > WEBHOOK_TOLERANCE_MS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Signs a body for `x-payment-signature` (a provider's side; the tests use it). */
export function signWebhook(secret: string, rawBody: string, now: number): string {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex')}`;
}

/**
 * The local provider: no card processing, it records the intent so the dealer can follow up. Given a
 * `webhookSecret`, it also takes signed webhook calls (`x-payment-signature`, body
 * `{ "intent_id": "...", "status": "succeeded" | "failed" }`), e.g. from a dealer's payment
 * terminal integration, and is the template for a real provider's `readWebhook`.
 */
export class RecordingPaymentProvider implements PaymentProvider {
  readonly name = 'local';

  /** Only with a secret: without one the webhook route answers 404. */
  readonly readWebhook?: (rawBody: string, headers: Headers, now: number) => PaymentEvent | undefined;

  constructor(options: { webhookSecret?: string } = {}) {
    const secret = options.webhookSecret;
    if (secret) this.readWebhook = (rawBody, headers, now) => readSignedEvent(secret, rawBody, headers, now);
  }

  async createIntent(request: PaymentRequest, { accounts, now }: { accounts: AccountStore; now: number }): Promise<PaymentIntent> {
    const id = await accounts.recordPaymentIntent({ ...request, provider: this.name, status: 'recorded' }, now);
    return { id, status: 'recorded', redirectUrl: null };
  }
}

/** The local provider's webhook: signed `{ intent_id, status }`. */
function readSignedEvent(secret: string, rawBody: string, headers: Headers, now: number): PaymentEvent | undefined {
  if (!verifyWebhookSignature(secret, rawBody, headers.get('x-payment-signature'), now)) return undefined;
  const event = JSON.parse(rawBody) as { intent_id?: unknown; status?: unknown };
  if (typeof event.intent_id !== 'string' || (event.status !== 'succeeded' && event.status !== 'failed')) return undefined;
  return { intentId: event.intent_id, status: event.status };
}
