import { truncate } from '../truncate';

/** SPEC 9: dealer comments truncate at 400 characters until the visitor shows the full text. */
export const COMMENTS_TRUNCATE_AT = 400;

export const COMMENTS_PENDING = 'Dealer comments are pending. Please check back here later.';

export interface DealerComments {
  full: string;
  /** The truncated text, or undefined when the full text is short enough to show as it is. */
  short?: string;
}

/**
 * Dealer comments for display: blank means pending (undefined). Longer than 400 characters gets a
 * short form of exactly the first 400 characters (SPEC 9), even mid-word, plus "…".
 */
export function dealerComments(
  text: string | null | undefined,
  limit = COMMENTS_TRUNCATE_AT,
): DealerComments | undefined {
  const full = (text ?? '').trim();
  if (!full) return undefined;
  const cut = truncate(full, limit);
  return cut.truncated ? { full, short: cut.text } : { full };
}
