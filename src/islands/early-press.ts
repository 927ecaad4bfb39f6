/**
 * A toggle (aria-pressed) whose island is still asleep shows the shopper's press at once: the
 * page's early layer (client:interaction, the search page's loader) holds the tap until the island
 * is live and plays it again then, which on a slow phone took 0.5-1.1 s. Only the look changes
 * early; the state (the store) changes once, when the island handles the replayed tap, so a press
 * never counts twice. Toggles opt in with data-early-press; their pressed look follows
 * aria-pressed in CSS.
 */
export const EARLY_PRESS = 'data-early-press';
/** Set while a press shown early waits for its island: the island leaves aria-pressed alone until then. */
export const WAITING = 'data-early-pressed';

/** Called by an early layer for a tap it holds: flips the toggle it landed on, if it is one. */
export function pressEarly(target: Element): void {
  const toggle = target.closest(`[${EARLY_PRESS}][aria-pressed]`);
  if (!toggle) return;
  // A second tap while waking flips it back: both taps are replayed, in order.
  toggle.setAttribute(WAITING, '');
  toggle.setAttribute('aria-pressed', String(toggle.getAttribute('aria-pressed') !== 'true'));
}

/** The island's click handler calls this first: the held press has reached it. */
export function settleEarlyPress(toggle: Element | null): void {
  toggle?.removeAttribute(WAITING);
}
