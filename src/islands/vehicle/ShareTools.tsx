import { useEffect, useRef, useState } from 'react';
import { COPIED_MS, copiedMessage, SHARE_WINDOW, TOAST_MS } from '../../domain/vehicle/share';

interface Props {
  name: string;
  /** Canonical page URL; the current address is copied when running on another host. */
  url: string;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Share: copies the page URL (toast 'Copied {name} to your clipboard!' for 3 s, the button says
 * Copied for 1.5 s). Also opens the social share bar's links in 550x400 windows.
 */
export default function ShareTools({ name }: Props) {
  const [copied, setCopied] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    // The social share bar's links (static markup) open as small windows instead of new tabs.
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-share-window]');
      if (!link) return;
      event.preventDefault();
      window.open(link.href, 'share', SHARE_WINDOW);
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
      timers.current.forEach((timer) => window.clearTimeout(timer));
    };
  }, []);

  const onCopy = async () => {
    const ok = await copyText(window.location.href);
    if (!ok) {
      setToast('Copying failed. Copy the address from your browser instead.');
    } else {
      setCopied(true);
      setToast(copiedMessage(name));
      timers.current.push(window.setTimeout(() => setCopied(false), COPIED_MS));
    }
    timers.current.push(window.setTimeout(() => setToast(null), TOAST_MS));
  };

  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => void onCopy()}>
        {copied ? 'Copied' : 'Share'}
      </button>
      <div className="toast-region" role="status" aria-live="polite">
        {toast && <p className="toast">{toast}</p>}
      </div>
    </>
  );
}
