import { stepIndex } from '../domain/vehicle/media';

/**
 * A gallery arrow tapped while the viewer's island still sleeps answers at once: its slide counter
 * moves ("2 / 7") and the photo dims until the island, woken, shows that slide. Waking took
 * 0.7-0.8 s at 4x CPU, during which the tap showed nothing. The island is handed the same taps
 * (client:interaction replays them) and steps as many times, so it lands on the slide the counter
 * already says; the counter's element tolerates the changed text while hydrating
 * (suppressHydrationWarning), and React writes the same number when it renders the step.
 *
 * The contract, as attributes on the server HTML: an arrow carries EARLY_STEP with its step (1 or
 * -1); its sibling the counter carries EARLY_COUNTER with the slide count and holds the slide number
 * as its first text; their parent (the stage) is marked STEPPING while taps wait.
 */
export const EARLY_STEP = 'data-early-step';
export const EARLY_COUNTER = 'data-early-counter';
export const STEPPING = 'data-early-stepping';

/** Called by an early layer for a tap it holds: moves the counter if the tap is on an arrow. */
export function stepEarly(target: Element): void {
  const arrow = target.closest(`[${EARLY_STEP}]`);
  const stage = arrow?.parentElement;
  const counter = stage && [...stage.children].find((child) => child.hasAttribute(EARLY_COUNTER));
  const number = counter && [...counter.childNodes].find((node) => node.nodeType === 3);
  if (!arrow || !stage || !counter || !number) return;
  const count = Number(counter.getAttribute(EARLY_COUNTER));
  const delta = Number(arrow.getAttribute(EARLY_STEP));
  const shown = Number(number.textContent);
  if (!(count > 1) || !Number.isInteger(shown) || (delta !== 1 && delta !== -1)) return;
  number.textContent = String(stepIndex(shown - 1, delta, count) + 1);
  stage.setAttribute(STEPPING, '');
}

/** Called once the island has been handed every held tap: the photo shown is the counted one. */
export function settleEarlySteps(root: Element): void {
  for (const stage of root.querySelectorAll(`[${STEPPING}]`)) stage.removeAttribute(STEPPING);
}
