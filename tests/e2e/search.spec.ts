import type { Page } from '@playwright/test';
import { isAvailable, isListed, soldCutoff } from '../../src/domain/stock';
import { locationSlug } from '../../src/domain/locations';
import { makeSearchPath, modelSearchPath } from '../../src/site/paths';
import { similarSearchUrl } from '../../src/site/car-links';
import type { Car } from '../../src/feeds/schemas';
import type { SiteData } from '../../src/site/types';
import { expect, test, waitForIslands } from './support/fixtures';
import { ONE_TENANT } from './support/tenants';

// Search pages load the index and hydrate a large island: give a loaded 2-core machine time.
test.describe.configure({ timeout: 90_000 });

/** Cars the site lists right now (the SPEC 7 filter again at query time), as the feed says. */
function listed(site: SiteData): Car[] {
  const cutoff = soldCutoff(Date.now(), site.tenant.stock.include_sold_cars_days);
  return site.cars.filter((car) => isListed(car, cutoff));
}

function noun(site: SiteData, count: number): string {
  const caravan = site.tenant.template === 'caravan';
  const words =
    site.tenant.labels.stock_noun ??
    (caravan ? { singular: 'Caravan', plural: 'Caravans' } : { singular: 'Car', plural: 'Cars' });
  return count === 1 ? words.singular : words.plural;
}

const resultsHeading = (page: Page) => page.locator('#search-results-heading');
const islandCards = (page: Page) =>
  page.locator('.search-app [data-search-results] article.car-card');

async function openSearch(page: Page, url: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  await waitForIslands(page);
  await expect(resultsHeading(page)).not.toHaveText('Loading results');
}

async function expectCount(page: Page, site: SiteData, count: number) {
  await expect(resultsHeading(page)).toHaveText(
    `${count.toLocaleString('en-AU')} ${noun(site, count)}`,
  );
}

/** A make with several models and some, but not all, of the stock. */
function sampleMake(site: SiteData): { make: string; model: string } {
  const counts = new Map<string, number>();
  for (const car of listed(site)) counts.set(car.make, (counts.get(car.make) ?? 0) + 1);
  const make = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  const model = listed(site).find((car) => car.make === make)!.model;
  return { make, model };
}

