import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { canCompare } from '../../src/domain/compare-eligibility';
import { formatKm, formatPrice } from '../../src/domain/format';
import { isAvailable, isListed, soldCutoff } from '../../src/domain/stock';
import type { Car } from '../../src/feeds/schemas';
import type { SiteData } from '../../src/site/types';
import { expect, test, waitForIslands } from './support/fixtures';

// Search pages load the index and hydrate a large island: give a loaded 2-core machine time.
test.describe.configure({ timeout: 120_000 });

const SEARCH = '/search/new-used-and-demo-cars';
const imageOf = (car: Car) =>
  car.primary_image_url ??
  car.images[0]?.image.thumb?.url ??
  car.images[0]?.image.url ??
  car.thumbnails?.[0];

/** Listed, available cars the site offers to compare, as the feed says. */
function eligible(site: SiteData): Car[] {
  const cutoff = soldCutoff(Date.now(), site.tenant.stock.include_sold_cars_days);
  return site.cars.filter(
    (car) =>
      isListed(car, cutoff) &&
      isAvailable(car) &&
      canCompare({ price: car.price, image: imageOf(car) }),
  );
}

const compareCount = (page: Page) => page.locator('[data-compare-count]');
const live = (page: Page) => page.locator('[data-compare-live]');
const cardCompare = (page: Page) =>
  page.locator('.search-app [data-search-results] article.car-card button', { hasText: 'Compare' });
