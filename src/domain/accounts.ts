/**
 * Sign-in, watchlist and reserve rules (SPEC 2, 4, 5, 6), shared by the API and the browser. No
 * framework imports.
 */
import { gatedLeadPages, type GatedLeadPage } from './leads/forms';

export type { GatedLeadPage };

/** SPEC 2 sign-in kinds; each gated route signs in with its own kind. */
export type SignInKind =
  | 'watchlist'
  | 'trade-in'
  | 'sell-my-car'
  | 'checkout'
  | 'finance'
  | 'car-finance'
  | 'my-garage'
  | 'spin-to-win'
  | 'online-payment';

/** The watchlist page (SPEC: "a watchlist page exists (path not shown)"). */
export const WATCHLIST_PATH = '/watchlist';

/**
 * SPEC 6 "gated routes per site flags": the sign-in kind a lead-form page signs in with (its form's
 * gatedPages), or undefined when this site's features.sign_in_gated does not list that kind.
 */
export function leadPageGate(
  path: GatedLeadPage,
  signInGated: readonly string[],
): SignInKind | undefined {
  const kind = gatedLeadPages().find(([page]) => page === path)?.[1];
  return kind && signInGated.includes(kind) ? kind : undefined;
}

/** SPEC 9: default reserve deposit text. */
export const DEFAULT_RESERVE_DEPOSIT = '$200';

/**
 * A same-site path to go to after sign-in, or `fallback`. Only "/x" paths: never "//host", a
 * scheme or a backslash trick, so the sign-in page can't be used to send shoppers elsewhere.
 */
export function safeReturnPath(target: string | null | undefined, fallback = '/'): string {
  if (
    !target ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    /[\\\s]/.test(target) ||
    target.startsWith('/sign-in')
  )
    return fallback;
  return target;
}

/** SPEC 2: /sign-in?type={kind}&redirect={target}&back={return}. */
export function signInUrl(kind: SignInKind, redirect: string, back: string): string {
  const query = new URLSearchParams({
    type: kind,
    redirect: safeReturnPath(redirect),
    back: safeReturnPath(back),
  });
  return `/sign-in?${query.toString()}`;
}

/** SPEC 4: the save button is hidden for sold cars not already saved (a saved one can still be removed). */
export function showsWatchlistButton(available: boolean, saved: boolean): boolean {
  return available || saved;
}

/** SPEC 5: saving needs a signed-in user with a phone number. */
export function canUseWatchlist(
  user: { id?: string | null; phone?: string | null } | null | undefined,
): boolean {
  return Boolean(user?.id && user.phone);
}

/** SPEC 4 toasts, each with a View List action. */
export function watchlistToast(saved: boolean, name: string): { title: string; message: string } {
  return saved
    ? { title: 'Car Saved In Watchlist', message: `${name} is now available in your watchlist` }
    : { title: 'Car Removed', message: `${name} is no longer in your watchlist` };
}

/** "$1,500" -> 150000 cents; undefined when the text holds no whole-dollar amount. */
export function depositCents(text: string): number | undefined {
  const match = /\$\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{2}))?/.exec(text);
  if (!match) return undefined;
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2] ?? 0);
}
