import { isAvailable } from '../../src/domain/stock';
import { locationAnnouncement } from '../../src/domain/vehicle/announcement';
import { expect, test } from './support/fixtures';
import { layoutShifts } from './support/layout-shifts';

/** Lighthouse's phone screen (Moto G Power) and a desktop one. */
const SCREENS = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1280, height: 900 },
];

test.describe('vehicle page: nothing moves after the first paint (CLS 0)', () => {
  for (const screen of SCREENS)
    test(`with the location announcement bar, on a ${screen.name}`, async ({ page, site }) => {
      const car = site.cars.find((c) => isAvailable(c) && locationAnnouncement(c, site.locations));
      test.skip(!car, `${site.tenant.slug} has every car at the primary location's city`);
      await page.setViewportSize(screen);
      await page.goto(`/cars/${car!.slug}`);
      await expect(
        page.getByRole('region', { name: 'Announcement' }).getByRole('button', { name: 'Dismiss' }),
      ).toBeVisible();
      const shifts = await layoutShifts(page);
      // Lighthouse shows CLS to 3 decimals: a sub-pixel nudge (well under 0.001) is not a shift anyone sees.
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(cls, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThan(0.001);
    });
});
