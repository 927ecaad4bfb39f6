/** How far a visitor's clock may be from the server's (a phone set by hand, a drifting laptop). */
export const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;
/** A form open longer than this (started_at older) is not one a person is still filling in. */
export const MAX_FORM_OPEN_MS = 7 * 24 * 60 * 60 * 1000;

export type FillTimeVerdict = 'ok' | 'too-fast' | 'implausible';

/**
 * Whether a form's timing looks like a person filled it in. The time taken is measured on the
 * visitor's own clock (submitted_at - started_at, or the server's time when the form sends no
 * submitted_at), so only their clock's distance from ours is bounded: a started_at of 0, or
 * timestamps days away from now, are not "slow enough" but implausible.
 */
export function judgeFillTime(
  startedAt: number,
  submittedAt: number | undefined,
  serverNow: number,
  minFillMs: number,
): FillTimeVerdict {
  const sentAt = submittedAt ?? serverNow;
  if (Math.abs(sentAt - serverNow) > MAX_CLOCK_SKEW_MS) return 'implausible';
  const elapsed = sentAt - startedAt;
  if (elapsed < minFillMs) return 'too-fast';
  return elapsed > MAX_FORM_OPEN_MS ? 'implausible' : 'ok';
}

/** What a visitor is told for each refused verdict. */
export const FILL_TIME_ERRORS: Record<Exclude<FillTimeVerdict, 'ok'>, string> = {
  'too-fast': 'This form was sent too quickly. Please check your details and send it again.',
  implausible:
    "This form's timing looks wrong (check your device's date and time). Please reload the page and send it again.",
};
