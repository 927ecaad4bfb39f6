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

/**
 * Takes a reservation deposit. A production provider (Stripe, Adyen, Windcave, ...) implements
 * `createIntent` by creating a payment/checkout session for `amountCents` with `leadId` as its
 * reference and answering `requires_action` with the hosted checkout URL; its webhook then marks
 * the intent paid. The card never touches this API.
 */
export interface PaymentProvider {
  readonly name: string;
  createIntent(request: PaymentRequest, env: { accounts: AccountStore; now: number }): Promise<PaymentIntent>;
}

/** The local provider: no card processing, it records the intent so the dealer can follow up. */
export class RecordingPaymentProvider implements PaymentProvider {
  readonly name = 'local';

  async createIntent(request: PaymentRequest, { accounts, now }: { accounts: AccountStore; now: number }): Promise<PaymentIntent> {
    const id = await accounts.recordPaymentIntent({ ...request, provider: this.name, status: 'recorded' }, now);
    return { id, status: 'recorded', redirectUrl: null };
  }
}