test.describe('search routes', () => {
  test('each SPEC route lists the right cars, with heading, title and canonical', async ({
    page,
    site,
  }) => {
    test.setTimeout(300_000); // nine routes, each a full page load
    const cars = listed(site);
    const { make, model } = sampleMake(site);
    const location = cars.find((car) => car.location)!.location!;
    const routes: Array<[string, (car: Car) => boolean]> = [
      ['/search/new-used-and-demo-cars', () => true],
      ['/search/new-cars', (car) => car.car_type === 'new'],
      ['/search/demo-cars', (car) => car.car_type === 'demo'],
      ['/search/used-cars', (car) => car.car_type === 'used'],
      ['/search/new-and-demo-cars', (car) => car.car_type !== 'used'],
      [makeSearchPath(make), (car) => car.make === make],
      [modelSearchPath(make, model), (car) => car.make === make && car.model === model],
      [`/search/${locationSlug(location)}`, (car) => car.location?.name === location.name],
    ];
    const dealership = cars.find((car) => car.dealership_slug)?.dealership_slug;
    if (dealership && dealership !== locationSlug(location))
      routes.push([`/search/${dealership}`, (car) => car.dealership_slug === dealership]);
    for (const [path, matches] of routes) {
      const expected = cars.filter(matches);
      await openSearch(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(
        new RegExp(`\\| ${site.tenant.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      );
      await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
        'href',
        `${site.tenant.url.replace(/\/$/, '')}${path}`,
      );
      if (expected.length === 0) {
        // e.g. a manufacturer without used stock: the route exists and says so.
        await expect(page.locator('.search-app').getByText('No Results Available')).toBeVisible();
        continue;
      }
      await expectCount(page, site, expected.length);
      const ids = new Set(expected.map((car) => String(car.id)));
      const shown = await islandCards(page).evaluateAll((cards) =>
        cards.map((card) => card.getAttribute('data-car-id')),
      );
      expect(shown.length, path).toBeGreaterThan(0);
      for (const id of shown) expect(ids.has(id!), `${path} shows car ${id}`).toBe(true);
      // The pre-rendered page left the document for the island's results: no text shows twice.
      await expect(page.locator('#search-static')).toHaveCount(0);
    }
  });

  test('a body type route lists cars of that body type', async ({ page, site }) => {
    const body = listed(site).find(
      (car) =>
        car.simple_body === 'SUV' || car.simple_body === 'Ute' || car.simple_body === 'Hatch',
    );
    test.skip(!body, 'no SUV, ute or hatch in stock');
    const path = `/search/${body!.simple_body!.toLowerCase()}-cars`;
    await openSearch(page, path);
    const first = islandCards(page).first();
    await expect(first).toBeVisible();
    await expect(page.locator('.facet[data-facet=body] input:checked')).toHaveCount(1);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the pre-rendered first page lists its cars with links', async ({ page, site }) => {
    // Without JavaScript the page shows the stock as it was at build time (no query-time filter).
    const builtCutoff = soldCutoff(
      Date.parse(site.builtAt),
      site.tenant.stock.include_sold_cars_days,
    );
    const cars = site.cars.filter((car) => isListed(car, builtCutoff) && car.car_type === 'used');
    test.skip(cars.length === 0, 'no used stock');
    await page.goto('/search/used-cars');
    const statics = page.locator('#search-app-root [data-search-results] article.car-card');
    await expect(statics.first()).toBeVisible();
    expect(await statics.count()).toBeLessThanOrEqual(site.tenant.search.hits_per_page);
    const href = await statics
      .first()
      .getByRole('link', { name: 'View Details' })
      .getAttribute('href');
    expect(href).toMatch(/^\/cars\/[a-z0-9-]+$/);
    const slugs = new Set(cars.map((car) => `/cars/${car.slug}`));
    expect(slugs.has(href!)).toBe(true);
    await expect(page.locator('#search-results-heading')).toHaveText(
      new RegExp(`^${cars.length.toLocaleString('en-AU')} `),
    );
  });
});

test.describe('search state in the URL', () => {
  test('a shared URL restores its filters, price range, sort and page', async ({ page, site }) => {
    const { make } = sampleMake(site);
    const cars = listed(site).filter(
      (car) =>
        car.make === make &&
        typeof car.price === 'number' &&
        car.price >= 20_000 &&
        car.price <= 90_000,
    );
    test.skip(cars.length < 2, 'too few cars for the range');
    const perPage = site.tenant.search.hits_per_page;
    const page2 = cars.length > perPage;
    const url = `/search/new-used-and-demo-cars?${page2 ? 'page=2&' : ''}sortBy=Car_production:price:desc&range[price]=20000:90000&refinementList[make][0]=${encodeURIComponent(make)}`;
    await openSearch(page, url);
    await expectCount(page, site, cars.length);
    await expect(page.getByLabel('Sort by')).toHaveValue('Car_production:price:desc');
    await expect(page.locator(`.facet[data-facet=make] input:checked`)).toHaveCount(1);
    await expect(page.getByLabel('Price from')).toHaveValue('$20,000');
    await expect(page.getByLabel('Price to')).toHaveValue('$90,000');
    if (page2)
      await expect(page.locator('.search-app .pagination [aria-current=page]')).toHaveText('2');
    const prices = await islandCards(page).locator('.price').allTextContents();
    const values = prices.map((text) => Number(text.replace(/[^\d]/g, '')));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(page.url()).toContain('range[price]=20000:90000');
  });

  test('Clear Filters clears the facets and price range, keeps the sort, and is off with nothing to clear', async ({
    page,
    site,
  }) => {
    const { make } = sampleMake(site);
    const all = listed(site);
    const clear = page.getByRole('button', { name: 'Clear Filters' });
    await openSearch(page, '/search/new-used-and-demo-cars?sortBy=Car_production:price:desc');
    await expect(clear).toBeDisabled();
    await openSearch(
      page,
      `/search/new-used-and-demo-cars?sortBy=Car_production:price:desc&range[price]=5000:250000&refinementList[make][0]=${encodeURIComponent(make)}`,
    );
    await expect(clear).toBeEnabled();
    await clear.click();
    await expectCount(page, site, all.length);
    await expect(page.locator('#search-filters input[type=checkbox]:checked')).toHaveCount(0);
    await expect(page.getByLabel('Price from')).toHaveValue('');
    await expect(page.getByLabel('Sort by')).toHaveValue('Car_production:price:desc');
    await expect(clear).toBeDisabled();
    await expect
      .poll(() => decodeURIComponent(page.url()))
      .toMatch(/sortBy=Car_production:price:desc$/);
  });

  test('facets narrow results, the URL follows, and back/forward restore', async ({
    page,
    site,
  }) => {
    const { make } = sampleMake(site);
    const all = listed(site);
    await openSearch(page, '/search/new-used-and-demo-cars');
    await expectCount(page, site, all.length);
    await page
      .locator('.facet[data-facet=make]')
      .getByLabel(new RegExp(`^${make} \\(`))
      .check();
    await expectCount(page, site, all.filter((car) => car.make === make).length);
    await expect(page).toHaveURL(/\/search\/[a-z0-9-]+(\?.*)?$/);
    await expect
      .poll(() => decodeURIComponent(page.url()))
      .toMatch(new RegExp(`refinementList\\[make\\]\\[0\\]=${make}|/search/`));
    // The router writes the URL 300 ms after a change: go back only once the refined URL is in history.
    await expect(page).not.toHaveURL(/\/search\/new-used-and-demo-cars$/);
    await page.goBack();
    await expectCount(page, site, all.length);
    await page.goForward();
    await expectCount(page, site, all.filter((car) => car.make === make).length);
  });

  test('the price fields and slider narrow results', async ({ page, site }) => {
    const all = listed(site);
    await openSearch(page, '/search/new-used-and-demo-cars');
    await page.getByLabel('Price from').fill('30000');
    await page.getByLabel('Price from').press('Enter');
    const expected = all.filter(
      (car) => typeof car.price === 'number' && car.price >= 30_000,
    ).length;
    await expectCount(page, site, expected);
    await expect(page).toHaveURL(/range%5Bprice%5D=30000%3A|range\[price\]=30000:/);
    await expect(page.getByLabel('Price from')).toHaveValue('$30,000');
    // The maximum handle moves by keyboard in steps of 500 and applies on release.
    const max = page.getByLabel('Maximum price');
    await max.focus();
    await max.press('Home');
    // SPEC 5: the maximum never goes below the minimum + 1.
    await expect(page.getByLabel('Price to')).toHaveValue('$30,001');
    await expect(page).toHaveURL(/range%5Bprice%5D=30000%3A30001|range\[price\]=30000:30001/);
  });

  test('sorting by price orders the cards and paging moves through results', async ({
    page,
    site,
  }) => {
    const all = listed(site);
    test.skip(all.length <= site.tenant.search.hits_per_page, 'one page of stock');
    await openSearch(page, '/search/new-used-and-demo-cars');
    await page.getByLabel('Sort by').selectOption('Car_production:price:asc');
    await expect(page).toHaveURL(/sortBy=Car_production(:|%3A)price(:|%3A)asc/);
    const prices = (await islandCards(page).locator('.price').allTextContents()).map((text) =>
      Number(text.replace(/[^\d]/g, '')),
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const firstIds = await islandCards(page).evaluateAll((cards) =>
      cards.map((card) => card.getAttribute('data-car-id')),
    );
    await page.getByRole('link', { name: 'Next page' }).first().click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator('.search-app .pagination [aria-current=page]')).toHaveText('2');
    await expect(resultsHeading(page)).toBeFocused();
    const secondIds = await islandCards(page).evaluateAll((cards) =>
      cards.map((card) => card.getAttribute('data-car-id')),
    );
    expect(secondIds.some((id) => firstIds.includes(id))).toBe(false);
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
  });

  test("on a phone, the 'Show Me {count} {cars}' button closes the filters onto the results", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/search/new-used-and-demo-cars');
    await waitForIslands(page);
    await expect(resultsHeading(page)).not.toHaveText('Loading results');
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const count = (await resultsHeading(page).textContent())!.match(/^[\d,]+/)![0];
    await page.getByRole('button', { name: new RegExp(`^Show Me ${count} \\w+$`) }).click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(resultsHeading(page)).toBeFocused();
  });

  test("on a phone, a condition ticked in the open panel counts on 'Show Me' at once, and the button lands on that answer's cards", async ({
    page,
    site,
  }) => {
    const byType = new Map<string, number>();
    for (const car of listed(site)) byType.set(car.car_type, (byType.get(car.car_type) ?? 0) + 1);
    test.skip(byType.size < 2, 'one condition only');
    const [type, count] = [...byType].sort((a, b) => a[1] - b[1])[0]!;
    const wanted = new Set(
      listed(site)
        .filter((car) => car.car_type === type)
        .map((car) => String(car.id)),
    );
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/search/new-used-and-demo-cars');
    await waitForIslands(page);
    await expect(resultsHeading(page)).not.toHaveText('Loading results');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const label = { new: 'New', demo: 'Demo', used: 'Used' }[type] ?? type;
    await page
      .locator('.facet[data-facet=car_type]')
      .getByLabel(new RegExp(`^${label} \\(`))
      .check();
    // The grid is out of sight below the panel: the button's count comes first, the cards after.
    const showMe = page.getByRole('button', {
      name: `Show Me ${count.toLocaleString('en-AU')} ${noun(site, count)}`,
    });
    await expect(showMe).toBeVisible();
    await showMe.click();
    await expectCount(page, site, count);
    await expect(resultsHeading(page)).toBeInViewport();
    const ids = await islandCards(page).evaluateAll((cards) =>
      cards.map((card) => card.getAttribute('data-car-id')),
    );
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => !wanted.has(id!))).toEqual([]);
  });

  test('an empty search shows the SPEC empty state', async ({ page, site }) => {
    await openSearch(page, '/search/new-used-and-demo-cars?query=zzqqxx');
    await expect(page.getByRole('heading', { name: 'No Results Available' })).toBeVisible();
    await expect(
      page.getByText(
        'No results found for your search at this time. Please try adjusting the filters for more results.',
      ),
    ).toBeVisible();
    await expect(
      page.locator('.empty-results').getByRole('link', { name: 'Clear Filters' }),
    ).toHaveAttribute('href', site.tenant.links.clear_filters);
  });
});

/** A car type and maybe a make with no listed stock between them, where other car types have some. */
function emptyCarTypeSearch(
  site: SiteData,
): { carType: string; make?: string; others: Map<string, number> } | undefined {
  const cars = listed(site);
  const counts = (list: Car[]) =>
    new Map(
      ['new', 'demo', 'used'].map((type) => [
        type,
        list.filter((car) => car.car_type === type).length,
      ]),
    );
  // A car type the site has none of (/search/used-cars on a new-car maker's site), else one a make lacks.
  for (const carType of ['used', 'demo', 'new'])
    if (counts(cars).get(carType) === 0) return { carType, others: counts(cars) };
  for (const carType of ['used', 'demo', 'new'])
    for (const make of new Set(cars.map((car) => car.make))) {
      const ofMake = cars.filter((car) => car.make === make);
      if (counts(ofMake).get(carType) === 0) return { carType, make, others: counts(ofMake) };
    }
  return undefined;
}

test.describe('empty car-type search', () => {
  test('points at the car types that are in stock for the same search, with their counts', async ({
    page,
    site,
    expectAccessible,
  }) => {
    const empty = emptyCarTypeSearch(site)!;
    expect(empty, `${site.tenant.slug} has a car-type search with no stock`).toBeDefined();
    const query = empty.make
      ? `?refinementList%5Bmake%5D%5B0%5D=${encodeURIComponent(empty.make)}`
      : '';
    await openSearch(page, `/search/${empty.carType}-cars${query}`);
    await expectCount(page, site, 0);
    const card = page.locator('.empty-results');
    await expect(card.getByRole('heading', { name: 'No Results Available' })).toBeVisible();
    const label = { new: 'New', demo: 'Demo', used: 'Used' } as Record<string, string>;
    const offered = [...empty.others].filter(
      ([type, count]) => type !== empty.carType && count > 0,
    );
    expect(offered.length).toBeGreaterThan(0);
    const links = card.getByRole('list').getByRole('link');
    await expect(links).toHaveText(
      offered.map(
        ([type, count]) => `${count.toLocaleString('en-AU')} ${label[type]} ${noun(site, count)}`,
      ),
    );
    // SPEC 8's Clear Filters stays.
    await expect(card.getByRole('link', { name: 'Clear Filters' })).toHaveAttribute(
      'href',
      site.tenant.links.clear_filters,
    );
    if (!empty.make)
      await expect(links.first()).toHaveAttribute('href', `/search/${offered[0]![0]}-cars`);
    await expectAccessible(page);

    // On a phone too, nothing runs off the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    await expect(links.first()).toBeInViewport();

    // The first leads to that stock, the rest of the search kept.
    await links.first().click();
    await expect(page).toHaveURL(new RegExp(`/search/${offered[0]![0]}-cars`));
    await waitForIslands(page);
    await expectCount(page, site, offered[0]![1]);
  });
});

test.describe('result grid', () => {
  test('cards: SPEC buttons, 3 or 4 per row, sold runs collapsed, promo positions', async ({
    page,
    site,
  }) => {
    await openSearch(page, '/search/new-used-and-demo-cars');
    const grid = page.locator('.search-app [data-search-results]');
    const columns = await grid.evaluate(
      (element) => getComputedStyle(element).gridTemplateColumns.split(' ').length,
    );
    expect(columns).toBe(site.tenant.search.cards_per_row);

    const card = islandCards(page)
      .filter({ hasNot: page.locator('[data-sold]') })
      .first();
    await expect(card.getByRole('link', { name: 'View Details' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Enquire' })).toHaveAttribute('href', /#enquire$/);
    await expect(card.getByRole('link', { name: 'Book a Test Drive' })).toHaveAttribute(
      'href',
      new RegExp(`^${site.tenant.links.test_drive}\\?car_id=`),
    );
    await expect(card.getByRole('link', { name: site.tenant.labels.finance_button })).toBeVisible();

    // Sold cars: never two in a row on a page that has unsold cars.
    const sold = await grid
      .locator(':scope > li')
      .evaluateAll((items) =>
        items
          .filter((item) => !item.classList.contains('results-grid__promo'))
          .map((item) => item.querySelector('[data-sold]') !== null),
      );
    if (sold.some((value) => !value))
      for (let i = 1; i < sold.length; i++)
        expect(sold[i] && sold[i - 1], `cards ${i} and ${i + 1} both sold`).toBe(false);

    const now = Date.now();
    const promos = site.tenant.promos.cards.filter(
      (card) =>
        card.display !== false &&
        (!card.start || Date.parse(card.start) <= now) &&
        (!card.expiry || Date.parse(card.expiry) > now),
    );
    const positions = await grid
      .locator(':scope > li')
      .evaluateAll((items) =>
        items
          .map((item, index) => (item.classList.contains('results-grid__promo') ? index + 1 : 0))
          .filter(Boolean),
      );
    const placement = site.tenant.promos.placement;
    if (!promos.length) expect(positions).toEqual([]);
    else if (placement.rule === 'positions')
      expect(positions).toEqual(
        placement.positions.filter((position) => position <= sold.length + positions.length),
      );
    else if (placement.rule === 'every')
      expect(positions).toEqual(positions.map((_, index) => (index + 1) * placement.every));
    else {
      expect(positions).toHaveLength(1);
      expect(positions[0]).toBeGreaterThanOrEqual(placement.min);
      expect(positions[0]).toBeLessThanOrEqual(placement.max);
    }
  });

  test('cars not for sale offer Find Me Something Similar', async ({ page, site }) => {
    const sold = listed(site).find((car) => !isAvailable(car));
    test.skip(!sold, 'no sold cars listed');
    await openSearch(
      page,
      `${modelSearchPath(sold!.make, sold!.model)}?query=${encodeURIComponent(sold!.stocknum ?? sold!.name)}`,
    );
    const card = page.locator(`.search-app article[data-car-id="${sold!.id}"]`);
    // Cars like it that are for sale (same body type and price window), not the same sold model again.
    await expect(card.getByRole('link', { name: 'Find Me Something Similar' })).toHaveAttribute(
      'href',
      similarSearchUrl(sold!),
    );
    await expect(card.getByRole('link', { name: 'Enquire' })).toHaveCount(0);
    await expect(card.locator('.car-card__tag')).toHaveText(site.tenant.labels.sold_tag);
  });

  test(
    'the favourite heart toggles and is remembered',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      test.skip(!site.tenant.features.favourites, 'favourites are off for this site');
      await openSearch(page, '/search/new-used-and-demo-cars');
      // The first card with a heart (SPEC 5: only cars with a price and an image have one); the
      // order is the same after a reload.
      const heart = () =>
        page
          .locator('.search-app')
          .getByRole('button', { name: /^Favourite / })
          .first();
      await expect(heart()).toHaveAttribute('aria-pressed', 'false');
      await heart().click();
      await expect(heart()).toHaveAttribute('aria-pressed', 'true');
      // Reloaded at once: a tap the page answered before the app woke is already saved (src/islands/early-press.ts).
      await page.reload();
      await expect(heart()).toHaveAttribute('aria-pressed', 'true');
    },
  );

  test(
    'a search page view records event 49 with its route',
    { tag: ONE_TENANT },
    async ({ page }) => {
      // Demo tenants drop analytics; serve this page with the console sink so the event can be read.
      await page.route('**/search/used-cars', async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          /<html([^>]*) data-analytics-sink="[a-z]*"/,
          '<html$1 data-analytics-sink="console"',
        );
        await route.fulfill({ response, body });
      });
      const views: unknown[] = [];
      page.on('console', async (message) => {
        if (message.text().startsWith('[analytics] 49'))
          views.push(await message.args()[2]?.jsonValue());
      });
      await openSearch(page, '/search/used-cars');
      await expect.poll(() => views).toEqual([{ path: '/search/used-cars' }]);
    },
  );

  test(
    'when the search fails the pre-rendered results stay and an error shows',
    { tag: ONE_TENANT },
    async ({ page }) => {
      await page.route('**/search-index.json', (route) => route.abort());
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/search/new-used-and-demo-cars');
      // The app loads its code and the index on the shopper's first interaction.
      await page.getByLabel('Search stock').fill('a');
      await expect(page.getByRole('alert')).toContainText('couldn’t update the results', {
        timeout: 15_000,
      });
      await expect(islandCards(page).first()).toBeVisible();
      // No page links to pages it cannot fetch.
      await expect(page.locator('.search-results > .pagination')).toHaveCount(0);
    },
  );

  test('the search page is accessible', async ({ page, expectAccessible }) => {
    await openSearch(page, '/search/new-used-and-demo-cars');
    await expectAccessible(page);
  });
});
