import type { Context } from 'hono';
import { z } from 'zod';
import { normaliseMobile } from '../../src/domain/leads/validation';
import { LEAD_MESSAGES } from '../../src/domain/leads/messages';
import { codeLimits } from '../accounts/code-limits';
import { ACCOUNT_POLICY } from '../accounts/policy';
import {
  accountsOf,
  clearSessionCookie,
  currentUser,
  sessionToken,
  setSessionCookie,
} from '../accounts/session';
import { networkOf } from '../client-address';
import { errorResponse, readJson, validate } from '../http';
import type { ApiApp, ApiEnv } from '../types';

const Phone = z
  .string({ error: LEAD_MESSAGES.phone })
  .refine((value) => normaliseMobile(value) !== undefined, LEAD_MESSAGES.phone)
  .transform((value) => normaliseMobile(value)!);
const RequestCode = z.object({ phone_number: Phone }).strict();
const VerifyCode = z
  .object({
    phone_number: Phone,
    code: z
      .string({ error: 'Please enter the 6-digit code we sent you.' })
      .trim()
      .regex(/^\d{6}$/, 'Please enter the 6-digit code we sent you.'),
  })
  .strict();

/**
 * The one answer to a code that does not sign in, whatever the reason (none sent, wrong, expired,
 * used, burnt): different answers would tell a stranger which numbers have a code pending.
 */
export const CODE_NOT_ACCEPTED =
  'That code did not work. Please check the text message, or ask for a new code.';

/** Past the site's hourly ceiling (reached only by many networks at once): the same for every number and every requester. */
export const SITE_BUSY =
  'We are sending a lot of sign-in codes right now. Please try again in a few minutes.';

function tooMany(c: Context<ApiEnv>, wait: number, what: string) {
  c.header('Retry-After', String(wait));
  const minutes = Math.ceil(wait / 60);
  return errorResponse(
    c,
    429,
    `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  );
}

/**
 * Phone sign-in by one-time code: request a code (sent by the configured CodeSender, never in the
 * answer), verify it (sets the `__Host-session` cookie), read the session, sign out. Limits
 * (docs/api-and-storage.md, all counted in the shared database): per requester and per requester
 * and number (the rate limiter), then per number, per network and per site (api/accounts/code-limits.ts).
 * None lets one requester or one network shut sign-in for other shoppers.
 */
export function authRoutes(app: ApiApp): void {
  const window = ACCOUNT_POLICY.limitWindowMs;

  app.post('/auth/request-code', async (c) => {
    const { phone_number: phone } = validate(RequestCode, await readJson(c));
    const tenant = c.get('site').tenant.slug;
    const now = c.get('now');
    const ip = c.get('clientIp');
    // With the API's rate limits off (LEADS_RATE_LIMITS=off: browser tests, benchmarks) the
    // per-visitor limits are off too; the site's own counts still apply.
    const limiter = c.get('rateLimiter');
    const wait = !limiter
      ? 0
      : await limiter.take(
          [
            { key: `code-ip:${tenant}:${ip}`, limit: ACCOUNT_POLICY.codesPerIp, windowMs: window },
            {
              key: `code-ip-phone:${tenant}:${ip}:${phone}`,
              limit: ACCOUNT_POLICY.codesPerRequesterPerPhone,
              windowMs: window,
            },
          ],
          now,
        );
    if (wait) return tooMany(c, wait, 'codes requested');
    const issued = await accountsOf(c).issueCode(tenant, phone, now, {
      network: networkOf(ip),
      limits: codeLimits(Boolean(limiter)),
    });
    if ('refused' in issued) {
      const seconds = Math.max(1, Math.ceil(issued.retryAfterMs / 1000));
      if (issued.refused !== 'site') return tooMany(c, seconds, 'codes requested');
      c.header('Retry-After', String(seconds));
      return errorResponse(c, 429, SITE_BUSY);
    }
    const sent = () =>
      c.json({ sent: true, expires_in_seconds: ACCOUNT_POLICY.codeTtlMs / 1000 }, 202);
    // The number's last code still works: nothing new to send, and the same answer as a send.
    if ('pending' in issued) return sent();
    const { code, expiresAt } = issued;
    try {
      await c.get('accounts').codeSender.send({ tenant, phone, code, expiresAt });
    } catch (error) {
      console.error(`Sign-in code for ${tenant} not sent:`, error);
      return c.json(
        { error: "We couldn't send a code just now. Please try again in a few minutes." },
        503,
      );
    }
    return sent();
  });

  app.post('/auth/verify-code', async (c) => {
    const { phone_number: phone, code } = validate(VerifyCode, await readJson(c));
    const tenant = c.get('site').tenant.slug;
    const now = c.get('now');
    const limiter = c.get('rateLimiter');
    const wait = limiter
      ? await limiter.hit(
          `verify-ip:${tenant}:${c.get('clientIp')}`,
          ACCOUNT_POLICY.verifiesPerIp,
          now,
          window,
        )
      : 0;
    if (wait) return tooMany(c, wait, 'sign-in attempts');
    const accounts = accountsOf(c);
    const check = await accounts.checkCode(tenant, phone, code, now);
    if (!check.ok) return errorResponse(c, 422, CODE_NOT_ACCEPTED, { code: CODE_NOT_ACCEPTED });
    const { token, expiresAt } = await accounts.createSession(tenant, check.user.id, now);
    setSessionCookie(c, token, expiresAt);
    c.header('Cache-Control', 'no-store');
    return c.json({ user: check.user });
  });

  app.get('/auth/session', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ user: (await currentUser(c)) ?? null });
  });

  app.post('/auth/sign-out', async (c) => {
    const token = sessionToken(c);
    if (token) await accountsOf(c).endSession(c.get('site').tenant.slug, token, c.get('now'));
    clearSessionCookie(c);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true });
  });
}
