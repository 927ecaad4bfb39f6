import type { Context } from 'hono';
import { z } from 'zod';
import { normaliseMobile } from '../../src/domain/leads/validation';
import { LEAD_MESSAGES } from '../../src/domain/leads/messages';
import { ACCOUNT_POLICY } from '../accounts/policy';
import { accountsOf, clearSessionCookie, currentUser, sessionToken, setSessionCookie } from '../accounts/session';
import type { CodeCheck } from '../accounts/store';
import { errorResponse, readJson, validate } from '../http';
import { RateLimiter } from '../rate-limit';
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

/** What each failed code check tells the shopper to do next. */
export const CODE_ERRORS: Record<Exclude<CodeCheck, { ok: true }>['reason'], string> = {
  missing: 'Please ask for a code first.',
  expired: 'This code has expired. Please ask for a new code.',
  used: 'This code has already been used. Please ask for a new code.',
  wrong: 'That code is not right. Please check the text message and try again.',
  too_many_attempts: 'Too many wrong codes. Please ask for a new code.',
};

function tooMany(c: Context<ApiEnv>, wait: number, what: string) {
  c.header('Retry-After', String(wait));
  const minutes = Math.ceil(wait / 60);
  return errorResponse(c, 429, `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
}

/**
 * Phone sign-in by one-time code: request a code (sent by the configured CodeSender, never in the
 * answer), verify it (sets the `__Host-session` cookie), read the session, sign out.
 */
export function authRoutes(app: ApiApp): void {
  // Per app instance, like the guard's limiter: fixed windows of ACCOUNT_POLICY.limitWindowMs.
  const limiter = new RateLimiter(ACCOUNT_POLICY.limitWindowMs);

  app.post('/auth/request-code', async (c) => {
    const { phone_number: phone } = validate(RequestCode, await readJson(c));
    const tenant = c.get('site').tenant.slug;
    const now = c.get('now');
    const wait = Math.max(
      limiter.hit(`code-ip:${tenant}:${c.get('clientIp')}`, ACCOUNT_POLICY.codesPerIp, now),
      limiter.hit(`code-phone:${tenant}:${phone}`, ACCOUNT_POLICY.codesPerPhone, now),
    );
    if (wait) return tooMany(c, wait, 'codes requested');
    const { code, expiresAt } = await accountsOf(c).issueCode(tenant, phone, now);
    try {
      await c.get('accounts').codeSender.send({ tenant, phone, code, expiresAt });
    } catch (error) {
      console.error(`Sign-in code for ${tenant} not sent:`, error);
      return c.json({ error: "We couldn't send a code just now. Please try again in a few minutes." }, 503);
    }
    return c.json({ sent: true, expires_in_seconds: ACCOUNT_POLICY.codeTtlMs / 1000 }, 202);
  });

  app.post('/auth/verify-code', async (c) => {
    const { phone_number: phone, code } = validate(VerifyCode, await readJson(c));
    const tenant = c.get('site').tenant.slug;
    const now = c.get('now');
    const wait = limiter.hit(`verify-ip:${tenant}:${c.get('clientIp')}`, ACCOUNT_POLICY.verifiesPerIp, now);
    if (wait) return tooMany(c, wait, 'sign-in attempts');
    const accounts = accountsOf(c);
    const check = await accounts.checkCode(tenant, phone, code, now);
    if (!check.ok) return errorResponse(c, 422, CODE_ERRORS[check.reason], { code: CODE_ERRORS[check.reason] });
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
