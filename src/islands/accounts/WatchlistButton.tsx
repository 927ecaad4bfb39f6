import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  canUseWatchlist,
  showsWatchlistButton,
  signInUrl,
  WATCHLIST_PATH,
  watchlistToast,
} from '../../domain/accounts';
import { $session, loadSession } from '../../stores/session';
import {
  $watchlist,
  changeWatchlist,
  isSaved,
  loadWatchlist,
  rememberPendingSave,
  takePendingSave,
} from '../../stores/watchlist';
import { showToast } from './toast';
import { ToastView } from './ToastView';

export interface WatchlistButtonProps {
  car: { id: string | number; name: string };
  /** False for sold cars: the button then shows only if the car is already saved (SPEC 4). */
  available: boolean;
}

/**
 * Save / remove a car on the signed-in shopper's watchlist (SPEC 4, 5, 7). Signed out (or no phone
 * number): goes to /sign-in?type=watchlist and saves the car on the way back. The list changes at
 * once; a refused call puts it back and shows the message in an alert.
 */
export default function WatchlistButton({ car, available }: WatchlistButtonProps) {
  const id = String(car.id);
  const session = useStore($session);
  const watchlist = useStore($watchlist);
  const [busy, setBusy] = useState(false);
  const saved = watchlist.status === 'ready' && watchlist.ids.includes(id);

  async function change(save: boolean) {
    setBusy(true);
    const result = await changeWatchlist(id, save);
    setBusy(false);
    if (!result.ok) {
      window.alert(result.error);
      return;
    }
    const { title, message } = watchlistToast(save, car.name);
    showToast({ source: id, title, message, action: { label: 'View List', href: WATCHLIST_PATH } });
  }

  useEffect(() => {
    void loadWatchlist().then(async () => {
      // Back from sign-in with this car waiting to be saved: save it now.
      if ($session.get().status === 'signed-in' && takePendingSave(id) && !isSaved(id))
        await change(true);
    });
  }, [id]);

  if (!showsWatchlistButton(available, saved)) return null;

  async function onClick() {
    // The button hydrates on first touch, so the session may still be on its way: wait for it
    // rather than showing a disabled button to everyone until it answers.
    const current = session.status === 'loading' ? await loadSession() : session;
    const user = current.status === 'signed-in' ? current.user : null;
    if (!canUseWatchlist(user)) {
      if (user)
        console.warn('Watchlist: the signed-in user has no phone number, so cars cannot be saved.');
      else {
        const here = `${location.pathname}${location.search}`;
        rememberPendingSave(id);
        location.assign(signInUrl('watchlist', here, here));
      }
      return;
    }
    void change(!saved);
  }

  const label = saved ? 'Saved to Watchlist' : 'Save to Watchlist';
  return (
    <>
      <button
        type="button"
        className={`btn ${saved ? 'btn-primary' : 'btn-outline'} watchlist-button`}
        aria-pressed={saved}
        aria-label={`${label}: ${car.name}`}
        disabled={busy}
        onClick={() => void onClick()}
      >
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 3h12v18l-6-4-6 4z" />
        </svg>
        {label}
      </button>
      <ToastView source={id} />
    </>
  );
}
