import type { Page } from '@playwright/test';
import { expect, test, waitForIslands } from './support/fixtures';
import { ONE_TENANT } from './support/tenants';
import { groupLocations } from '../../src/domain/location-blocks';
import { SHORT_LIST_SIZE } from '../../src/domain/location-browse';
import {
  availableHoursTypes,
  departmentHours,
  HOURS_TYPE_LABELS,
  hoursLines,
} from '../../src/domain/hours';
import { selectReviews } from '../../src/domain/reviews';
import { bodyFilters, defaultBody, modelsForBody } from '../../src/domain/model-range';
import { listedOffers, runningOffers } from '../../src/domain/offers';
import { defaultPromoExpiry, isPromoShown } from '../../src/domain/promos';
import { modelListingPath } from '../../src/site/paths';
import type { PlaceData } from '../../src/domain/places';
import type { SiteData } from '../../src/site/types';

const EARTH_RADIUS_KM = 6371;

/** Haversine written out here, independent of the site's own module. */
function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

function groups(site: SiteData) {
  return groupLocations(site.locations);
}

async function placeData(page: Page): Promise<PlaceData> {
  const response = await page.request.get('/places.json');
  expect(response.ok()).toBe(true);
  return (await response.json()) as PlaceData;
}

test.describe('dealer locator', () => {
  for (const path of ['/dealer-locator', '/dealerships', '/find-my-dealer']) {
    test(`${path} answers with the locator`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Find a Dealer' })).toBeVisible();
    });
  }

  test('a postcode lists the 5 nearest dealerships within 250 km, nearest first', async ({
    page,
    site,
  }) => {
    await page.goto('/dealer-locator');
    await waitForIslands(page);
    const places = await placeData(page);
    const postcode = site.locations[0]!.address.postcode;
    const [lat, lng] = places.postcodes[postcode]!;
    const expected = groups(site)
      .map((group) => ({
        name: group.name,
        km: distanceKm(
          { lat, lng },
          { lat: group.locations[0]!.address.lat!, lng: group.locations[0]!.address.long! },
        ),
      }))
      .filter((entry) => entry.km <= 250)
      .sort((a, b) => a.km - b.km)
      .slice(0, 5)
      .map((entry) => entry.name);
    expect(expected.length).toBeGreaterThan(0);

    await page.getByLabel('Postcode or suburb').fill(postcode);
    await page.getByLabel('Postcode or suburb').press('Enter');
    const results = page.locator('[data-results] > li .dealer-locator__name');
    await expect(results).toHaveText(expected);
    await expect(page.getByLabel('Search radius')).toHaveValue('250');
    await expect(
      page.getByRole('heading', { name: new RegExp(`nearest dealerships? within 250 km`) }),
    ).toBeVisible();
  });

  test("'Find my nearest dealership' lists at most 5 within the default 50 km, nearest first", async ({
    page,
    site,
    context,
  }) => {
    // Stand at the dealership with the most others within 50 km: on a group site, more than 5.
    const points = groups(site)
      .map((group) => ({
        name: group.name,
        lat: group.locations[0]!.address.lat,
        lng: group.locations[0]!.address.long,
      }))
      .filter(
        (point): point is { name: string; lat: number; lng: number } =>
          typeof point.lat === 'number' && typeof point.lng === 'number',
      );
    test.skip(points.length === 0, 'no dealership with coordinates');
    const within = (at: { lat: number; lng: number }) =>
      points
        .map((point) => ({ name: point.name, km: distanceKm(at, point) }))
        .filter((entry) => entry.km <= 50)
        .sort((a, b) => a.km - b.km);
    const here = points.reduce((best, point) =>
      within(point).length > within(best).length ? point : best,
    );
    const expected = within(here)
      .slice(0, 5)
      .map((entry) => entry.name);

    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: here.lat, longitude: here.lng });
    await page.goto('/dealer-locator');
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Find my nearest dealership' }).click();
    await expect(page.locator('[data-results] > li .dealer-locator__name')).toHaveText(expected);
    await expect(
      page.getByRole('heading', {
        name: `${expected.length} nearest ${expected.length === 1 ? 'dealership' : 'dealerships'} within 50 km`,
      }),
    ).toBeVisible();
  });

  test('the radius select offers the SPEC options, 50 km by default', async ({ page }) => {
    await page.goto('/dealer-locator');
    await waitForIslands(page);
    const radius = page.getByLabel('Search radius');
    await expect(radius).toHaveValue('50');
    await expect(radius.locator('option')).toHaveText([
      '25 km',
      '50 km',
      '75 km',
      '100 km',
      '150 km',
      '250 km',
      '500 km',
      '750 km',
      '1000 km',
    ]);
  });

  test("an unknown postcode says 'Invalid postcode'", async ({ page }) => {
    await page.goto('/dealer-locator');
    await waitForIslands(page);
    const input = page.getByLabel('Postcode or suburb');
    await input.fill('0000');
    await input.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Invalid postcode');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('[data-results] > li')).toHaveCount(0);
  });

  test(
    'suburb suggestions appear after typing and can be chosen by keyboard',
    { tag: ONE_TENANT },
    async ({ page }) => {
      await page.goto('/dealer-locator');
      await waitForIslands(page);
      const input = page.getByLabel('Postcode or suburb');
      await input.pressSequentially('Capalab');
      const option = page.getByRole('option', { name: /^Capalaba QLD 4157/ });
      await expect(option).toBeVisible();
      await input.press('ArrowDown');
      await input.press('Enter');
      await expect(input).toHaveValue(/Capalaba QLD 4157/);
      await expect(page.getByLabel('Search radius')).toHaveValue('250');
    },
  );

  test('dealership autocomplete filters by name and shows the chosen one', async ({
    page,
    site,
  }) => {
    await page.goto('/dealer-locator');
    await waitForIslands(page);
    const target = groups(site).at(-1)!;
    const input = page.getByLabel('Search dealerships by name');
    await input.fill(target.name.slice(-8).toUpperCase());
    const option = page
      .getByRole('option', {
        name: new RegExp(`^${target.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      })
      .first();
    await expect(option).toBeVisible();
    await option.click();
    await expect(page.locator('[data-results] > li .dealer-locator__name')).toHaveText([
      target.name,
    ]);
  });

  test(
    "a failed locations fetch logs 'Failed to fetch locations', offers no dealerships, and the page still works",
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      let aborted = 0;
      await page.route('**/api/manufacturer-locations', async (route) => {
        aborted += 1;
        await route.abort('failed');
      });
      await page.goto('/dealer-locator');
      await waitForIslands(page);
      const input = page.getByLabel('Search dealerships by name');
      await input.fill(groups(site)[0]!.name.slice(0, 4));
      await expect.poll(() => errors).toContain('Failed to fetch locations');
      expect(aborted).toBe(1);
      await expect(
        page.getByRole('listbox', { name: 'Dealerships' }).getByRole('option'),
      ).toHaveCount(0);
      await expect(input).toHaveAttribute('aria-expanded', 'false');
      // The browser's own 'Failed to load resource' line aside, nothing else went wrong.
      expect(
        errors.filter(
          (text) =>
            text !== 'Failed to fetch locations' && !text.startsWith('Failed to load resource'),
        ),
      ).toEqual([]);
      // The rest of the locator still works: a postcode search lists dealerships.
      const postcode = page.getByLabel('Postcode or suburb');
      await postcode.fill(site.locations[0]!.address.postcode);
      await postcode.press('Enter');
      await expect(page.locator('[data-results] > li').first()).toBeVisible();
    },
  );

  test('map markers are numbered only when there are fewer than 10', async ({ page, site }) => {
    await page.goto('/dealer-locator');
    const map = page.locator('.locations-map');
    await map.scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute('data-map-state', 'ready', { timeout: 15_000 });
    const count = groups(site).length;
    const markers = page.locator('.leaflet-marker-icon');
    await expect(markers).toHaveCount(count);
    if (count < 10) {
      await expect(markers).toHaveText(Array.from({ length: count }, (_, i) => String(i + 1)));
    } else {
      await expect(page.locator('.map-marker--numbered')).toHaveCount(0);
      await expect(page.locator('.location-card__number')).toHaveCount(0);
    }
    // Offline: tiles fail, yet every location is listed as a card: here, or past the short list
    // on the state pages (locator-pages.spec.ts).
    await expect(page.locator('[data-location-card]')).toHaveCount(
      Math.min(count, SHORT_LIST_SIZE),
    );
    // Nearby dealerships' markers overlap at country zoom: whichever is on top opens its popup.
    await markers.first().click({ force: true });
    await expect(
      page.locator('.leaflet-popup').getByRole('link', { name: 'View Location Details' }),
    ).toBeVisible();
  });
});

test.describe('location pages', () => {
  test('cards: grid of 4 columns when more than 3, sorted groups, JSON-LD AutoDealer per location shown', async ({
    page,
    site,
  }) => {
    await page.goto('/contact-us');
    // A large group shows a short list; the rest are on the state pages (locator-pages.spec.ts).
    const shown = groups(site).slice(0, SHORT_LIST_SIZE);
    const cards = page.locator('[data-location-card]');
    await expect(cards).toHaveCount(shown.length);
    expect(await cards.evaluateAll((list) => list.map((card) => card.id))).toEqual(
      shown.map((group) => `loc-${group.slug}`),
    );
    if (shown.length > 1) {
      await expect(page.locator('.locations__grid')).toHaveAttribute(
        'data-columns',
        String(shown.length > 3 ? 4 : shown.length),
      );
    }
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const dealers = jsonLd
      .map(
        (text) =>
          JSON.parse(text) as {
            '@type': string;
            telephone?: string;
            geo?: unknown;
            address?: unknown;
          },
      )
      .filter((data) => data['@type'] === 'AutoDealer');
    expect(dealers).toHaveLength(shown.flatMap((group) => group.locations).length);
    for (const dealer of dealers) {
      expect(dealer.address).toBeTruthy();
      expect(dealer.geo).toBeTruthy();
    }
  });

  test("hours collapse Mon - Fri, the type selector switches department, 'View Holiday Hours' opens the dialog", async ({
    page,
    site,
  }) => {
    const group = groups(site).find((g) => g.locations.length > 1) ?? groups(site)[0]!;
    await page.goto(`/contact-us/${group.slug}`);
    const card = page.locator('[data-location-card]').first();
    const sales = departmentHours(group.locations, 'sales')!;
    const lines = hoursLines(sales, {
      saturdayByAppointment: site.tenant.locator.saturday_by_appointment.includes('sales'),
    });
    const panel = card.locator('[data-hours-type="sales"]');
    await expect(panel.locator('tbody th')).toHaveText(lines.map((line) => line.day));
    await expect(panel.locator('tbody td')).toHaveText(lines.map((line) => line.hours));
    await expect(panel.locator('[data-open-now]')).toHaveText(/^(Open now|Closed now)$/);

    const service = departmentHours(group.locations, 'service');
    if (service) {
      await card.getByLabel('Department').selectOption('service');
      const servicePanel = card.locator('[data-hours-type="service"]');
      await expect(servicePanel).toBeVisible();
      await expect(panel).toBeHidden();
      const serviceLines = hoursLines(service, {
        saturdayByAppointment: site.tenant.locator.saturday_by_appointment.includes('service'),
      });
      await expect(servicePanel.locator('tbody td')).toHaveText(
        serviceLines.map((line) => line.hours),
      );
    }

    const ids = new Set(group.locations.map((l) => l.id));
    const holidays = site.specialHours.filter(
      (entry) => ids.has(entry.location_id) && entry.date >= site.builtAt.slice(0, 10),
    );
    test.skip(holidays.length === 0, 'no upcoming holidays for this location');
    await card.getByRole('button', { name: 'View Holiday Hours' }).click();
    const dialog = page.getByRole('dialog', { name: `Holiday Opening Hours: ${group.name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('tbody tr').first()).toContainText(
      holidays.map((h) => h.name ?? '').find(Boolean) ?? '',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a map popup shows the location name, address, phone link and opening hours', async ({
    page,
    site,
  }) => {
    const group = groups(site).find(
      (g) => availableHoursTypes(g.locations).length > 0 && g.locations[0]!.contact_detail.phone,
    )!;
    const main = group.locations[0]!;
    const { default_hours_type: preferred, saturday_by_appointment: byAppointment } =
      site.tenant.locator;
    const types = availableHoursTypes(group.locations);
    const type = types.includes(preferred) ? preferred : types[0]!;
    const lines = hoursLines(departmentHours(group.locations, type)!, {
      saturdayByAppointment: byAppointment.includes(type),
    });

    await page.goto(`/contact-us/${group.slug}`);
    const map = page.locator('.locations-map');
    await map.scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute('data-map-state', 'ready', { timeout: 15_000 });
    await page.locator('.leaflet-marker-icon').click({ force: true });
    const popup = page.locator('.leaflet-popup');
    await expect(popup.locator('strong')).toHaveText(group.name);
    await expect(popup).toContainText(
      `${main.address.city} ${main.address.state} ${main.address.postcode}`,
    );
    await expect(popup.locator('a[href^="tel:"]')).toHaveAttribute('href', /^tel:\+?\d{8,}$/);
    await expect(popup.locator('.map-popup__hours-title')).toHaveText(
      `${HOURS_TYPE_LABELS[type]} Opening Hours`,
    );
    await expect(popup.locator('.map-popup__hours dt')).toHaveText(lines.map((line) => line.day));
    await expect(popup.locator('.map-popup__hours dd')).toHaveText(lines.map((line) => line.hours));
  });

  test("closed Saturday reads 'By appointment only' where the tenant says so", async ({
    page,
    site,
  }) => {
    const types = site.tenant.locator.saturday_by_appointment;
    const match = groups(site).flatMap((group) =>
      types.flatMap((type) => {
        const hours = departmentHours(group.locations, type);
        return hours?.some((entry) => entry.weekday === 6 && entry.status === 'Closed')
          ? [{ group, type }]
          : [];
      }),
    )[0];
    test.skip(!match, 'no closed Saturday configured as by appointment on this tenant');
    await page.goto(`/contact-us/${match!.group.slug}`);
    const panel = page.locator(`[data-location-card] [data-hours-type="${match!.type}"]`).first();
    await expect(panel.locator('tr', { hasText: 'Saturday' }).locator('td')).toHaveText(
      'By appointment only',
    );
  });

  test("'View Location Details' opens /our-location/{slug}; 'View Our Stock' links to /search/{location-slug}", async ({
    page,
    site,
  }) => {
    const location = site.locations[0]!;
    await page.goto(`/locations/${location.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: location.name })).toBeVisible();
    await page.goto('/contact-us');
    const card = page.locator('[data-location-card]').first();
    const details = card.getByRole('link', { name: /View Location Details/ });
    const href = await details.getAttribute('href');
    expect(href).toMatch(/^\/our-location\/[a-z0-9-]+$/);
    await details.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator('[data-location-card]')).toHaveCount(1);
    await expect(page.getByRole('link', { name: /View Our Stock/ }).first()).toHaveAttribute(
      'href',
      /^\/search\/[a-z0-9-]+$/,
    );
  });

  test('/contact and /contact-us/{slug} exist for every group', async ({ page, site }) => {
    expect((await page.goto('/contact'))?.status()).toBe(200);
    for (const group of groups(site).slice(0, 5)) {
      expect((await page.request.get(`/contact-us/${group.slug}`)).status()).toBe(200);
      expect(group.slug).not.toMatch(/-(sales|service|parts)$/);
    }
  });
});

test.describe('reviews', () => {
  test('shown reviews follow the filters; the carousel starts at 3 and works by keyboard', async ({
    page,
    site,
  }) => {
    const shown = selectReviews(site.reviews, site.tenant.reviews);
    test.skip(!site.tenant.features.reviews || shown.length === 0, 'no reviews on this tenant');
    await page.goto('/');
    const block = page.locator('.reviews-block');
    await block.scrollIntoViewIfNeeded();
    await waitForIslands(page);
    if (shown.length <= 3) {
      await expect(block.locator('.review__name')).toHaveText(
        shown.map((review) => review.customer_name),
      );
      return;
    }
    const carousel = block.getByRole('region', { name: 'Customer reviews' });
    const slide = carousel.locator('[aria-roledescription="slide"]');
    await expect(slide).toHaveAttribute('aria-label', `3 of ${shown.length}`);
    await expect(slide.locator('.review__name')).toHaveText(shown[2]!.customer_name);

    // Keyboard: focusing a control pauses the rotation; Previous is disabled at the start.
    const previous = carousel.getByRole('button', { name: 'Previous review' });
    const next = carousel.getByRole('button', { name: 'Next review' });
    await previous.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(slide).toHaveAttribute('aria-label', `1 of ${shown.length}`);
    await expect(previous).toBeDisabled();
    const names = [await slide.locator('.review__name').textContent()];
    await next.focus();
    for (let i = 1; i < shown.length; i++) {
      await page.keyboard.press('Enter');
      names.push(await slide.locator('.review__name').textContent());
    }
    await expect(next).toBeDisabled();
    expect(names).toEqual(shown.map((review) => review.customer_name));
    const text = await carousel.textContent();
    expect(text).not.toContain('Translated');
  });

  test('the review summary counts and averages the reviews shown, not the ones the SPEC 5 rules leave out', async ({
    page,
    site,
  }) => {
    const shown = selectReviews(site.reviews, site.tenant.reviews);
    test.skip(!site.tenant.features.reviews || shown.length === 0, 'no reviews on this tenant');
    const average = (shown.reduce((sum, review) => sum + review.rating, 0) / shown.length).toFixed(
      1,
    );
    await page.goto('/');
    const block = page.locator('.reviews-block');
    await block.scrollIntoViewIfNeeded();
    await expect(block.locator('.reviews__summary')).toHaveText(
      `${average} from ${shown.length} ${shown.length === 1 ? 'review' : 'reviews'}`,
    );
    await expect(block.locator('.reviews__summary [role="img"]')).toHaveAttribute(
      'aria-label',
      `Rated ${average} out of 5`,
    );
    if (shown.length <= 3) await expect(block.locator('.review')).toHaveCount(shown.length);
    else
      await expect(block.locator('[aria-roledescription="slide"]')).toHaveAttribute(
        'aria-label',
        new RegExp(` of ${shown.length}$`),
      );
  });

  test("long reviews expand with 'View more' and collapse with 'View less'", async ({
    page,
    site,
  }) => {
    const shown = selectReviews(site.reviews, site.tenant.reviews);
    const index = shown.findIndex((review) => (review.text ?? '').length > 160);
    test.skip(index < 0, 'no review over 160 characters');
    await page.goto('/');
    await page.locator('.reviews-block').scrollIntoViewIfNeeded();
    await waitForIslands(page);
    const carousel = page.getByRole('region', { name: 'Customer reviews' });
    if (shown.length > 3) {
      await carousel.getByRole('button', { name: /Pause/ }).click();
      const slide = carousel.locator('[aria-roledescription="slide"]');
      const previous = carousel.getByRole('button', { name: 'Previous review' });
      const next = carousel.getByRole('button', { name: 'Next review' });
      while (!(await previous.isDisabled())) await previous.click();
      for (let i = 0; i < index; i++) await next.click();
      await expect(slide).toHaveAttribute('aria-label', `${index + 1} of ${shown.length}`);
    }
    const more = page.getByRole('button', { name: 'View more' }).first();
    await more.click();
    await expect(page.getByText(shown[index]!.text!, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'View less' }).first().click();
    await expect(page.getByRole('button', { name: 'View more' }).first()).toBeVisible();
  });
});

test.describe('models', () => {
  test('body filter buttons start where the tenant says and update ?body= in lower case without a reload', async ({
    page,
    site,
  }) => {
    test.skip(site.models.length === 0, 'no model range on this tenant');
    const path = modelListingPath(site.tenant.template);
    await page.goto(path);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const filters = bodyFilters(site.models);
    const start = filters.find(
      (filter) => filter.value === defaultBody(filters, site.tenant.model_range.body_filter_start),
    )!;
    expect(start.value === 'all').toBe(site.tenant.model_range.body_filter_start === 'all');
    const target = filters.find(
      (filter) => filter.value !== 'all' && filter.value !== start.value,
    )!;
    const group = page.getByRole('group', { name: 'Filter models by body type' });
    await expect(group.getByRole('button')).toHaveText(filters.map((f) => f.label));
    await expect(group.getByRole('button', { pressed: true })).toHaveText([start.label]);
    await expect(page.locator('.model-range > li:visible')).toHaveCount(
      modelsForBody(site.models, start.value).length,
    );
    test.skip(!target, 'one body type only: nothing else to switch to');
    await group.getByRole('button', { name: target.label, exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`\\?body=${encodeURIComponent(target.value).replace(/%20/g, '(\\+|%20)')}$`),
    );
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await expect(page.locator('.model-range > li:visible')).toHaveCount(
      modelsForBody(site.models, target.value).length,
    );
    await expect(group.getByRole('button', { name: target.label, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // A shared URL in any case opens on that body.
    await page.goto(`${path}?body=${encodeURIComponent(target.label.toUpperCase())}`);
    await expect(group.getByRole('button', { name: target.label, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('model cards: upper-case name, NEW / COMING SOON, From price, Learn More to the model page', async ({
    page,
    site,
  }) => {
    test.skip(site.models.length === 0, 'no model range on this tenant');
    // Every card, whichever body filter the tenant starts on.
    await page.goto(`${modelListingPath(site.tenant.template)}?body=all`);
    const first = site.models[0]!;
    const card = page.locator('.model-card').first();
    await expect(card.getByRole('heading')).toHaveText(first.name.toUpperCase());
    const learnMore = card.getByRole('link', { name: /Learn More/ });
    const href = await learnMore.getAttribute('href');
    expect((await page.request.get(href!)).status()).toBe(200);
    const newModel = site.models.find((m) => m.status === 'new' || m.status === 'all_new');
    if (newModel)
      await expect(
        page
          .locator('.model-card', { hasText: newModel.name.toUpperCase() })
          .getByText('NEW', { exact: true }),
      ).toBeVisible();
    const soon = site.models.find((m) => m.status === 'coming_soon');
    if (soon)
      await expect(
        page
          .locator('.model-card', { hasText: soon.name.toUpperCase() })
          .getByText('COMING SOON', { exact: true }),
      ).toBeVisible();
  });

  test('Vehicles mega-menu opens and is walked by keyboard; brand logos are 76x65', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const vehicles = nav.locator('summary', { hasText: 'Vehicles' });
    await vehicles.focus();
    await page.keyboard.press('ArrowDown');
    const firstLink = nav.locator('.mega-menu .submenu a').first();
    await expect(firstLink).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(nav.locator('.mega-menu .submenu a').nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(firstLink).toBeFocused();
    for (const logo of await nav.locator('.mega-menu__brands img').all()) {
      await expect(logo).toHaveAttribute('width', '76');
      await expect(logo).toHaveAttribute('height', '65');
    }
    await page.keyboard.press('Escape');
    await expect(firstLink).toBeHidden();
    await expect(vehicles).toBeFocused();
  });
});

test.describe('offers, brands and content', () => {
  test('/special-offers shows the running offers only, in position order, and hides one once it expires', async ({
    page,
    site,
  }) => {
    const now = Date.parse(site.builtAt);
    const defaultExpiry = defaultPromoExpiry(site.tenant.promos.default_expiry);
    const running = runningOffers(site.offers, now, defaultExpiry);
    // Expired ones and those switched off (display false) are not on the page at all.
    const expired = site.offers.filter(
      (offer) =>
        offer.display === false || !isPromoShown({ ...offer, start: null }, now, defaultExpiry),
    );
    await page.goto('/special-offers');
    const titles = page.locator('[data-offer]:visible .card__title');
    await expect(titles).toHaveText(running.map((offer) => offer.title));
    for (const offer of expired) await expect(page.getByText(offer.title)).toHaveCount(0);

    const ending = running
      .filter((offer) => offer.expiry)
      .sort((a, b) => Date.parse(a.expiry!) - Date.parse(b.expiry!))[0];
    test.skip(!ending, 'no running offer with an expiry');
    const after = Date.parse(ending!.expiry!) + 60_000;
    await page.clock.install({ time: after });
    await page.goto('/special-offers');
    await expect(page.locator('[data-offer]:visible .card__title')).toHaveText(
      listedOffers(site.offers, now, defaultExpiry)
        .filter((offer) => isPromoShown(offer, after))
        .map((offer) => offer.title),
    );
    await expect(page.getByText(ending!.title, { exact: true })).toBeHidden();
  });

  test('every header and footer link leads to a page (other than routes other teams build)', async ({
    page,
  }) => {
    await page.goto('/');
    const hrefs = await page
      .locator('header a[href^="/"], footer a[href^="/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    const others = /^\/(search|finance|trade-in|book-test-drive|sell-my-car|cars)(\/|$|\?)/;
    for (const href of [...new Set(hrefs)].filter((h) => !others.test(h))) {
      expect((await page.request.get(href)).status(), href).toBe(200);
    }
  });

  test('content pages come from Markdown with the dealer filled in; careers records event 51', async ({
    page,
    site,
  }) => {
    test.setTimeout(90_000); // eight page loads
    for (const path of [
      '/about-us',
      '/service',
      '/vehicle-parts-and-accessories',
      '/fleet',
      '/finance-and-insurance',
      '/terms-and-conditions',
      '/privacy-policy',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('main')).not.toContainText('{{');
    }
    await page.goto('/about-us');
    await expect(page.locator('main')).toContainText(site.tenant.name);
    const copy =
      site.tenant.content.warranty_years === 3
        ? '3-year standard warranty'
        : `${site.tenant.content.warranty_years}-year warranty plan, covering up to 175,000 km`;
    await expect(page.locator('main')).toContainText(copy);
    for (const extra of site.tenant.pages.extra)
      expect((await page.request.get(`/${extra}`)).status()).toBe(200);

    // Route the page's analytics to the console (the tenant's sink may be 'none') and watch for 51.
    const events: string[] = [];
    page.on('console', (message) => events.push(message.text()));
    await page.route('**/careers', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /data-analytics-sink=("[^"]*"|[^\s>]+)/,
        'data-analytics-sink="console"',
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto('/careers');
    await expect.poll(() => events.some((text) => text.startsWith('[analytics] 51'))).toBe(true);
  });

  test('group sites: /brands lists Car, Motorcycle and Truck with the stats banner; brand overview pages exist', async ({
    page,
    site,
  }) => {
    await page.goto('/brands');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Brands' })).toBeVisible();
    if (site.tenant.template === 'group') {
      for (const stat of ['50+ Locations', '40+ Brands', '30+ Years Est.'])
        await expect(page.getByText(stat, { exact: true })).toBeVisible();
      for (const category of ['Car', 'Motorcycle', 'Truck'])
        await expect(
          page.getByRole('heading', { level: 2, name: category, exact: true }),
        ).toBeVisible();
    }
    const overview = page.getByRole('link', { name: /^Overview of / }).first();
    if (await overview.count()) {
      await overview.click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveURL(/\/[a-z0-9-]+\/overview$/);
    }
  });

  test('the sales counter shows sales so far today in Brisbane', async ({ page, site }) => {
    test.skip(!site.tenant.features.sales_counter, 'sales counter off on this tenant');
    await page.clock.install({ time: new Date('2026-11-23T02:00:00Z') }); // noon in Brisbane
    await page.goto('/');
    await expect(page.locator('[data-sales-count]')).toHaveText('96');
  });
});
