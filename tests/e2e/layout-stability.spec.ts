import type { Page } from '@playwright/test';
import { isAvailable } from '../../src/domain/stock';
import { locationAnnouncement } from '../../src/domain/vehicle/announcement';
import { expect, test, waitForIslands } from './support/fixtures';

/** Lighthouse's phone screen (Moto G Power) and a desktop one. */
const SCREENS = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1280, height: 900 },
];

/**
 * Every layout shift since navigation (the CLS entries, not caused by input), with what moved.
 * Read after the page's scripts ran and the islands in view hydrated, when late shifts happen.
 */
async function layoutShifts(page: Page): Promise<{ value: number; moved: string }[]> {
  await waitForIslands(page);
  await page.waitForTimeout(500);
  return page.evaluate(
    () =>
      new Promise<{ value: number; moved: string }[]>((resolve) => {
        const shifts: { value: number; moved: string }[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
            if (entry.hadRecentInput) continue;
            const moved = (entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node)));
            shifts.push({ value: entry.value, moved: moved.join(' | ') });
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(shifts), 100);
      }),
  );
}

test.describe('vehicle page: nothing moves after the first paint (CLS 0)', () => {
  for (const screen of SCREENS)
    test(`with the location announcement bar, on a ${screen.name}`, async ({ page, site }) => {
      const car = site.cars.find((c) => isAvailable(c) && locationAnnouncement(c, site.locations));
      test.skip(!car, `${site.tenant.slug} has every car at the primary location's city`);
      await page.setViewportSize(screen);
      await page.goto(`/cars/${car!.slug}`);
      await expect(page.getByRole('region', { name: 'Announcement' }).getByRole('button', { name: 'Dismiss' })).toBeVisible();
      const shifts = await layoutShifts(page);
      // Lighthouse shows CLS to 3 decimals: a sub-pixel nudge (well under 0.001) is not a shift anyone sees.
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(cls, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(0.001);
    });
});
