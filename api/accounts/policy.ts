import { apiEnv } from '../env';

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
  /**
   * Codes one requester (client address) may have sent to one phone number per window. Counted per
   * requester, so asking for codes for another person's number spends the asker's allowance.
   */
  codesPerRequesterPerPhone: 3,
  /** Codes requested from one IP per window (stops one visitor texting many numbers). */
  codesPerIp: 10,
  /** Code checks from one IP per window (stops guessing across many numbers). */
  verifiesPerIp: 20,
  /** The window those three limits count in. */
  limitWindowMs: 15 * 60_000,
  /** Codes one number is sent per hour, whoever asks: what anyone can make one phone receive. */
  codesPerPhonePerHour: 5,
  /** After a number's first code of the hour the next waits this long; the wait doubles with each code (30 s, 1, 2, 4 min). */
  phoneBackoffMs: 30_000,
  /** Codes requested from one network (IPv4 /24, IPv6 /64) per hour. */
  codesPerNetworkPerHour: 20,
  /** The same while the site is busy (past `codesPerSitePerHour`): a network that already had this many waits. */
  codesPerNetworkWhenBusy: 3,
  /**
   * Codes a site sends per hour before it counts as busy (SIGN_IN_CODES_PER_SITE_PER_HOUR
   * overrides). Busy tightens the per-network limit instead of refusing everyone.
   */
  codesPerSitePerHour: 30,
  /** The most codes a site sends in any hour is this many times `codesPerSitePerHour`: the hard cap on SMS spend. */
  siteCeilingFactor: 5,
  /** The window the per-number, per-network and site counts use. */
  siteBudgetWindowMs: 60 * 60_000,
  /** A session lasts this long after sign-in, then the shopper signs in again. */
  sessionTtlMs: 30 * 24 * 60 * 60_000,
} as const;

/**
 * Codes a site sends per hour before it counts as busy (api/accounts/code-limits.ts); five times
 * this is its hard cap. `SIGN_IN_CODES_PER_SITE_PER_HOUR` (a whole number of at least 1)
 * overrides the default; anything else there is ignored with a warning.
 */
export function codesPerSitePerHour(env: NodeJS.ProcessEnv = process.env): number {
  const setting = apiEnv(env).SIGN_IN_CODES_PER_SITE_PER_HOUR;
  if (setting === undefined || setting === '') return ACCOUNT_POLICY.codesPerSitePerHour;
  const value = Number(setting);
  if (Number.isInteger(value) && value >= 1) return value;
  warnOnce(
    `SIGN_IN_CODES_PER_SITE_PER_HOUR=${JSON.stringify(setting)} is not a whole number of at least 1; using ${ACCOUNT_POLICY.codesPerSitePerHour}.`,
  );
  return ACCOUNT_POLICY.codesPerSitePerHour;
}

const warned = new Set<string>();
export function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(message);
}

/** The session cookie: `__Host-` makes the browser insist on Secure, Path=/ and no Domain. */
export const SESSION_COOKIE = '__Host-session';
