import type { Car } from '../../src/feeds/schemas';
import { EVENTS } from '../../src/analytics/events';
import { isAvailable } from '../../src/domain/stock';
import { collectAnalytics, type TrackedEvent } from './support/analytics';
import { expect, test, waitForIslands } from './support/fixtures';
import { ONE_TENANT } from './support/tenants';

/**
 * SPEC 7 analytics on the vehicle page: 4 used detail view, 60 history report, 61 print PDF. The
 * same page code sends them on every site: they run on one tenant (ONE_TENANT).
 */

const ofId = (events: TrackedEvent[], id: number) => events.filter((event) => event.id === id);

test.describe('vehicle page analytics (SPEC 7)', { tag: ONE_TENANT }, () => {
  test('event 4 fires once when a used car is viewed, with its car_id', async ({ page, site }) => {
    const used = site.cars.find((car) => car.car_type === 'used');
    test.skip(!used, `${site.tenant.slug} has no used cars`);
    const events = await collectAnalytics(page);
    await page.goto(`/cars/${used!.slug}`);
    await expect
      .poll(() => ofId(events, EVENTS.usedDetailView))
      .toEqual([{ id: 4, data: { car_id: used!.id } }]);
    await page.waitForLoadState('networkidle');
    expect(ofId(events, EVENTS.usedDetailView)).toHaveLength(1);
  });

  test('event 4 does not fire for a new car', async ({ page, site }) => {
    const fresh = site.cars.find((car) => car.car_type === 'new');
    test.skip(!fresh, `${site.tenant.slug} has no new cars`);
    const events = await collectAnalytics(page);
    await page.goto(`/cars/${fresh!.slug}`);
    // The console sink is live on this page, so an event 4 would have been seen.
    await expect(page.locator('html')).toHaveAttribute('data-analytics-sink', 'console');
    await page.waitForLoadState('networkidle');
    expect(ofId(events, EVENTS.usedDetailView)).toEqual([]);
  });

  test("event 60 fires when 'View History Report' is opened, with the car_id", async ({
    page,
    site,
  }) => {
    const car = site.cars.find((c: Car) => c.car_type === 'used' && Boolean(c.file));
    test.skip(!car, `${site.tenant.slug} has no used car with a history report`);
    const events = await collectAnalytics(page);
    await page.goto(`/cars/${car!.slug}`);
    const link = page.getByRole('link', { name: 'View History Report' });
    await expect(link).toHaveAttribute('href', car!.file!);
    expect(ofId(events, EVENTS.historyReport)).toEqual([]);
    await link.click();
    await expect
      .poll(() => ofId(events, EVENTS.historyReport))
      .toEqual([{ id: 60, data: { car_id: car!.id } }]);
  });

  test("event 61 fires on 'Print PDF' and the PDF is saved as {slug}.pdf", async ({
    page,
    site,
  }) => {
    test.skip(!site.tenant.features.print, `${site.tenant.slug} has print turned off`);
    const car = site.cars.find(isAvailable)!;
    const events = await collectAnalytics(page);
    await page.goto(`/cars/${car.slug}`);
    await waitForIslands(page);
    const download = page.waitForEvent('download');
    await page.locator('.vehicle__tools').getByRole('button', { name: 'Print PDF' }).click();
    expect((await download).suggestedFilename()).toBe(`${car.slug}.pdf`);
    await expect
      .poll(() => ofId(events, EVENTS.printPdf))
      .toEqual([{ id: 61, data: { slug: car.slug } }]);
  });

  test("event 61 fires on the print view's 'Download PDF' too", async ({ page, site }) => {
    test.skip(!site.tenant.features.print, `${site.tenant.slug} has print turned off`);
    const car = site.cars[0]!;
    const events = await collectAnalytics(page);
    await page.goto(`/print?car_id=${car.slug}`);
    const button = page.getByRole('button', { name: 'Download PDF' });
    await expect(button).toBeVisible();
    const download = page.waitForEvent('download');
    await button.click();
    expect((await download).suggestedFilename()).toBe(`${car.slug}.pdf`);
    await expect
      .poll(() => ofId(events, EVENTS.printPdf))
      .toEqual([{ id: 61, data: { slug: car.slug } }]);
  });
});
