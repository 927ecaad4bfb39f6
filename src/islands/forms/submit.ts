/** Sending a lead to POST /api/leads, with safe retries (same idempotency key) when the network or server fails. */

export type SendResult =
  | { ok: true; lead_id: string }
  | {
      ok: false;
      /** What went wrong, for the shopper: the server's own error, else what happened on the way. */
      error: string;
      /** The server's own error text, when it sent one (SPEC 8's multi-step "returned error"). */
      returned?: string | undefined;
      fields?: Record<string, string>;
    };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A random key for one form submission; retries reuse it so the dealer gets the lead once. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The longest a shopper waits, in all, before a failure shows: the retries ride out a blip, not an outage. */
const RETRY_DELAYS_MS = [500, 1000];
const MAX_RETRY_AFTER_MS = 2000;

/**
 * POSTs JSON; retries a lost answer, a 5xx or a 429 twice (after 0.5 s and 1 s, or the server's
 * Retry-After up to 2 s), so a failure shows within about 3 s. A 4xx other than 429 is the
 * answer: the shopper must fix something.
 */
export async function postJson(
  url: string,
  body: unknown,
): Promise<
  | { status: number; data: Record<string, unknown> }
  | { status: 0; error: string; returned?: string | undefined }
> {
  let lastError = 'The network is not answering.';
  let returned: string | undefined;
  let retryAfterMs = 0;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    if (attempt) await sleep(Math.max(RETRY_DELAYS_MS[attempt - 1]!, retryAfterMs));
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (response.status >= 500 || response.status === 429) {
        returned = typeof data.error === 'string' && data.error ? data.error : undefined;
        lastError = returned ?? `The server answered ${response.status}.`;
        retryAfterMs = Math.min(
          Number(response.headers.get('retry-after')) * 1000 || 0,
          MAX_RETRY_AFTER_MS,
        );
        continue;
      }
      return { status: response.status, data };
    } catch (error) {
      returned = undefined;
      lastError = error instanceof Error ? error.message : String(error);
    }
  }
  return { status: 0, error: lastError, returned };
}

export async function sendLead(body: Record<string, unknown>): Promise<SendResult> {
  const result = await postJson('/api/leads', body);
  if ('error' in result) return { ok: false, error: result.error, returned: result.returned };
  const { data } = result;
  if (result.status < 300 && typeof data.lead_id === 'string')
    return { ok: true, lead_id: data.lead_id };
  const returned = typeof data.error === 'string' && data.error ? data.error : undefined;
  return {
    ok: false,
    error: returned ?? `The server answered ${result.status}.`,
    returned,
    fields:
      data.fields && typeof data.fields === 'object'
        ? (data.fields as Record<string, string>)
        : undefined,
  };
}
