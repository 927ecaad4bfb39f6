/**
 * Where the shopper was on a search page, per URL, for coming back to it (Back from a car page, a
 * reload). The browser's own restoration runs against the pre-rendered page, which the island then
 * replaces with a different layout, so the page restores it itself once its results are in.
 */

const KEY = 'search-scroll:';

const here = () => `${KEY}${location.pathname}${location.search}`;

/** Keep the scroll position of the current search URL when the page is left; returns the cleanup. */
export function rememberScroll(): () => void {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  const save = () => {
    try {
      sessionStorage.setItem(here(), String(Math.round(window.scrollY)));
    } catch {
      // Storage off (private mode, quota): the page simply opens at the top.
    }
  };
  window.addEventListener('pagehide', save);
  return () => window.removeEventListener('pagehide', save);
}

/** Scroll back to the remembered position, only when the shopper came back (not a fresh visit). */
export function restoreScroll(): void {
  const navigation = performance.getEntriesByType('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  if (navigation?.type !== 'back_forward' && navigation?.type !== 'reload') return;
  let saved: string | null;
  try {
    saved = sessionStorage.getItem(here());
  } catch {
    return;
  }
  if (saved !== null && Number.isFinite(Number(saved))) window.scrollTo(0, Number(saved));
}
