import { atom } from 'nanostores';
import { EVENTS } from '../analytics/events';
import { track } from '../analytics/track';
import { $session, loadSession } from './session';

/** SPEC 3 "Watchlist entry" (id) with what the watchlist page shows of each car. */
export interface WatchlistCar {
  id: string;
  listed: boolean;
  name?: string;
  slug?: string;
  price?: number | null;
  primary_image_url?: string | null;
  available?: boolean;
}

export type WatchlistState = { status: 'idle' | 'loading' } | { status: 'ready'; ids: string[] };

/** The signed-in user's saved car ids (from the API; nothing about a user is in the static HTML). */
export const $watchlist = atom<WatchlistState>({ status: 'idle' });

const idsOf = (state: WatchlistState) => (state.status === 'ready' ? state.ids : []);

let loading: Promise<WatchlistCar[]> | undefined;

/** The user's list with car details; also fills $watchlist. Empty when signed out. */
export function loadWatchlist(force = false): Promise<WatchlistCar[]> {
  if (loading && !force) return loading;
  if ($watchlist.get().status === 'idle') $watchlist.set({ status: 'loading' });
  loading = loadSession()
    .then(async (session) => {
      if (session.status !== 'signed-in') return [];
      const response = await fetch('/api/watchlist', {
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      });
      return response.ok ? ((await response.json()) as { cars: WatchlistCar[] }).cars : [];
    })
    .catch(() => [] as WatchlistCar[])
    .then((cars) => {
      $watchlist.set({ status: 'ready', ids: cars.map((car) => car.id) });
      return cars;
    });
  return loading;
}

export function isSaved(id: string): boolean {
  return idsOf($watchlist.get()).includes(id);
}

export type ChangeResult = { ok: true } | { ok: false; error: string };

/**
 * SPEC 4 and 7: the list changes at once, then `POST /api/watchlist/{save-car|remove-car}` with
 * phone_number and car_id; a refusal (no `success`) puts the list back and returns the message
 * for the alert. Saving fires event 39.
 */
export async function changeWatchlist(carId: string, save: boolean): Promise<ChangeResult> {
  const session = $session.get();
  if (session.status !== 'signed-in' || !session.user.phone)
    return { ok: false, error: 'Please sign in to use your watchlist.' };
  const before = idsOf($watchlist.get());
  const after = save
    ? [...before.filter((id) => id !== carId), carId]
    : before.filter((id) => id !== carId);
  $watchlist.set({ status: 'ready', ids: after });
  let error: string | undefined;
  try {
    const response = await fetch(`/api/watchlist/${save ? 'save-car' : 'remove-car'}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ phone_number: session.user.phone, car_id: carId }),
    });
    const body = (await response.json().catch(() => ({}))) as { success?: boolean; error?: string };
    if (!body.success)
      error =
        body.error ??
        `Sorry, we couldn't ${save ? 'save this car' : 'remove this car'}. Please try again.`;
  } catch {
    error = "We couldn't reach the server. Check your connection and try again.";
  }
  if (error) {
    // Roll back only this car, keeping any other change made meanwhile.
    const current = idsOf($watchlist.get());
    $watchlist.set({
      status: 'ready',
      ids: save
        ? current.filter((id) => id !== carId)
        : current.includes(carId)
          ? current
          : [...current, carId],
    });
    return { ok: false, error };
  }
  if (save) track(EVENTS.favouriteCar, { car_id: carId, list: 'watchlist' });
  return { ok: true };
}

export const PENDING_KEY = 'watchlist:pending-save';

/** Remembers the car a signed-out shopper tried to save, so it is saved when they come back signed in. */
export function rememberPendingSave(carId: string): void {
  try {
    sessionStorage.setItem(PENDING_KEY, carId);
  } catch {
    // Storage blocked: the shopper presses save again after signing in.
  }
}

/** The car waiting to be saved, taken (read once) when it is `carId`. */
export function takePendingSave(carId: string): boolean {
  try {
    if (sessionStorage.getItem(PENDING_KEY) !== carId) return false;
    sessionStorage.removeItem(PENDING_KEY);
    return true;
  } catch {
    return false;
  }
}
