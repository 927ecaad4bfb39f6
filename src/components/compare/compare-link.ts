import { $compare, $compareNotice } from '../../stores/compare';

/** Keep the header's compare count and live region in step with the shopper's list. */
export function initCompareLink(): void {
  const count = document.querySelector<HTMLElement>('[data-compare-count]');
  const live = document.querySelector<HTMLElement>('[data-compare-live]');
  $compare.subscribe((list) => {
    if (count) count.textContent = String(list.length);
  });
  $compareNotice.listen(({ text }) => {
    if (!live) return;
    // Cleared first so the same sentence twice (two presses on a full list) is read out again.
    live.textContent = '';
    requestAnimationFrame(() => (live.textContent = text));
  });
}
