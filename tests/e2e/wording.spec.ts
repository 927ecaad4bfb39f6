import { expect, test } from './support/fixtures';
import { isAvailable } from '../../src/domain/stock';
import { stockNoun } from '../../src/site/stock-noun';

// What a shopper reads: counts in the right number, the site's own word for its stock, only
// buttons the site has, and a price line on every available vehicle page.

test.describe('wording a shopper reads', () => {
  test("the sales counter says '1 vehicle' for one sale and 'vehicles' otherwise", async ({
    page,
    site,
  }) => {
    test.skip(!site.tenant.features.sales_counter, 'sales counter off on this tenant');
    const counter = page.locator('.sales-counter p');
    await page.clock.install({ time: new Date('2026-11-22T14:08:00Z') }); // 00:08 in Brisbane: one sale (one per 450 s)
    await page.goto('/');
    await expect(counter).toHaveText('1 vehicle sold today across Australia');
    await page.clock.runFor(150_000); // the SPEC refresh: 00:10:30, still one
    await expect(counter).toHaveText('1 vehicle sold today across Australia');
    await page.clock.runFor(300_000); // 00:15:30: two
    await expect(counter).toHaveText('2 vehicles sold today across Australia');
  });

  test("a vehicle page calls the vehicle by the site's stock noun", async ({ page, site }) => {
    const car = site.cars.find(isAvailable)!;
    const noun = stockNoun(site.tenant).singular;
    await page.goto(`/cars/${car.slug}`);
    await expect(page.getByRole('heading', { name: `Enquire About This ${noun}` })).toBeVisible();
    if (site.tenant.delivery.enabled) {
      await expect(
        page.getByText(
          `Enter your postcode for an estimate of delivering this ${noun.toLowerCase()} to you.`,
        ),
      ).toBeVisible();
    }
    if (noun !== 'Car') {
      const main = (await page.locator('main').innerText()).replace(/Trade-In[\s\S]*$/i, '');
      expect(main).not.toMatch(/\b(this|the|a) car\b/i);
    }
  });

  for (const path of ['/checkout-journey', '/online-payment']) {
    test(`${path} names only buttons the site has, and its stock noun`, async ({ page, site }) => {
      const noun = stockNoun(site.tenant).singular.toLowerCase();
      await page.goto(path);
      const text = await page.locator('main').innerText();
      if (site.tenant.features.reserve) expect(text).toContain(site.tenant.labels.reserve_button);
      else expect(text).not.toMatch(/\bReserve\b/);
      if (noun !== 'car') expect(text).not.toMatch(/\bcars?\b/i);
      expect(text).toContain(noun);
    });
  }

  test("an available car priced on application says 'Price on application' on its page, as its card does", async ({
    page,
    site,
  }) => {
    const car = site.cars.find(
      (item) => isAvailable(item) && !(typeof item.price === 'number' && item.price > 0),
    );
    test.skip(!car, 'every available car on this tenant has a price');
    await page.goto(`/cars/${car!.slug}`);
    await expect(page.locator('.vehicle__sidebar').getByText('Price on application')).toBeVisible();
  });
});
