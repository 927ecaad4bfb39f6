/**
 * The vehicle sidebar's small tools as plain scripts, not React islands: each is a fetch or a
 * click handler, so they work as soon as the page has loaded and add no framework code to it.
 */
import { EVENTS } from '../../analytics/events';
import { track } from '../../analytics/track';
import { formatPhone } from '../../domain/format';
import { countOf } from '../../domain/plural';
import { COPIED_MS, copiedMessage, SHARE_WINDOW, TOAST_MS } from '../../domain/vehicle/share';
import { $toast, dismissToast } from '../../islands/accounts/toast';
import { applyLiveStatus, type LiveCarFields } from './live-status';

/** POST /api/phone-reveal; the record is best effort (a failure never blocks the call). */
function recordReveal(body: {
  car_id: string;
  dealership_id?: string | undefined;
  website_id: string;
}): void {
  fetch('/api/phone-reveal', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}

/**
 * Call Now (SPEC 4): the number is masked after the first 5 characters until the first click
 * reveals it (recorded, event 25); the link then dials. Without JavaScript it dials straight away.
 */
export function initPhoneReveal(link: HTMLAnchorElement): void {
  const { carId = '', dealershipId, websiteId = '', phone = '' } = link.dataset;
  link.addEventListener('click', (event) => {
    track(EVENTS.phoneClick, { car_id: carId });
    if (link.dataset.revealed === 'true') return;
    event.preventDefault();
    // The sidebar and the mobile bar show the same number: reveal it in both, record it once.
    for (const other of document.querySelectorAll<HTMLAnchorElement>('a[data-phone-reveal]')) {
      if (other.dataset.phone !== phone) continue;
      other.dataset.revealed = 'true';
      other.querySelector('.vehicle-phone__number')!.textContent = formatPhone(phone);
      other.querySelector('[data-phone-hint]')?.remove();
    }
    recordReveal({ car_id: carId, dealership_id: dealershipId, website_id: websiteId });
  });
}

/** GET view.json counts this view and returns the total (SPEC 7); a failed or odd answer keeps the feed's count. */
export async function initViewsCounter(counter: HTMLElement): Promise<void> {
  const { slug = '', photosCount = '', updatedAt = '', websiteId = '' } = counter.dataset;
  const query = new URLSearchParams({
    photos_count: photosCount,
    updated_at: updatedAt,
    website_id: websiteId,
  });
  try {
    const response = await fetch(`/api/cars/${encodeURIComponent(slug)}/view.json?${query}`);
    if (!response.ok) return;
    const body = (await response.json()) as { views?: unknown; car_fields?: LiveCarFields };
    if (body.car_fields && typeof body.car_fields === 'object') applyLiveStatus(body.car_fields);
    if (typeof body.views !== 'number') return;
    counter.textContent = countOf(body.views, 'view');
    counter.hidden = false;
  } catch {
    // Offline or API down: the feed's count (or nothing) stays.
  }
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
export function initShareTools(button: HTMLButtonElement, toastRegion: HTMLElement): void {
  let copiedTimer = 0;
  let toastTimer = 0;
  // SPEC 9: the toast list holds at most one, so this toast and the watchlist's replace each other.
  const clearToast = () => {
    window.clearTimeout(toastTimer);
    toastRegion.replaceChildren();
  };
  $toast.listen((toast) => {
    if (toast) clearToast();
  });
  const showToast = (message: string) => {
    dismissToast();
    const toast = document.createElement('p');
    toast.className = 'toast';
    toast.textContent = message;
    toastRegion.replaceChildren(toast);
    window.clearTimeout(toastTimer);
    toastTimer = window.setTimeout(clearToast, TOAST_MS);
  };
  button.addEventListener('click', async () => {
    if (!(await copyText(window.location.href))) {
      showToast('Copying failed. Copy the address from your browser instead.');
      return;
    }
    button.textContent = 'Copied';
    showToast(copiedMessage(button.dataset.name ?? ''));
    window.clearTimeout(copiedTimer);
    copiedTimer = window.setTimeout(() => (button.textContent = 'Share'), COPIED_MS);
  });
  // The social share bar's links (static markup) open as small windows instead of new tabs.
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>(
      'a[data-share-window]',
    );
    if (!link) return;
    event.preventDefault();
    window.open(link.href, 'share', SHARE_WINDOW);
  });
}

/** Print PDF: 'Preparing' while the API makes it, then saves {slug}.pdf (event 61); a failure alerts its message. */
export function initPrintPdf(button: HTMLButtonElement): void {
  const slug = button.dataset.slug ?? '';
  const label = button.innerHTML;
  button.addEventListener('click', async () => {
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    button.innerHTML = '<span class="spinner" aria-hidden="true"></span> Preparing';
    track(EVENTS.printPdf, { slug });
    try {
      // Loaded on the first click: nobody who never prints pays for it.
      const { downloadCarPdf } = await import('../../islands/vehicle/download-pdf');
      await downloadCarPdf(slug);
    } catch (error) {
      window.alert(error instanceof Error ? error.message : String(error));
    } finally {
      button.disabled = false;
      button.setAttribute('aria-busy', 'false');
      button.innerHTML = label;
    }
  });
}

/** Wires up whichever of the tools the page rendered (once per page load). */
export function initSidebarTools(): void {
  const counter = document.querySelector<HTMLElement>('[data-views-counter]');
  if (counter) void initViewsCounter(counter);
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-phone-reveal]'))
    initPhoneReveal(link);
  const share = document.querySelector<HTMLButtonElement>('[data-share-copy]');
  const toastRegion = document.querySelector<HTMLElement>('[data-share-toast]');
  if (share && toastRegion) initShareTools(share, toastRegion);
  const pdf = document.querySelector<HTMLButtonElement>('[data-download-pdf]');
  if (pdf) initPrintPdf(pdf);
}
