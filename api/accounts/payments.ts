import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { PaymentEventStatus } from './payment-status';
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
  /** The provider's id for this event: each is applied once, however often it is delivered. */
  id: string;
  intentId: string;
  status: PaymentEventStatus;
}

/** A webhook call whose signature holds but whose body is not an event: 422 with field messages. */
export class WebhookBodyError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super('The webhook body is not a payment event.');
  }
}

/**
 * Takes a reservation deposit. A production provider (Stripe, Adyen, Windcave, ...) implements
 * `createIntent` by creating a payment/checkout session for `amountCents` with `leadId` as its
 * reference and answering `requires_action` with the hosted checkout URL; its webhook then marks
 * the intent paid. The card never touches this API.
 */
export interface PaymentProvider {
  readonly name: string;
  createIntent(
    request: PaymentRequest,
    env: { accounts: AccountStore; now: number },
  ): Promise<PaymentIntent>;
  /**
   * POST /api/payments/webhook: checks the call is the provider's (its signature over the raw body)
   * and reads the outcome; undefined when the signature does not hold, WebhookBodyError when it holds
   * but the body is no event. Without it the route is 404.
   */
  readWebhook?(rawBody: string, headers: Headers, now: number): PaymentEvent | undefined;
}

/** How old a signed webhook call may be (replays of older ones are refused). */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/**
 * Checks a `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}"}` signature (the scheme
 * Stripe and others use) in constant time, within WEBHOOK_TOLERANCE_MS of `now`.
 */
export function verifyWebhookSignature(
  secret: string,
  rawBody: string,
  header: string | null,
  now: number,
): boolean {
  const parts = new Map(
    (header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string]),
  );
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
 * `{ "event_id": "...", "intent_id": "...", "status": "requires_action" | "succeeded" | "failed" }`), e.g. from a dealer's payment
 * terminal integration, and is the template for a real provider's `readWebhook`.
 */
export class RecordingPaymentProvider implements PaymentProvider {
  readonly name = 'local';

  /** Only with a secret: without one the webhook route answers 404. */
  readonly readWebhook?: (
    rawBody: string,
    headers: Headers,
    now: number,
  ) => PaymentEvent | undefined;

  constructor(options: { webhookSecret?: string } = {}) {
    const secret = options.webhookSecret;
    if (secret)
      this.readWebhook = (rawBody, headers, now) => readSignedEvent(secret, rawBody, headers, now);
  }

  async createIntent(
    request: PaymentRequest,
    { accounts, now }: { accounts: AccountStore; now: number },
  ): Promise<PaymentIntent> {
    const id = await accounts.recordPaymentIntent(
      { ...request, provider: this.name, status: 'recorded' },
      now,
    );
    return { id, status: 'recorded', redirectUrl: null };
  }
}

const LocalEvent = z.object({
  event_id: z
    .string({ error: 'Send event_id: the id of this event.' })
    .regex(/^[\w.:-]{1,200}$/, 'event_id must be 1 to 200 letters, digits, _ . : or -.'),
  intent_id: z.string({ error: 'Send intent_id: the payment it is about.' }).min(1).max(200),
  status: z.enum(['requires_action', 'succeeded', 'failed'], {
    error: 'status must be requires_action, succeeded or failed.',
  }),
});

/** The local provider's webhook: signed `{ event_id, intent_id, status }`. */
function readSignedEvent(
  secret: string,
  rawBody: string,
  headers: Headers,
  now: number,
): PaymentEvent | undefined {
  if (!verifyWebhookSignature(secret, rawBody, headers.get('x-payment-signature'), now))
    return undefined;
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new WebhookBodyError({ body: 'The body is not JSON.' });
  }
  const parsed = LocalEvent.safeParse(body);
  if (!parsed.success)
    throw new WebhookBodyError(
      Object.fromEntries(
        parsed.error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message]),
      ),
    );
  return { id: parsed.data.event_id, intentId: parsed.data.intent_id, status: parsed.data.status };
}
