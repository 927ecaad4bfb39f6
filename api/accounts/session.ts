import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ApiEnv } from '../types';
import type { AccountUser } from './store';
import { AccountStore } from './store';

/** The cookie's name without its `__Host-` prefix (Hono adds the prefix and enforces its rules). */
const COOKIE_NAME = 'session';

const stores = new WeakMap<object, AccountStore>();

/** Accounts storage over the request's store (same database and driver as leads). */
export function accountsOf(c: Context<ApiEnv>): AccountStore {
  const store = c.get('store');
  let accounts = stores.get(store);
  if (!accounts) {
    accounts = new AccountStore(store.driver);
    stores.set(store, accounts);
  }
  return accounts;
}

export function sessionToken(c: Context<ApiEnv>): string | undefined {
  const token = getCookie(c, COOKIE_NAME, 'host');
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : undefined;
}

/** The signed-in user of this request on this site, or undefined. */
export async function currentUser(c: Context<ApiEnv>): Promise<AccountUser | undefined> {
  const token = sessionToken(c);
  return token
    ? accountsOf(c).sessionUser(c.get('site').tenant.slug, token, c.get('now'))
    : undefined;
}

/**
 * HttpOnly (scripts can't read it), Secure + `__Host-` (HTTPS only, this exact host, path /),
 * SameSite=Lax (not sent on cross-site POSTs; still sent when a shopper follows a link in).
 */
export function setSessionCookie(c: Context<ApiEnv>, token: string, expiresAt: number): void {
  setCookie(c, COOKIE_NAME, token, {
    prefix: 'host',
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(c: Context<ApiEnv>): void {
  deleteCookie(c, COOKIE_NAME, {
    prefix: 'host',
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
  });
}
