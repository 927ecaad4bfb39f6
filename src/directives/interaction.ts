import type { ClientDirective } from 'astro';
import { afterNextFrame, afterPress, isPress } from '../browser/after-press';
import { whenIdle } from '../browser/idle';
import { pressEarly } from '../islands/early-press';
import { settleEarlySteps, stepEarly } from '../islands/early-step';

/**
 * `client:interaction`: hydrate an island on the shopper's first touch, hover, focus or key press
 * in it, not on load. Until then the island is its server-rendered HTML and no framework code is
 * fetched, so a page of such islands has nothing to block the main thread (no total
 * blocking time). A click (or arrow key) that lands before hydration is held and replayed once the
 * island is live, so the first tap is never lost.
 *
 * Options (`client:interaction={{ ... }}`):
 * - `stored`: keys in localStorage (`local`) and sessionStorage (`session`); when one holds a
 *   value the island hydrates as soon as the page is idle, because its state differs from the
 *   static HTML (a saved favourite, a signed-in shopper, a car waiting to be saved). Each store is
 *   read only when a key lives there: a page's first read of a store is a synchronous trip to the
 *   browser's storage (5-25 ms in traced loads), and most pages need only localStorage.
 */
export interface StoredKeys {
  local?: readonly string[];
  session?: readonly string[];
}

export interface InteractionOptions {
  stored?: StoredKeys;
}

const WAKE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
const HELD_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);
const EMPTY_VALUES = new Set(['', '[]', '{}', 'null', 'false']);

function readStorage(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null; // storage blocked (privacy mode): behave as if empty
  }
}

const holdsValue = (value: string | null) => value !== null && !EMPTY_VALUES.has(value.trim());

export function hasStoredValue({ local = [], session = [] }: StoredKeys): boolean {
  return (
    local.some((key) => holdsValue(readStorage(() => localStorage, key))) ||
    session.some((key) => holdsValue(readStorage(() => sessionStorage, key)))
  );
}

/**
 * The first scroll or touch anywhere on the page fetches and runs every such island's code, without
 * hydrating it: a tap then waits only for hydration (a first tap on the gallery's arrow took
 * 0.7-1.4 s at 4x CPU, most of it loading React and the island). Nothing loads on a page nobody
 * touches (the weight and Lighthouse figures stay as they are).
 */
const warmers: (() => void)[] = [];
const WARM_EVENTS = ['scroll', 'touchstart'] as const;
function warmAll(): void {
  for (const type of WARM_EVENTS) removeEventListener(type, warmAll, true);
  for (const warm of warmers.splice(0)) warm();
}
for (const type of WARM_EVENTS) addEventListener(type, warmAll, { capture: true, passive: true });

const interaction: ClientDirective = (load, options, el) => {
  const settings = (
    typeof options.value === 'object' && options.value ? options.value : {}
  ) as InteractionOptions;
  let started = false;
  let loading: ReturnType<typeof load> | undefined;
  warmers.push(() => void (loading ??= load()));
  // Every click and held key while waking, in order: a quick shopper may tap twice (Gallery, then
  // Spin). The holders stay until the queue is replayed, so a tap that lands after hydration but
  // before an earlier held tap's replay still waits its turn.
  const held: { target: HTMLElement | EventTarget; key?: string }[] = [];
  let replaying = false;

  const holdClick = (event: Event) => {
    if (replaying) return;
    // The target may be an <svg> or <path> inside a button: replay on the nearest HTML element.
    let target = event.target instanceof Element ? event.target : null;
    while (target && !(target instanceof HTMLElement)) target = target.parentElement;
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    // A toggle or a gallery arrow shows the press now; its island acts on it when the tap is replayed.
    pressEarly(target);
    stepEarly(target);
    held.push({ target });
    // After the frame that shows it: waking is a long task on a slow phone.
    afterNextFrame(() => void start());
  };

  // Arrow keys pressed while the island is still waking (a keyboard user tabbed in and went on)
  // are kept and played again once it is live. Enter and Space are left alone: they become clicks.
  const holdKey = (event: KeyboardEvent) => {
    if (replaying || !HELD_KEYS.has(event.key) || !event.target) return;
    // Not passed on: once hydrated, React would act on it now and again when it is replayed.
    event.preventDefault();
    event.stopPropagation();
    held.push({ target: event.target, key: event.key });
  };

  const replay = ({ target, key }: (typeof held)[number]) => {
    replaying = true;
    try {
      if (key)
        target.dispatchEvent(
          new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
        );
      else if (target instanceof HTMLElement && target.isConnected) target.click();
    } finally {
      replaying = false;
    }
  };
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of WAKE_EVENTS) el.removeEventListener(type, wake);
    const hydrate = await (loading ??= load());
    await hydrate();
    // React attaches its listeners when hydration starts; let it finish this task first, and
    // render between replayed taps.
    for (await nextTask(); held.length > 0; await nextTask()) replay(held.shift()!);
    settleEarlySteps(el);
    el.removeEventListener('click', holdClick, true);
    el.removeEventListener('keydown', holdKey, true);
  };

  // A touch or press wakes the island once its click is answered (held, and shown if a toggle);
  // the focus the press gives the button, just before its click, waits for it too.
  let pressing = false;
  const wake = (event: Event) => {
    if (pressing) return;
    pressing = isPress(event);
    afterPress(event, () => void start());
  };
  for (const type of WAKE_EVENTS) el.addEventListener(type, wake, { passive: true });
  el.addEventListener('click', holdClick, true);
  el.addEventListener('keydown', holdKey, true);
  // Storage is read when the page is idle, not while it loads; a tap before then wakes the island
  // as usual, and one during hydration is held like any other.
  const { stored } = settings;
  if (stored) whenIdle(() => !started && hasStoredValue(stored) && void start());
};

export default interaction;
