import { openStore, type Store } from '../../api/storage/store';
import { replaceStock } from '../../api/stock/stock';
import { isReservable } from '../../src/domain/reservable';
import type { SiteData } from '../../src/site/types';
import { expect, test, waitForIslands } from './support/fixtures';
import { layoutShifts } from './support/layout-shifts';

/** The car sold at the dealer after the build: the stock table says so, the built page does not. */
function withSold(site: SiteData, carId: string | number) {
  return site.cars.map((car) =>
    String(car.id) === String(carId) ? { ...car, status: 'sold' as const, sold: true } : car,
  );
}

test.describe.configure({ mode: 'serial' });

test.describe('live stock: a page built while the car was for sale corrects itself', () => {
  let store: Store;
  test.beforeAll(async () => {
    // The browser tests' server keeps its data where openStore looks (DATABASE_URL, else .data/leads.sqlite).
    store = await openStore();
  });
  test.afterAll(async ({ site }) => {
    await replaceStock(store, site.tenant.slug, site.cars);
    await store.close();
  });

  const reservable = async (site: SiteData) => {
    const held = new Set(await store.reservedCars(site.tenant.slug));
    const car = [...site.cars]
      .reverse()
      .find(
        (candidate) =>
          isReservable(candidate) &&
          candidate.status === 'in_stock' &&
          !held.has(String(candidate.id)),
      );
    if (!car) throw new Error(`${site.tenant.slug} has no reservable car`);
    return car;
  };

  for (const screen of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ])
    test(`sold after the build: SOLD, Find Me Something Similar, no Reserve, CLS 0 (${screen.width}x${screen.height})`, async ({
      page,
      site,
    }, info) => {
      test.skip(!site.tenant.features.reserve, 'this site takes no reservations');
      await page.setViewportSize(screen);
      const car = await reservable(site);
      await replaceStock(store, site.tenant.slug, site.cars);
      await page.goto(`/cars/${car.slug}`);
      const sidebar = page.locator('.vehicle__sidebar');
      await expect(sidebar.getByRole('link', { name: 'Reserve Car Now' })).toBeVisible();

      await replaceStock(store, site.tenant.slug, withSold(site, car.id));
      await page.reload();
      await expect(sidebar.getByTestId('sold-label')).toHaveText('SOLD');
      await expect(sidebar.getByRole('link', { name: 'Find Me Something Similar' })).toBeVisible();
      await expect(sidebar.getByRole('link', { name: 'Reserve Car Now' })).toHaveCount(0);
      await expect(
        sidebar.getByRole('link', { name: site.tenant.labels.enquire_button }),
      ).toBeHidden();
      await expect(page.getByTestId('image-tag')).toHaveText(site.tenant.labels.sold_tag);
      const shifts = await layoutShifts(page);
      // As Lighthouse rounds CLS (3 decimals): a sub-pixel nudge (well under 0.001) is not a shift anyone sees.
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(cls, JSON.stringify(shifts)).toBeLessThan(0.001);
      await page.screenshot({
        path: info.outputPath(`sold-${screen.width}x${screen.height}.png`),
        fullPage: false,
      });
    });

  test('the checkout of a car sold in the meantime refuses: no deposit, the shopper reads it has sold', async ({
    page,
    site,
  }) => {
    test.skip(!site.tenant.features.reserve, 'this site takes no reservations');
    test.skip(
      site.tenant.features.sign_in_gated.includes('checkout'),
      'checkout needs sign-in on this site',
    );
    const car = await reservable(site);
    await replaceStock(store, site.tenant.slug, site.cars);
    await page.goto(`/cars/${car.slug}/checkout`);
    const submit = page.getByRole('button', { name: 'Reserve Car Now' });
    await waitForIslands(page);
    await page.getByLabel('First Name').fill('Sam');
    await page.getByLabel('Last Name').fill('Late');
    await page.getByLabel('Mobile Number').fill('0498 765 432');
    await page.getByLabel('Email Address').fill('sam.late@example.com');
    await page.getByLabel('Postcode').fill('4000');
    await replaceStock(store, site.tenant.slug, withSold(site, car.id));
    await submit.click();
    const refusal = page.getByRole('alert').filter({ hasText: 'This car has just been sold' });
    await expect(refusal).toContainText(
      'Sorry, this car has just been sold. Nothing has been charged.',
      { timeout: 20_000 },
    );
    await expect(submit).toHaveCount(0);
    const reserves = (await store.listLeads(site.tenant.slug)).filter(
      (lead) => lead.form === 'reserve' && lead.carId === String(car.id),
    );
    expect(reserves).toEqual([]);
  });
});
