import { apiEnv } from '../env';
import { LocalCodeSender, type CodeSender } from './code-sender';
import { RecordingPaymentProvider, type PaymentProvider } from './payments';

/** The outside services accounts talk to; the host passes production ones in ApiContext.accounts. */
export interface AccountServices {
  codeSender: CodeSender;
  payments: PaymentProvider;
}

let local: AccountServices | undefined;

/**
 * The local server's: codes shown in its log (and .data/sign-in-codes.log) only with SIGN_IN_CODES_LOG=1, deposits recorded, not
 * charged; signed payment webhooks taken when PAYMENT_WEBHOOK_SECRET is set.
 */
export function localAccountServices(): AccountServices {
  local ??= {
    codeSender: new LocalCodeSender(),
    payments: new RecordingPaymentProvider({ webhookSecret: apiEnv().PAYMENT_WEBHOOK_SECRET }),
  };
  return local;
}
