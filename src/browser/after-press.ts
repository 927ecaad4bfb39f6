const PRESS_EVENTS = new Set(['touchstart', 'pointerdown', 'mousedown']);

/**
 * Whether `event` starts a press. A finger's or pen's pointerover is the first event of its touch
 * (a mouse's comes on hover, before any press): waking on it at once put hydration between the
 * touch and its click (a first tap on Compare, 4x CPU: input to next paint 200-240 ms, now 120).
 */
export function isPress(event: Event): boolean {
  if (PRESS_EVENTS.has(event.type)) return true;
  return event.type === 'pointerover' && (event as PointerEvent).pointerType !== 'mouse';
}

/**
 * Runs `task` once the press that `event` starts has been answered: after its click and the frame
 * that shows it, or at once for any other event. Loading or hydrating an island is one long task
 * on a slow phone; started on the touch itself, it ran between the touch and its click, and the
 * click's feedback (a button shown pressed, a panel opened) waited behind it for 0.5-1.5 s.
 */
export function afterPress(event: Event | undefined, task: () => void): void {
  if (!event || !isPress(event)) {
    task();
    return;
  }
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    removeEventListener('click', go, true);
    afterNextFrame(task);
  };
  addEventListener('click', go, { capture: true, passive: true });
  // A press that makes no click (a scroll, a drag, a long press) goes on after a moment.
  setTimeout(go, 500);
}

/** Runs `task` in a task of its own after the next frame is drawn. */
export function afterNextFrame(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task));
}
