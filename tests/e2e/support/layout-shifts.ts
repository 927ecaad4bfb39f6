import type { Page } from '@playwright/test';
import { waitForIslands } from './fixtures';

/** Layout shifts since navigation not caused by input (the CLS entries), with what moved; read once the islands in view hydrated. */
export async function layoutShifts(page: Page): Promise<{ value: number; moved: string }[]> {
  await waitForIslands(page);
  await page.waitForTimeout(500);
  return page.evaluate(
    () =>
      new Promise<{ value: number; moved: string }[]>((resolve) => {
        const shifts: { value: number; moved: string }[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            const moved = (entry.sources ?? []).map((source) =>
              source.node instanceof Element
                ? source.node.outerHTML.slice(0, 80)
                : String(source.node),
            );
            shifts.push({ value: entry.value, moved: moved.join(' | ') });
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(shifts), 100);
      }),
  );
}

/**
 * The layout shift (not caused by input) of what is inside `selector` since the page loaded.
 * Elements outside it are not counted: a browser may paint a header it has parsed halfway.
 */
export function shiftWithin(page: Page, selector: string): Promise<number> {
  return page.evaluate(
    (selector) =>
      new Promise<number>((resolve) => {
        let total = 0;
        const root = document.querySelector(selector);
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node | null }[];
          })[])
            if (
              !entry.hadRecentInput &&
              entry.sources.some(({ node }) => !node || !node.isConnected || root?.contains(node))
            )
              total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
    selector,
  );
}
