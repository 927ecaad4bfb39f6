/**
 * The numbers that make phone sign-in safe. One place, so the API, its tests and docs/api-and-storage.md agree.
 */
export const ACCOUNT_POLICY = {
  /** A one-time code works for this long after it is sent. */
  codeTtlMs: 10 * 60_000,
  /** Digits in a one-time code. */
  codeDigits: 6,
  /** Wrong guesses before a code is burnt and a new one must be requested. */
  maxCodeAttempts: 5,
  /** Codes sent to one phone number per window. */
  codesPerPhone: 3,
  /** Codes requested from one IP per window (stops one visitor texting many numbers). */
  codesPerIp: 10,
  /** Code checks from one IP per window (stops guessing across many numbers). */
  verifiesPerIp: 20,
  /** The window those three limits count in. */
  limitWindowMs: 15 * 60_000,
  /** A session lasts this long after sign-in, then the shopper signs in again. */
  sessionTtlMs: 30 * 24 * 60 * 60_000,
} as const;

/** The session cookie: `__Host-` makes the browser insist on Secure, Path=/ and no Domain. */
export const SESSION_COOKIE = '__Host-session';
