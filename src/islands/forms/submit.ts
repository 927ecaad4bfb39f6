/** Sending a lead to POST /api/leads, with safe retries (same idempotency key) when the network or server fails. */

export type SendResult = { ok: true; lead_id: string } | { ok: false; error: string; fields?: Record<string, string> };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A random key for one form submission; retries reuse it so the dealer gets the lead once. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * POSTs JSON; retries a lost answer, a 5xx or a 429 up to `retries` times (1 s, 2 s, 4 s, or the
 * server's Retry-After). A 4xx other than 429 is the answer: the shopper must fix something.
 */
export async function postJson(
  url: string,
  body: unknown,
  retries = 3,
): Promise<{ status: number; data: Record<string, unknown> } | { status: 0; error: string }> {
  let lastError = 'The network is not answering.';
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt) await sleep(1000 * 2 ** (attempt - 1));
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (response.status >= 500 || response.status === 429) {
        lastError = typeof data.error === 'string' ? data.error : `The server answered ${response.status}.`;
        const wait = Number(response.headers.get('retry-after'));
        if (wait > 0 && wait <= 10 && attempt < retries) await sleep(wait * 1000);
        continue;
      }
      return { status: response.status, data };
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
  }
  return { status: 0, error: lastError };
}

export async function sendLead(body: Record<string, unknown>): Promise<SendResult> {
  const result = await postJson('/api/leads', body);
  if ('error' in result) return { ok: false, error: result.error };
  const { data } = result;
  if (result.status < 300 && typeof data.lead_id === 'string') return { ok: true, lead_id: data.lead_id };
  return {
    ok: false,
    error: typeof data.error === 'string' ? data.error : `The server answered ${result.status}.`,
    fields: data.fields && typeof data.fields === 'object' ? (data.fields as Record<string, string>) : undefined,
  };
}
