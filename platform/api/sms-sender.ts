import type { CodeSender, OutgoingCode } from '../../api/accounts/code-sender';

/**
 * Sends sign-in codes through an SMS gateway's HTTP API: one JSON POST per code to SMS_API_URL,
 * with SMS_API_TOKEN as a bearer token. Most Australian gateways (and a small relay in front of
 * Twilio, MessageMedia or AWS SNS) take this shape; a refusal throws, so the shopper is told.
 */
export class HttpSmsSender implements CodeSender {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly senderName: (tenant: string) => string,
    private readonly timeoutMs = 10_000,
  ) {}

  async send({ tenant, phone, code }: OutgoingCode): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({
        to: `+61${phone.slice(1)}`,
        message: `${code} is your ${this.senderName(tenant)} sign-in code. It expires in 10 minutes.`,
      }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`The SMS gateway refused the code: HTTP ${response.status}`);
  }
}
