import { useStore } from '@nanostores/react';
import { $toast, dismissToast } from './toast';
import './accounts.css';

/** Shows the current toast when it belongs to `source`. The live region is always there so it is announced. */
export function ToastView({ source }: { source: string }) {
  const toast = useStore($toast);
  const mine = toast && toast.source === source ? toast : null;
  return (
    <div className={mine ? 'account-toast' : 'visually-hidden'} role="status" aria-live="polite">
      {mine && (
        <>
          <p className="account-toast__title">{mine.title}</p>
          <p className="account-toast__message">{mine.message}</p>
          <div className="account-toast__actions">
            {mine.action && (
              <a className="btn btn-primary" href={mine.action.href}>
                {mine.action.label}
              </a>
            )}
            <button type="button" className="btn btn-outline" onClick={dismissToast}>
              Close
            </button>
          </div>
        </>
      )}
    </div>
  );
}