const carPageCompare = (page: Page) =>
  page.locator('.vehicle__tools button', { hasText: 'Compare' });

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test.describe(`compare at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('choose cars from search and car pages, compare their figures, remove one, keep the list, stop at 3', async ({
      page,
      site,
      expectAccessible,
    }) => {
      test.skip(
        !site.tenant.features.compare,
        'this site has no compare (features.compare is off)',
      );
      const byId = new Map(site.cars.map((car) => [String(car.id), car]));

      // Two cars from the search results.
      await page.goto(SEARCH);
      await waitForIslands(page);
      await expect(cardCompare(page).first()).toBeVisible({ timeout: 30_000 });
      const chosen: string[] = [];
      for (const index of [0, 1]) {
        const button = cardCompare(page).nth(index);
        const id = await button.locator('xpath=ancestor::article').getAttribute('data-car-id');
        await button.click();
        await expect(button).toHaveAttribute('aria-pressed', 'true');
        chosen.push(id!);
      }
      await expect(compareCount(page)).toHaveText('2');
      await expect(live(page)).toHaveText(
        `Added ${byId.get(chosen[1]!)!.name} to compare (2 of 3).`,
      );

      // A third from its own page.
      const others = eligible(site).filter((car) => !chosen.includes(String(car.id)));
      const third = others[0]!;
      await page.goto(`/cars/${third.slug}`);
      await expect(compareCount(page)).toHaveText('2');
      await carPageCompare(page).click();
      await expect(carPageCompare(page)).toHaveAttribute('aria-pressed', 'true');
      await expect(compareCount(page)).toHaveText('3');
      chosen.push(String(third.id));

      // A fourth is refused, with the limit and how to make room.
      const fourth = others[1]!;
      await page.goto(`/cars/${fourth.slug}`);
      await carPageCompare(page).click();
      await expect(page.locator('.compare-toggle__full')).toContainText(
        'You can compare up to 3 cars. Remove one first',
      );
      await expect(live(page)).toContainText('You can compare up to 3 cars');
      await expect(carPageCompare(page)).toHaveAttribute('aria-pressed', 'false');
      await expect(compareCount(page)).toHaveText('3');

      // The comparison: one column per car, in the order chosen, with the feed's figures.
      await page.locator('a.compare-link').click();
      await expect(page).toHaveURL(/\/compare$/);
      const columns = page.locator('.compare-table thead th[scope=col]');
      await expect(columns).toHaveCount(3);
      expect(
        await columns.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-car-id'))),
      ).toEqual(chosen);
      const row = (key: string) => page.locator(`.compare-table tr[data-row=${key}] td`);
      for (const [index, id] of chosen.entries()) {
        const car = byId.get(id)!;
        await expect(columns.nth(index).getByRole('link', { name: car.name })).toHaveAttribute(
          'href',
          `/cars/${car.slug}`,
        );
        await expect(row('price').nth(index)).toContainText(formatPrice(car.price!));
        await expect(row('year').nth(index)).toHaveText(String(car.year));
        if (typeof car.km === 'number')
          await expect(row('km').nth(index)).toHaveText(formatKm(car.km));
        const transmission = car.trans ?? car.simple_transmission;
        if (transmission) await expect(row('transmission').nth(index)).toHaveText(transmission);
        if (typeof car.seats === 'number')
          await expect(row('seats').nth(index)).toHaveText(String(car.seats));
      }
      await expect(page.locator('.compare-table tbody th[scope=row]')).toHaveText([
        'Price',
        'Weekly estimate',
        'Year',
        'Odometer',
        'Body',
        'Transmission',
        'Fuel',
        'Fuel consumption (combined)',
        'Engine',
        'Seats',
        'ANCAP rating',
        'Towing capacity (braked)',
      ]);
      // On a phone the table scrolls in its own box: the page itself never scrolls sideways.
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      await expectAccessible(page);
      mkdirSync('test-results', { recursive: true });
      await page.screenshot({ path: `test-results/compare-${viewport.name}.png`, fullPage: true });

      // Remove the middle car; the list survives a reload.
      const removed = byId.get(chosen[1]!)!;
      await page.getByRole('button', { name: `Remove ${removed.name}` }).click();
      await expect(columns).toHaveCount(2);
      await expect(live(page)).toHaveText(`Removed ${removed.name} from compare (2 of 3).`);
      await expect(compareCount(page)).toHaveText('2');
      await page.reload();
      await expect(columns).toHaveCount(2);
      expect(
        await columns.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-car-id'))),
      ).toEqual([chosen[0], chosen[2]]);

      // Remove the rest: the empty state.
      for (const id of [chosen[0]!, chosen[2]!])
        await page.getByRole('button', { name: `Remove ${byId.get(id)!.name}` }).click();
      await expect(page.getByRole('heading', { name: 'No cars to compare yet' })).toBeVisible();
      await expect(compareCount(page)).toHaveText('0');
    });

    test('a site without compare shows no Compare control and no link to it', async ({
      page,
      site,
    }) => {
      test.skip(site.tenant.features.compare, 'this site offers compare');
      await page.goto(SEARCH);
      await waitForIslands(page);
      await expect(
        page.locator('.search-app [data-search-results] article.car-card').first(),
      ).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('button', { name: /^Compare\b/ })).toHaveCount(0);
      await expect(page.locator('a[href="/compare"]')).toHaveCount(0);
      await page.goto(`/cars/${eligible(site)[0]!.slug}`);
      await expect(page.getByRole('button', { name: /^Compare\b/ })).toHaveCount(0);
      await expect(page.locator('a[href="/compare"]')).toHaveCount(0);
    });
  });
}

test.describe('/compare at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the photos start right under the caption, whatever the lengths of the names', async ({
    page,
    site,
  }) => {
    // The two shortest names and the longest: the long one wraps to several more lines.
    const byLength = eligible(site).sort((a, b) => a.name.length - b.name.length);
    const cars = [byLength[0], byLength[1], byLength.at(-1)].filter(
      (car): car is Car => car !== undefined,
    );
    await page.goto('/robots.txt');
    await page.evaluate(
      ([key, text]) => localStorage.setItem(key!, text!),
      [
        'compare',
        JSON.stringify(cars.map((car) => ({ id: String(car.id), name: car.name, slug: car.slug }))),
      ],
    );
    await page.goto('/compare');
    await waitForIslands(page);
    if (!site.tenant.features.compare) {
      await expect(page.getByText('Comparing cars is not offered on this site.')).toBeVisible();
      return;
    }
    await expect(page.getByText('Comparing 3 cars')).toBeVisible();
    const photos = page.locator('.compare-table thead img');
    await expect(photos).toHaveCount(3);
    const caption = (await page.locator('.compare-table caption').boundingBox())!;
    const tops = await photos.evaluateAll((images) =>
      images.map((image) => image.getBoundingClientRect().top),
    );
    for (const top of tops) expect(top - (caption.y + caption.height)).toBeLessThan(16);
  });
});

// The list lives in this browser's storage and the server renders /compare without it: React must
// not find its first render different from the HTML (error #418), whatever the storage holds.
test.describe('/compare hydrates without errors', () => {
  const stored: [string, (site: SiteData) => string][] = [
    [
      'two cars chosen',
      (site) =>
        JSON.stringify(
          eligible(site)
            .slice(0, 2)
            .map((car) => ({ id: String(car.id), name: car.name, slug: car.slug })),
        ),
    ],
    [
      'a car no longer listed',
      () => JSON.stringify([{ id: 'gone-1', name: '2001 Gone Car', slug: 'gone-car-1' }]),
    ],
    ['text that is not JSON', () => 'not json {'],
    ['foreign JSON', () => JSON.stringify({ cars: [1, 2], version: 3 })],
    ['a foreign list', () => JSON.stringify([1, 'x', { id: 5 }, null])],
  ];
  for (const [name, value] of stored) {
    test(`with ${name} in localStorage`, async ({ page, site }) => {
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto('/robots.txt');
      await page.evaluate(
        ([key, text]) => localStorage.setItem(key!, text!),
        ['compare', value(site)],
      );
      await page.goto('/compare');
      await waitForIslands(page);
      if (!site.tenant.features.compare)
        await expect(page.getByText('Comparing cars is not offered on this site.')).toBeVisible();
      else if (name === 'two cars chosen')
        await expect(page.locator('.compare-table thead th[data-car-id]')).toHaveCount(2);
      else if (name === 'a car no longer listed')
        await expect(page.getByText('2001 Gone Car is no longer listed.')).toBeVisible();
      else
        await expect(page.getByRole('heading', { name: 'No cars to compare yet' })).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});
