import type { Page } from '@playwright/test';
import { isListed, soldCutoff } from '../../src/domain/stock';
import type { Car } from '../../src/feeds/schemas';
import type { SiteData } from '../../src/site/types';
import { expect, test, waitForIslands } from './support/fixtures';
import { ONE_TENANT } from './support/tenants';

// The search page as a shopper uses it: filters reachable on every screen, Back that goes back,
// scrolling that lands where it should and typed bounds that stick (the index outage: search-lazy.spec.ts).
test.describe.configure({ timeout: 90_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const ALL = '/search/new-used-and-demo-cars';

const heading = (page: Page) => page.locator('#search-results-heading');
const cards = (page: Page) => page.locator('.search-app [data-search-results] article.car-card');

function listed(site: SiteData): Car[] {
  const cutoff = soldCutoff(Date.now(), site.tenant.stock.include_sold_cars_days);
  return site.cars.filter((car) => isListed(car, cutoff));
}

async function openSearch(page: Page, url: string, viewport = DESKTOP) {
  await page.setViewportSize(viewport);
  await page.goto(url);
  await waitForIslands(page);
  await expect(heading(page)).not.toHaveText('Loading results');
}

/** Every filter control that is not hidden: covered (by a card, say) or off-screen ones are listed. */
async function unreachableFilterControls(page: Page): Promise<string[]> {
  const controls = page.locator('#search-filters').locator('input, select, button, summary');
  const problems: string[] = [];
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const problem = await control.evaluate((element) => {
      // Mid-screen, as a shopper would scroll to it (the panel's action bar is sticky at the bottom).
      element.scrollIntoView({ block: 'center', inline: 'nearest' });
      const box = element.getBoundingClientRect();
      const name = element.id
        ? `#${element.id}`
        : `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 30)}"`;
      if (box.left < 0 || box.right > window.innerWidth + 0.5)
        return `${name} is off-screen (${Math.round(box.left)}-${Math.round(box.right)} px)`;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const hit = document.elementFromPoint(x, y);
      const labels = (element as HTMLInputElement).labels;
      const reachable =
        hit &&
        (hit === element ||
          element.contains(hit) ||
          (labels && [...labels].some((label) => label.contains(hit))));
      return reachable
        ? ''
        : `${name} is covered by ${hit?.tagName.toLowerCase()}.${hit?.className}`;
    });
    if (problem) problems.push(problem);
  }
  return problems;
}

test.describe('filter panel geometry', () => {
  test('desktop: every filter control is on screen and not covered by the results', async ({
    page,
  }) => {
    await openSearch(page, ALL, DESKTOP);
    expect(await unreachableFilterControls(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      DESKTOP.width,
    );
  });

  test('phone: the open filter panel fits the screen and the page never scrolls sideways', async ({
    page,
  }) => {
    await openSearch(page, ALL, PHONE);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(page.getByLabel('Price to')).toBeVisible();
    expect(await unreachableFilterControls(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });
});

test.describe('history and scrolling', () => {
  test(
    'loading a search page adds one history entry: one Back returns to the previous page, also after a reload',
    { tag: ONE_TENANT },
    async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto('/');
      const before = await page.evaluate(() => history.length);
      await page.goto(ALL);
      await waitForIslands(page);
      await expect(heading(page)).not.toHaveText('Loading results');
      // The router writes 300 ms after a change: give it time to (not) write.
      await page.waitForTimeout(800);
      expect(await page.evaluate(() => history.length)).toBe(before + 1);
      await page.reload();
      await expect(heading(page)).not.toHaveText('Loading results');
      await page.waitForTimeout(800);
      expect(await page.evaluate(() => history.length)).toBe(before + 1);
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
    },
  );

  test(
    'a shared URL in another order is written back in place, not as a new entry',
    { tag: ONE_TENANT },
    async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto('/');
      const before = await page.evaluate(() => history.length);
      await page.goto(`${ALL}?range[price]=20000:90000&sortBy=Car_production:price:desc`);
      await expect(heading(page)).not.toHaveText('Loading results', { timeout: 15_000 });
      await page.waitForTimeout(800);
      expect(await page.evaluate(() => history.length)).toBe(before + 1);
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
    },
  );

  test("phone: 'Show Me {count} {cars}' lands on the results heading", async ({ page }) => {
    await openSearch(page, ALL, PHONE);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    // A shopper works down the panel: every facet open, then the button at its foot.
    const closed = page.locator('#search-filters details:not([open]) > summary');
    for (let i = 0; i < 20 && (await closed.count()) > 0; i++) await closed.first().click();
    await page.getByRole('button', { name: 'Clear Filters' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: /^Show Me [\d,]+ \w+$/ }).click();
    await expect(heading(page)).toBeFocused();
    await expect(heading(page)).toBeInViewport();
    const top = await heading(page).evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
  });

  test(
    'returning from a car page restores the scroll position',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      test.skip(listed(site).length < 9, 'too few cars to scroll');
      await openSearch(page, ALL, DESKTOP);
      const card = cards(page).nth(7);
      const id = await card.getAttribute('data-car-id');
      await card.evaluate((element) =>
        window.scrollBy(0, element.getBoundingClientRect().top - 300),
      );
      await page.waitForTimeout(300);
      const top = await card.evaluate((element) => element.getBoundingClientRect().top);
      await card.getByRole('link', { name: 'View Details' }).click();
      await page.waitForURL(/\/cars\//);
      await page.goBack();
      await expect(heading(page)).not.toHaveText('Loading results');
      const again = page.locator(`.search-app article.car-card[data-car-id="${id}"]`);
      await expect
        .poll(() => again.evaluate((element) => Math.round(element.getBoundingClientRect().top)), {
          timeout: 5_000,
        })
        .toBeGreaterThan(top - 20);
      expect(await again.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(
        top + 20,
      );
    },
  );
});

test.describe('typed bounds', () => {
  test("a 'Price from' below the cheapest car stays in the URL and survives setting 'Price to'", async ({
    page,
    site,
  }) => {
    const prices = listed(site)
      .map((car) => car.price)
      .filter((price): price is number => typeof price === 'number' && price > 0);
    const cheapest = Math.min(...prices);
    const from = Math.max(1, Math.floor(cheapest / 2));
    await openSearch(page, ALL);
    await page.getByLabel('Price from').fill(String(from));
    await page.getByLabel('Price from').press('Enter');
    await expect.poll(() => decodeURIComponent(page.url())).toContain(`range[price]=${from}:`);
    await page.getByLabel('Price to').fill('90000');
    await page.getByLabel('Price to').press('Enter');
    await expect.poll(() => decodeURIComponent(page.url())).toContain(`range[price]=${from}:90000`);
    await expect(page.getByLabel('Price from')).toHaveValue(`$${from.toLocaleString('en-AU')}`);
  });

  test("a 'Kilometres from' below the lowest km shown stays in the URL", async ({ page, site }) => {
    const used = listed(site).filter(
      (car) => car.car_type === 'used' && typeof car.km === 'number',
    );
    const lowest = Math.min(...used.map((car) => car.km as number));
    test.skip(used.length === 0 || lowest < 2, 'no used stock with kilometres');
    const from = Math.floor(lowest / 2);
    await openSearch(page, '/search/used-cars');
    await page.locator('.facet[data-facet=km] summary').click();
    await page.getByLabel('Kilometres from').fill(String(from));
    await page.getByLabel('Kilometres from').press('Enter');
    await expect.poll(() => decodeURIComponent(page.url())).toContain(`range[km]=${from}:`);
    await page.getByLabel('Kilometres to').fill('500000');
    await page.getByLabel('Kilometres to').press('Enter');
    await expect.poll(() => decodeURIComponent(page.url())).toContain(`range[km]=${from}:500000`);
  });
});

test.describe("home page 'Shop by budget'", () => {
  test('the price slider pushes the all-stock search, dearest first, in the SPEC URL format', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const min = page.getByLabel('Minimum price');
    const max = page.getByLabel('Maximum price');
    // A plain form and a few lines of script: no island to wait for.
    await expect(page.locator('.budget astro-island')).toHaveCount(0);
    await min.fill('20000');
    await max.fill('60000');
    await expect(page.locator('.budget__range')).toHaveText('$20,000 to $60,000');
    // SPEC 5: the minimum never reaches the maximum.
    await min.fill('80000');
    await expect(page.locator('.budget__range')).toHaveText('$59,999 to $60,000');
    await min.fill('20000');
    const before = await page.evaluate(() => history.length);
    await page.getByRole('button', { name: 'Show Cars In My Budget' }).click();
    await page.waitForURL(/\/search\//);
    expect(page.url().replace(/^https?:\/\/[^/]+/, '')).toBe(
      '/search/new-used-and-demo-cars?sortBy=Car_production:price:desc&range[price]=20000:60000',
    );
    await waitForIslands(page);
    await expect(heading(page)).not.toHaveText('Loading results', { timeout: 15_000 });
    await expect(page.getByLabel('Sort by')).toHaveValue('Car_production:price:desc');
    await expect(page.getByLabel('Price from')).toHaveValue('$20,000');
    await expect(page.getByLabel('Price to')).toHaveValue('$60,000');
    await page.waitForTimeout(800);
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
  });
});
