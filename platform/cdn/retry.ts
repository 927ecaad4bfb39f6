/** How a purge request is retried: a purge that fails never undoes a publish, but it should not give up at once either. */
export interface RetryOptions {
  /** Tries in all (default 4). */
  attempts?: number;
  /** First wait after a failure; doubled each time (default 1 s: 1, 2, 4 s). */
  baseDelayMs?: number;
  /** Longest wait a Retry-After may ask for; a longer one gives up (default 30 s: the sync after it waits too). */
  maxDelayMs?: number;
  /** Each request's own limit (default 10 s). */
  timeoutMs?: number;
}

export const RETRY_DEFAULTS: Required<RetryOptions> = {
  attempts: 4,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  timeoutMs: 10_000,
};

/** An answer as far as retrying goes: its status and Retry-After header. */
export interface Answer {
  status: number;
  retryAfter?: string | null;
}

/** Retry-After in ms: delay-seconds or an HTTP date (RFC 9110 10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Send until the answer is final: a 429 waits for its Retry-After (else the backoff), a 5xx or a
 * failed connection waits for the backoff, anything else is returned. The last answer is returned
 * (or the last error thrown) when the tries run out or a Retry-After is longer than maxDelayMs.
 */
export async function sendWithRetry<T extends Answer>(
  send: (signal: AbortSignal) => Promise<T>,
  options: RetryOptions = {},
): Promise<T & { attempts: number }> {
  const { attempts, baseDelayMs, maxDelayMs, timeoutMs } = { ...RETRY_DEFAULTS, ...options };
  for (let attempt = 1; ; attempt++) {
    const backoff = baseDelayMs * 2 ** (attempt - 1);
    let answer: T;
    try {
      answer = await send(AbortSignal.timeout(timeoutMs));
    } catch (error) {
      if (attempt >= attempts) throw error;
      await sleep(backoff);
      continue;
    }
    const retryable = answer.status === 429 || answer.status >= 500;
    if (!retryable || attempt >= attempts) return { ...answer, attempts: attempt };
    const wait = answer.status === 429 ? (retryAfterMs(answer.retryAfter) ?? backoff) : backoff;
    if (wait > maxDelayMs) return { ...answer, attempts: attempt };
    await sleep(wait);
  }
}

/** A failed request in a few words: "timed out", "connect ECONNREFUSED 127.0.0.1:6081". */
export function failureReason(error: unknown): string {
  const failure = error as Error & { cause?: { message?: string } };
  if (failure?.name === 'TimeoutError' || failure?.name === 'AbortError') return 'timed out';
  return failure?.cause?.message ?? failure?.message ?? String(error);
}
