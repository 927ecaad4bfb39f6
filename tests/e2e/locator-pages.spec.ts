import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { groupLocations } from '../../src/domain/location-blocks';
import { SHORT_LIST_SIZE } from '../../src/domain/location-browse';
import type { SiteData } from '../../src/site/types';

/**
 * The locator and contact pages of a large group: a short list, every other location a plain link
 * away (by state, by brand), and nothing heavy (places, the dealership list, Leaflet) fetched
 * before the shopper needs it.
 */

function groups(site: SiteData) {
  return groupLocations(site.locations);
}

/** The dealerships (location groups) a page shows as cards, by their slug. */
async function cardSlugs(page: Page): Promise<string[]> {
  return page
    .locator('[data-location-card]')
    .evaluateAll((cards) => cards.map((card) => card.id.replace(/^loc-/, '')));
}

/** The paths of every request the page makes from now on. */
function watchRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isLeaflet = (path: string) => /^\/_astro\/leaflet/.test(path);
const DATA_FILES = ['/places.json', '/dealer-locator/dealerships.json'];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/dealer-locator lists a short list, and every location by state and by brand through plain links', async ({
    page,
    site,
  }) => {
    test.setTimeout(90_000); // a page per state
    const all = groups(site);
    await page.goto('/dealer-locator');
    const byState = page.getByRole('navigation', { name: 'Locations by state' });
    if (all.length <= SHORT_LIST_SIZE) {
      expect(await cardSlugs(page)).toEqual(all.map((group) => group.slug));
      await expect(byState).toHaveCount(0);
      return;
    }
    expect(await cardSlugs(page)).toEqual(all.slice(0, SHORT_LIST_SIZE).map((group) => group.slug));
    await expect(
      page.getByText(`${SHORT_LIST_SIZE} of our ${all.length} locations are below.`),
    ).toBeVisible();

    // Each state link opens a page of that state's dealerships, as many as the link says.
    const links = await byState
      .getByRole('link')
      .evaluateAll((anchors) =>
        anchors.map((a) => ({ href: a.getAttribute('href')!, text: a.textContent!.trim() })),
      );
    const seen: string[] = [];
    for (const [index, link] of links.entries()) {
      if (index === 0) await byState.getByRole('link').first().click();
      else await page.goto(link.href);
      await expect(page).toHaveURL(new RegExp(`${link.href}$`));
      const state = link.href.split('/').pop()!.toUpperCase();
      const here = all.filter((group) => group.locations[0]!.address.state.toUpperCase() === state);
      expect(await cardSlugs(page), link.href).toEqual(here.map((group) => group.slug));
      expect(link.text).toMatch(new RegExp(`\\(${here.length}\\)$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Dealerships in /);
      await expect(
        page
          .getByRole('navigation', { name: 'Locations by state' })
          .locator('[aria-current="page"]'),
      ).toHaveAttribute('href', link.href);
      seen.push(...(await cardSlugs(page)));
    }
    expect(seen.sort()).toEqual(all.map((group) => group.slug).sort());

    // By brand: a disclosure that opens without script, each brand's dealerships on its page.
    const byBrand = page.getByRole('navigation', { name: 'Locations by brand' });
    const brands = new Set(
      all.flatMap((group) => group.locations.flatMap((location) => location.manufacturers)),
    );
    test.skip(brands.size < 2, 'one brand: the state pages list every location');
    const brand = [...brands].sort()[0]!;
    await byBrand.getByText(/^By brand/).click();
    await byBrand.getByRole('link', { name: new RegExp(`^${escape(brand)} \\(`) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${brand} Dealerships`);
    expect(await cardSlugs(page)).toEqual(
      all
        .filter((group) =>
          group.locations.some((location) => location.manufacturers.includes(brand)),
        )
        .map((group) => group.slug),
    );
  });

  test('/contact-us lists the same short list and links to the state pages', async ({
    page,
    site,
  }) => {
    const all = groups(site);
    await page.goto('/contact-us');
    expect(await cardSlugs(page)).toEqual(all.slice(0, SHORT_LIST_SIZE).map((group) => group.slug));
    const byState = page.getByRole('navigation', { name: 'Locations by state' });
    test.skip(all.length <= SHORT_LIST_SIZE, 'every location fits on the page');
    const first = byState.getByRole('link').first();
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/dealer-locator\/state\/[a-z]+$/);
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator('[data-location-card]').first()).toBeVisible();
  });
});

test('the places and the dealership list are fetched only when a shopper searches by place', async ({
  page,
  site,
}) => {
  const requested = watchRequests(page);
  await page.goto('/dealer-locator');
  await page.waitForLoadState('networkidle');
  expect(requested.filter((path) => DATA_FILES.includes(path))).toEqual([]);

  // Searching by name and changing the radius wake the locator, and still fetch neither.
  const name = page.getByLabel('Search dealerships by name');
  await name.fill(groups(site)[0]!.name.slice(0, 6));
  await expect(
    page.getByRole('listbox', { name: 'Dealerships' }).getByRole('option').first(),
  ).toBeVisible();
  await page.getByLabel('Search radius').selectOption('100');
  expect(requested.filter((path) => DATA_FILES.includes(path))).toEqual([]);

  const place = page.getByLabel('Postcode or suburb');
  await place.fill(site.locations[0]!.address.postcode);
  await place.press('Enter');
  await expect(page.locator('[data-results] > li').first()).toBeVisible();
  expect(requested.filter((path) => DATA_FILES.includes(path)).sort()).toEqual(
    [...DATA_FILES].sort(),
  );
});

test("on a phone, the map's code and markers load only when the map nears the screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const requested = watchRequests(page);
  await page.goto('/dealer-locator');
  await page.waitForLoadState('networkidle');
  const map = page.locator('.locations-map');
  await expect(map).toHaveAttribute('data-map-state', 'loading');
  expect(requested.filter(isLeaflet)).toEqual([]);
  expect(requested.filter((path) => DATA_FILES.includes(path))).toEqual([]);

  await map.scrollIntoViewIfNeeded();
  await expect(map).toHaveAttribute('data-map-state', 'ready', { timeout: 15_000 });
  expect(requested.filter(isLeaflet).length).toBeGreaterThan(0);
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(
    Number(await map.getAttribute('data-marker-count')),
  );
});
