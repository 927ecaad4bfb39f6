import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrate an island on the shopper's first touch, hover, focus or key press
 * in it, not on load. Until then the island is its server-rendered HTML and no framework code is
 * fetched, so a page of such islands has nothing to block the main thread (issue 4's 0 ms total
 * blocking time). A click that lands before hydration is held and replayed once the island is live,
 * so the first tap is never lost.
 *
 * Options (`client:interaction={{ ... }}`):
 * - `stored`: storage keys (localStorage or sessionStorage); when one holds a value the island
 *   hydrates at once, because its state differs from the static HTML (a saved favourite, a
 *   signed-in shopper, a car waiting to be saved).
 * - `visible`: hydrate as soon as it is on screen instead (for islands that act by themselves,
 *   like a spin viewer that turns once on load).
 */
export interface InteractionOptions {
  stored?: string[];
  visible?: boolean;
}

const WAKE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
const EMPTY_VALUES = new Set(['', '[]', '{}', 'null', 'false']);

function readStorage(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null; // storage blocked (privacy mode): behave as if empty
  }
}

export function hasStoredValue(keys: readonly string[]): boolean {
  return keys.some((key) => {
    const value = readStorage(() => localStorage, key) ?? readStorage(() => sessionStorage, key);
    return value !== null && !EMPTY_VALUES.has(value.trim());
  });
}

const interaction: ClientDirective = (load, options, el) => {
  const settings = (typeof options.value === 'object' && options.value ? options.value : {}) as InteractionOptions;
  let started = false;
  let heldClick: HTMLElement | undefined;

  const holdClick = (event: Event) => {
    // The target may be an <svg> or <path> inside a button: replay on the nearest HTML element.
    let target = event.target instanceof Element ? event.target : null;
    while (target && !(target instanceof HTMLElement)) target = target.parentElement;
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    heldClick = target;
    void start();
  };

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of WAKE_EVENTS) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    el.removeEventListener('click', holdClick, true);
    if (heldClick?.isConnected) {
      // React attaches its listeners when hydration starts; let it finish this task first.
      await new Promise((resolve) => setTimeout(resolve, 0));
      heldClick.click();
    }
  };

  if (settings.stored && hasStoredValue(settings.stored)) {
    void start();
    return;
  }
  for (const type of WAKE_EVENTS) el.addEventListener(type, start, { passive: true });
  el.addEventListener('click', holdClick, true);
  // A spin that turns by itself does not turn for people who asked for less motion: no need to wake it.
  if (settings.visible && !matchMedia('(prefers-reduced-motion: reduce)').matches) {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void start();
    });
    for (const child of el.children) observer.observe(child);
  }
};

export default interaction;
