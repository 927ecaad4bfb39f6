/**
 * Run `task` when the browser is idle after load (at most `timeout` ms later), as its own task.
 * Load-time chores that are not needed for the first paint (reading or writing local storage,
 * whose first use on a page is a synchronous trip to the browser's storage) go here, so that no
 * single task at load grows long on a slow phone.
 */
export function whenIdle(task: () => void, timeout = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout });
  else setTimeout(task, 1);
}

/** As whenIdle, but run at the latest when the shopper leaves the page (work that must not be lost). */
export function whenIdleOrLeaving(task: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    removeEventListener('pagehide', once);
    task();
  };
  addEventListener('pagehide', once);
  whenIdle(once);
}
