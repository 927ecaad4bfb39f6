import { atom } from 'nanostores';

/** SPEC 3 "User": id and phone. The session itself is an HttpOnly cookie scripts never see. */
export interface SessionUser {
  id: string;
  phone: string;
}

export type SessionState =
  { status: 'loading' } | { status: 'signed-in'; user: SessionUser } | { status: 'signed-out' };

/** Who is signed in on this site, as the API says (`GET /api/auth/session`). */
export const $session = atom<SessionState>({ status: 'loading' });

/**
 * A readable hint that this browser has a session (the cookie itself is HttpOnly). Islands that
 * look different for a signed-in shopper hydrate at load when it is set (client:interaction's
 * `stored`); everyone else gets them on first interaction.
 */
export const SIGNED_IN_HINT = 'session:signed-in';
$session.listen((state) => {
  try {
    if (state.status === 'signed-in') localStorage.setItem(SIGNED_IN_HINT, '1');
    else if (state.status === 'signed-out') localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // storage blocked: the islands then wait for the first interaction, which still works
  }
});

let loading: Promise<SessionState> | undefined;

/** Asks the API once per page; later callers share the answer. A failed call counts as signed out. */
export function loadSession(force = false): Promise<SessionState> {
  if (loading && !force) return loading;
  loading = fetch('/api/auth/session', {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  })
    .then(async (response) => {
      const { user } = response.ok
        ? ((await response.json()) as { user: SessionUser | null })
        : { user: null };
      return user ? ({ status: 'signed-in', user } as const) : ({ status: 'signed-out' } as const);
    })
    .catch(() => ({ status: 'signed-out' }) as const)
    .then((state) => {
      $session.set(state);
      return state;
    });
  return loading;
}

/** The API's `{ error }` message, or `fallback`. */
async function errorOf(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { error?: string; fields?: Record<string, string> };
    return Object.values(body.fields ?? {})[0] ?? body.error ?? fallback;
  } catch {
    return fallback;
  }
}

const post = (path: string, body: unknown) =>
  fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });

/** Sends a one-time code to the phone. Resolves to an error message, or undefined when sent. */
export async function requestCode(phone: string): Promise<string | undefined> {
  try {
    const response = await post('/api/auth/request-code', { phone_number: phone });
    return response.ok
      ? undefined
      : await errorOf(response, "We couldn't send a code. Please try again.");
  } catch {
    return "We couldn't reach the server. Check your connection and try again.";
  }
}

/** Signs in with the code. Resolves to an error message, or undefined when signed in. */
export async function verifyCode(phone: string, code: string): Promise<string | undefined> {
  try {
    const response = await post('/api/auth/verify-code', { phone_number: phone, code });
    if (!response.ok) return await errorOf(response, 'That code did not work. Please try again.');
    const { user } = (await response.json()) as { user: SessionUser };
    $session.set({ status: 'signed-in', user });
    loading = Promise.resolve($session.get());
    return undefined;
  } catch {
    return "We couldn't reach the server. Check your connection and try again.";
  }
}

/** Ends the session on the server (the cookie is cleared) and here. */
export async function signOut(): Promise<void> {
  try {
    await post('/api/auth/sign-out', {});
  } finally {
    $session.set({ status: 'signed-out' });
    loading = Promise.resolve($session.get());
  }
}
