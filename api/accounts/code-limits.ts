import type { SqlRunner } from '../storage/sql';
import { ACCOUNT_POLICY, codesPerSitePerHour } from './policy';

/** The limits on sending a code that count codes already sent (the sign_in_codes rows of the last hour). */
export interface CodeLimits {
  perPhonePerHour: number;
  phoneBackoffMs: number;
  perNetworkPerHour: number;
  perNetworkWhenBusy: number;
  siteBusyAfter: number;
  siteCeiling: number;
}

/**
 * The policy's limits. With per-visitor limits off (LEADS_RATE_LIMITS=off: browser tests,
 * benchmarks) only the site's own counts apply, as SIGN_IN_CODES_PER_SITE_PER_HOUR sets them.
 */
export function codeLimits(perVisitor: boolean, env: NodeJS.ProcessEnv = process.env): CodeLimits {
  const busyAfter = codesPerSitePerHour(env);
  const site = {
    siteBusyAfter: busyAfter,
    siteCeiling: busyAfter * ACCOUNT_POLICY.siteCeilingFactor,
  };
  if (!perVisitor)
    return {
      perPhonePerHour: Infinity,
      phoneBackoffMs: 0,
      perNetworkPerHour: Infinity,
      perNetworkWhenBusy: Infinity,
      ...site,
    };
  return {
    perPhonePerHour: ACCOUNT_POLICY.codesPerPhonePerHour,
    phoneBackoffMs: ACCOUNT_POLICY.phoneBackoffMs,
    perNetworkPerHour: ACCOUNT_POLICY.codesPerNetworkPerHour,
    perNetworkWhenBusy: ACCOUNT_POLICY.codesPerNetworkWhenBusy,
    ...site,
  };
}

export const NO_CODE_LIMITS: CodeLimits = {
  perPhonePerHour: Infinity,
  phoneBackoffMs: 0,
  perNetworkPerHour: Infinity,
  perNetworkWhenBusy: Infinity,
  siteBusyAfter: Infinity,
  siteCeiling: Infinity,
};

/**
 * Send a code; or `pending`: the number is in its backoff but its last code still works, so no
 * new text goes out and the requester is answered as if one did (the answer never tells whether a
 * number has a code pending); or refused by the number's, the network's or the site's count.
 */
export type CodeDecision =
  | { send: true }
  | { pending: true }
  | { refused: 'number' | 'network' | 'site'; retryAfterMs: number };

const HOUR = ACCOUNT_POLICY.siteBudgetWindowMs;

async function sentSince(
  tx: SqlRunner,
  where: string,
  params: (string | number)[],
): Promise<{ n: number; oldest: number; newest: number }> {
  const rows = await tx.all(
    `SELECT COUNT(*) AS n, MIN(created_at) AS oldest, MAX(created_at) AS newest FROM sign_in_codes WHERE ${where}`,
    params,
  );
  return {
    n: Number(rows[0]?.n ?? 0),
    oldest: Number(rows[0]?.oldest ?? 0),
    newest: Number(rows[0]?.newest ?? 0),
  };
}

/**
 * Whether `phone` on `tenant` may be sent a code now, requested from `network`. Runs inside the
 * issuing transaction, which holds the site's lock, so concurrent requests count each other.
 *
 * - The number: `perPhonePerHour`, and after each code a wait of `phoneBackoffMs` doubled per
 *   code of the hour. Targets one shopper only; the codes it counts went to that shopper's phone.
 * - The network: `perNetworkPerHour`, or `perNetworkWhenBusy` once the site has sent
 *   `siteBusyAfter` in the hour. So a busy site still serves every network that has not had its
 *   few codes, and one network (at most `perNetworkPerHour`, below `siteBusyAfter`) cannot make
 *   the site busy, let alone reach the ceiling.
 * - The site: `siteCeiling` codes an hour, the bound on what texts can cost.
 */
export async function decideCode(
  tx: SqlRunner,
  tenant: string,
  phone: string,
  network: string,
  now: number,
  limits: CodeLimits,
): Promise<CodeDecision> {
  const since = now - HOUR;
  const toPhone = await sentSince(tx, `tenant = ? AND phone = ? AND created_at > ?`, [
    tenant,
    phone,
    since,
  ]);
  if (toPhone.n > 0) {
    const backoffUntil = toPhone.newest + limits.phoneBackoffMs * 2 ** (toPhone.n - 1);
    const allowedAt = Math.max(
      backoffUntil,
      toPhone.n >= limits.perPhonePerHour ? toPhone.oldest + HOUR : 0,
    );
    if (now < allowedAt) {
      const latest = await tx.all(
        `SELECT used_at, attempts, expires_at FROM sign_in_codes WHERE tenant = ? AND phone = ? ORDER BY created_at DESC, CASE WHEN used_at IS NULL THEN 0 ELSE 1 END, id DESC LIMIT 1`,
        [tenant, phone],
      );
      const code = latest[0];
      const stillWorks =
        code &&
        code.used_at === null &&
        Number(code.attempts) < ACCOUNT_POLICY.maxCodeAttempts &&
        Number(code.expires_at) > now;
      return stillWorks ? { pending: true } : { refused: 'number', retryAfterMs: allowedAt - now };
    }
  }
  const site = await sentSince(tx, `tenant = ? AND created_at > ?`, [tenant, since]);
  if (site.n >= limits.siteCeiling)
    return { refused: 'site', retryAfterMs: site.oldest + HOUR - now };
  const fromNetwork = await sentSince(tx, `tenant = ? AND network = ? AND created_at > ?`, [
    tenant,
    network,
    since,
  ]);
  const perNetwork =
    site.n >= limits.siteBusyAfter ? limits.perNetworkWhenBusy : limits.perNetworkPerHour;
  if (fromNetwork.n >= perNetwork)
    return { refused: 'network', retryAfterMs: fromNetwork.oldest + HOUR - now };
  return { send: true };
}
