import { useEffect, useState } from 'react';
import { signInUrl, type SignInKind } from '../../domain/accounts';
import { loadSession } from '../../stores/session';

export interface SignInGateProps {
  kind: SignInKind;
  /** Whether this tenant gates the route (features.sign_in_gated includes `kind`, or the page needs a user). */
  gated: boolean;
  /** For checkout kinds: the query parameter that names the car (e.g. car_id on /checkout-journey). */
  slugParam?: string;
  /** For checkout kinds: the car slug when the page knows it at build time. */
  slug?: string;
}

/**
 * SPEC 4 sign-in gating: once the session has loaded, a visitor without a user id is sent to
 * /sign-in?type={kind}&redirect={this page}&back={where they came from}. Checkout waits until the
 * car slug is known (a page without a car is not gated).
 */
export default function SignInGate({ kind, gated, slugParam, slug }: SignInGateProps) {
  const [state, setState] = useState<'checking' | 'open'>('checking');

  useEffect(() => {
    if (!gated) return setState('open');
    const carSlug =
      slug ?? (slugParam ? new URLSearchParams(location.search).get(slugParam) : null);
    if ((slugParam || slug !== undefined) && !carSlug) return setState('open');
    void loadSession().then((session) => {
      if (session.status === 'signed-in') return setState('open');
      // The hash too: finance links end in #finance-form.
      const here = `${location.pathname}${location.search}${location.hash}`;
      let back = '/';
      try {
        const referrer = document.referrer ? new URL(document.referrer) : undefined;
        if (referrer && referrer.origin === location.origin)
          back = `${referrer.pathname}${referrer.search}`;
      } catch {
        // An unreadable referrer: back goes home.
      }
      location.replace(signInUrl(kind, here, back));
    });
  }, [kind, gated, slugParam, slug]);

  if (!gated || state === 'open') return null;
  return (
    <p className="visually-hidden" role="status">
      Checking you are signed in...
    </p>
  );
}
