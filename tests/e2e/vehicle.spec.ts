import type { Page } from '@playwright/test';
import type { Car } from '../../src/feeds/schemas';
import type { SiteData } from '../../src/site/types';
import { formatPhone, formatPrice } from '../../src/domain/format';
import { isAvailable } from '../../src/domain/stock';
import { isReservable } from '../../src/domain/reservable';
import { imageTag, tagSettings, type ImageTagKind } from '../../src/domain/tags';
import { breadcrumbTitle } from '../../src/domain/vehicle/title';
import { maskPhone } from '../../src/domain/vehicle/phone-mask';
import { phoneForCar, phoneForLocation } from '../../src/domain/phone';
import {
  availableViews,
  defaultView,
  gallerySlides,
  showsThumbnails,
} from '../../src/domain/vehicle/media';
import { priceWindow } from '../../src/domain/vehicle/similar';
import { locationAnnouncement } from '../../src/domain/vehicle/announcement';
import { dealerComments } from '../../src/domain/vehicle/comments';
import { keyInformation } from '../../src/domain/vehicle/specs';
import { expect, test, waitForIslands } from './support/fixtures';
import { ONE_TENANT } from './support/tenants';

const tagOf = (site: SiteData, car: Car) =>
  imageTag(car, tagSettings(site.tenant), Date.parse(site.builtAt));
const find = (site: SiteData, match: (car: Car) => boolean) => site.cars.find(match);
const spinCar = (site: SiteData) =>
  find(site, (car) => availableViews(car).includes('spin') && car.images.length > 3);

async function open(page: Page, car: Car): Promise<void> {
  const response = await page.goto(`/cars/${car.slug}`);
  expect(response?.status()).toBe(200);
}

/** An available priced car with at least one available car of its model within the price window. */
function similarCarsCar(site: SiteData): Car | undefined {
  if (!site.tenant.features.similar_cars) return undefined;
  const priced = (c: Car) => isAvailable(c) && typeof c.price === 'number' && c.price > 0;
  return site.cars.find(
    (car) =>
      priced(car) &&
      site.cars.some(
        (other) =>
          other.id !== car.id &&
          priced(other) &&
          other.make === car.make &&
          other.model === car.model &&
          Math.abs(other.price! - car.price!) <= priceWindow(car.price!),
      ),
  );
}

async function showGallery(page: Page, car: Car): Promise<void> {
  if (availableViews(car).length > 1) {
    await waitForIslands(page);
    await page
      .getByRole('group', { name: 'Viewer' })
      .getByRole('button', { name: 'Gallery' })
      .click();
    // The click is held while the viewer wakes: a next tap or key must find the gallery shown, not
    // the first view still on screen (a key held on it is replayed after it has gone).
    await expect(page.locator('.media')).toHaveAttribute('data-view', 'gallery');
  }
}

test.describe('vehicle page: status rules (SPEC 4)', () => {
  const cases: [string, (car: Car) => boolean][] = [
    ['in stock', (car) => car.status === 'in_stock' && !car.reserved && !car.sold],
    ['coming soon', (car) => car.status === 'coming_soon'],
    ['reserved', (car) => car.status === 'in_stock' && car.reserved === true],
    ['sold within the cut-off', (car) => !isAvailable(car)],
  ];
  for (const [label, match] of cases) {
    test(`${label}: price and buttons for its status`, async ({ page, site }) => {
      const car = find(site, match);
      test.skip(!car, `${site.tenant.slug} lists no ${label} car`);
      await open(page, car!);
      const sidebar = page.locator('.vehicle__sidebar');
      await expect(sidebar.getByRole('heading', { level: 1 })).toHaveText(car!.name);
      if (isAvailable(car!)) {
        if (typeof car!.price === 'number' && car!.price > 0)
          await expect(sidebar.getByTestId('price')).toHaveText(formatPrice(car!.price));
        const enquire = site.tenant.features.instant_message
          ? 'Instant Message'
          : site.tenant.labels.enquire_button;
        await expect(sidebar.getByRole('link', { name: enquire })).toHaveAttribute(
          'href',
          '#enquire',
        );
        // SPEC 4: in stock or coming soon, not sold or reserved, priced (one rule, src/domain/reservable.ts).
        const reservable = site.tenant.features.reserve && isReservable(car!);
        await expect(sidebar.getByRole('link', { name: 'Reserve Car Now' })).toHaveCount(
          reservable ? 1 : 0,
        );
        if (reservable)
          await expect(sidebar.getByRole('link', { name: 'Reserve Car Now' })).toHaveAttribute(
            'href',
            `/cars/${car!.slug}/checkout`,
          );
        await expect(sidebar.getByRole('link', { name: 'Find Me Something Similar' })).toHaveCount(
          0,
        );
        await expect(sidebar.getByTestId('sold-label')).toHaveCount(0);
      } else {
        await expect(sidebar.getByTestId('sold-label')).toHaveText('SOLD');
        await expect(page.getByTestId('image-tag')).toHaveText(site.tenant.labels.sold_tag);
        await expect(
          sidebar.getByRole('link', { name: 'Find Me Something Similar' }),
        ).toBeVisible();
        await expect(sidebar.getByTestId('price')).toHaveCount(0);
        await expect(
          sidebar.getByRole('link', { name: /Enquire Now|Instant Message|Reserve Car Now/ }),
        ).toHaveCount(0);
        await expect(page.getByTestId('sold-notice')).toBeVisible();
      }
    });
  }

  test('breadcrumbs, canonical URL and JSON-LD Car with Offer', async ({ page, site }) => {
    const car = find(site, (c) => isAvailable(c) && typeof c.price === 'number' && c.price > 0)!;
    await open(page, car);
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current=page]'),
    ).toHaveText(breadcrumbTitle(car));
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
      'href',
      `${site.tenant.url.replace(/\/$/, '')}/cars/${car.slug}`,
    );
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
    const carLd = data.find((item) => item['@type'] === 'Car') as
      { offers: Record<string, unknown>; brand: { name: string } } | undefined;
    expect(carLd?.brand.name).toBe(car.make);
    expect(carLd?.offers).toMatchObject({
      '@type': 'Offer',
      priceCurrency: 'AUD',
      price: car.price,
    });
    expect(data.some((item) => item['@type'] === 'BreadcrumbList')).toBe(true);
  });

  test('trade-in valuation only when the SPEC rule allows', async ({ page, site }) => {
    test.skip(
      !site.tenant.features.trade_in_valuation,
      `${site.tenant.slug} has no trade-in valuation`,
    );
    const yes = find(
      site,
      (c) => c.status === 'in_stock' && !c.reserved && !c.sold && (c.price ?? 0) > 200,
    )!;
    await open(page, yes);
    await expect(
      page.locator('.vehicle__sidebar').getByRole('link', { name: 'Trade-In Valuation' }),
    ).toHaveAttribute('href', `/cars/trade-in?car_id=${yes.id}`);
    const no = find(site, (c) => c.reserved === true || c.status === 'coming_soon');
    if (no) {
      await open(page, no);
      await expect(page.getByRole('link', { name: 'Trade-In Valuation' })).toHaveCount(0);
    }
  });
});

test.describe('vehicle page: image tags in SPEC priority', () => {
  const kinds: ImageTagKind[] = [
    'fuel',
    'reserved',
    'certified',
    'custom',
    'coming_soon',
    'just_arrived',
    'sold',
  ];
  for (const kind of kinds) {
    test(`${kind} tag`, async ({ page, site }) => {
      const car = find(site, (c) => tagOf(site, c)?.kind === kind);
      test.skip(!car, `${site.tenant.slug} has no car whose tag is ${kind}`);
      await open(page, car!);
      await expect(page.getByTestId('image-tag')).toHaveText(tagOf(site, car!)!.label);
      if (kind === 'certified') {
        await page.getByRole('button', { name: /Toyota Certified Pre-Owned/ }).click();
        await expect(
          page.getByRole('dialog', { name: 'Toyota Certified Pre-Owned' }),
        ).toBeVisible();
      }
    });
  }

  test('a car without a tag shows none', async ({ page, site }) => {
    const car = find(site, (c) => tagOf(site, c) === undefined);
    test.skip(!car, 'every car has a tag');
    await open(page, car!);
    await expect(page.getByTestId('image-tag')).toHaveCount(0);
  });
});

test.describe('vehicle page: media viewer', () => {
  test('views, default view, gallery keys, fullscreen and reset on leaving the gallery', async ({
    page,
    site,
  }) => {
    const car = spinCar(site);
    test.skip(!car, `${site.tenant.slug} has no car with a 360 spin`);
    await open(page, car!);
    await waitForIslands(page);
    const viewer = page.getByRole('group', { name: 'Viewer' });
    const expectedDefault = defaultView(
      availableViews(car!),
      site.tenant.features.default_media_view,
    );
    const labels = {
      spin: 'Spin',
      walkaround: 'Walkaround',
      gallery: 'Gallery',
      interior: 'Interior',
    };
    await expect(viewer.getByRole('button', { name: labels[expectedDefault] })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(viewer.getByRole('button')).toHaveText(
      availableViews(car!).map((view) => labels[view]),
    );

    await viewer.getByRole('button', { name: 'Gallery' }).click();
    const counter = page.getByTestId('slide-counter');
    const count = gallerySlides(car!, site.tenant.stock.video_position).length;
    await expect(counter).toHaveText(`1 / ${count}`);
    await page.getByRole('button', { name: 'Next image' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(`2 / ${count}`);
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText(`1 / ${count}`);
    await page.getByRole('button', { name: 'Previous image' }).click();
    await expect(counter).toHaveText(`${count} / ${count}`);
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect(counter).toHaveText(`1 / ${count}`);

    await page.getByRole('button', { name: /full screen/ }).click();
    const dialog = page.getByRole('dialog', { name: /full screen/ });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByTestId('fullscreen-counter')).toHaveText(`2 / ${count}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByTestId('fullscreen-counter')).toHaveText(`${count} / ${count}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await viewer.getByRole('button', { name: 'Spin' }).click();
    await viewer.getByRole('button', { name: 'Gallery' }).click();
    await expect(counter).toHaveText(`1 / ${count}`);
  });

  test('360 spin auto-rotates once, then arrow keys turn it', async ({ page, site }) => {
    const car = spinCar(site);
    test.skip(!car, `${site.tenant.slug} has no car with a 360 spin`);
    await open(page, car!);
    await showGallery(page, car!);
    await page.getByRole('group', { name: 'Viewer' }).getByRole('button', { name: 'Spin' }).click();
    const spin = page.getByRole('slider', { name: /360 view/ });
    await expect(spin).toBeVisible();
    if (site.tenant.features.spin_auto_rotate)
      await expect(spin).toHaveAttribute('data-rotating', 'false', { timeout: 5000 });
    await expect(spin).toHaveAttribute('aria-valuenow', '1');
    await spin.focus();
    await page.keyboard.press('ArrowRight');
    await expect(spin).toHaveAttribute('aria-valuenow', '2');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(spin).toHaveAttribute('aria-valuenow', String(car!.spin_images!.length));
    const box = (await spin.boundingBox())!;
    await page.mouse.move(box.x + 300, box.y + 100);
    await page.mouse.down();
    await page.mouse.move(box.x + 240, box.y + 100, { steps: 4 }); // 60 px left: 3 frames on
    await page.mouse.up();
    await expect(spin).toHaveAttribute('aria-valuenow', '3');
  });

  test('360 spin, the first drag on a fresh page (before the viewer is live): one frame per 20 px from the point pressed', async ({
    page,
    site,
  }) => {
    const car = spinCar(site);
    test.skip(
      !car || defaultView(availableViews(car!), site.tenant.features.default_media_view) !== 'spin',
      `${site.tenant.slug} opens no car on its 360 spin`,
    );
    const frames = car!.spin_images!.length;
    await open(page, car!);
    const spin = page.getByRole('slider', { name: /360 view/ });
    await expect(spin).toHaveAttribute('data-rotating', 'false', { timeout: 5000 });
    const start = Number(await spin.getAttribute('aria-valuenow')) - 1;
    const box = (await spin.boundingBox())!;
    const x = box.x + box.width - 20;
    const y = box.y + box.height / 2;
    // No hover first: the press itself wakes the island, as a shopper's first touch does.
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let dx = 10; dx <= 100; dx += 10) await page.mouse.move(x - dx, y);
    await expect(spin).toHaveAttribute('aria-valuenow', String(((start + 5) % frames) + 1)); // 100 px left: 5 frames on
    await page.mouse.move(x - 159, y);
    await expect(spin).toHaveAttribute('aria-valuenow', String(((start + 7) % frames) + 1)); // 159 px: still 7
    await page.mouse.up();
  });

  test('thumbnails only with more than 3 images', async ({ page, site }) => {
    for (const car of [
      find(site, (c) => c.images.length > 3),
      find(site, (c) => c.images.length > 0 && c.images.length <= 3),
    ]) {
      if (!car) continue;
      await open(page, car);
      await showGallery(page, car);
      await expect(page.getByRole('list', { name: 'Thumbnails' })).toHaveCount(
        showsThumbnails(car.images.length) ? 1 : 0,
      );
    }
  });

  test('a missing image falls back to the not-found placeholder', async ({ page, site }) => {
    const car = find(site, (c) => c.images.length > 3 && !availableViews(c).includes('spin'))!;
    // Photos are requested resized, through /api/image?url=<original>&w=... (docs/images.md).
    const photo = car.images[0]!.image.url;
    await page.route(
      (url) =>
        url.pathname === photo ||
        (url.pathname === '/api/image' && url.searchParams.get('url') === photo),
      (route) => route.fulfill({ status: 404, body: '' }),
    );
    await open(page, car);
    await waitForIslands(page);
    await expect(page.locator('.media__stage img').first()).toHaveAttribute(
      'src',
      '/media/not-found.svg',
    );
  });
});

test.describe('vehicle page: content blocks', () => {
  test('key information, all specifications and features toggles', async ({ page, site }) => {
    const car = find(
      site,
      (c) =>
        keyInformation(c).length > 4 &&
        (c.standardEquipment ?? []).some((group) => group.items.length > 8),
    );
    test.skip(!car, 'no car with long lists');
    await open(page, car!);
    const key = page.locator('#key-information');
    await expect(key.locator('dt').filter({ visible: true })).toHaveCount(4);
    // Real buttons with aria-expanded, so a shopper (and a test) finds them by role.
    await key.getByRole('button', { name: 'Show More' }).click();
    await expect(key.locator('dt').filter({ visible: true })).toHaveCount(
      keyInformation(car!).length,
    );
    await expect(key.getByRole('button', { name: 'Show Less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await key.getByRole('button', { name: 'Show Less' }).click();
    await expect(key.locator('dt').filter({ visible: true })).toHaveCount(4);
    await expect(key.getByRole('button', { name: 'Show More' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    // By keyboard: Enter opens, Space closes.
    const specs = page.locator('#all-specifications');
    const specsToggle = specs.getByRole('button', { name: 'Show All Specs' });
    await specsToggle.focus();
    await page.keyboard.press('Enter');
    await expect(specs.getByRole('button', { name: 'Hide Specs' })).toBeFocused();
    await expect(specs.locator('dt').filter({ visible: true })).not.toHaveCount(4);
    await page.keyboard.press('Space');
    await expect(specs.getByRole('button', { name: 'Show All Specs' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    const group = car!.standardEquipment!.find((g) => g.items.length > 8)!;
    const list = page
      .locator('.features__group')
      .filter({ has: page.getByRole('heading', { name: group.category, exact: true }) });
    await expect(list.locator('li').filter({ visible: true })).toHaveCount(8);
    await list.getByRole('button', { name: `Show All ${group.category} features` }).click();
    await expect(list.locator('li').filter({ visible: true })).toHaveCount(group.items.length);
    await expect(list.getByRole('button', { name: 'Hide' })).toBeVisible();
  });

  test('without JavaScript the lists show in full and the toggles are hidden', async ({
    browser,
    site,
    baseURL,
  }) => {
    const car = find(site, (c) => keyInformation(c).length > 4);
    test.skip(!car, 'no car with a long key information list');
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto(`/cars/${car!.slug}`);
    const key = page.locator('#key-information');
    await expect(key.locator('dt').filter({ visible: true })).toHaveCount(
      keyInformation(car!).length,
    );
    await expect(key.getByRole('button', { name: 'Show More' })).toBeHidden();
    await context.close();
  });

  test('dealer comments: 400-character truncation toggle, or pending text', async ({
    page,
    site,
  }) => {
    const long = find(site, (c) => Boolean(dealerComments(c.dealercomments)?.short));
    if (long) {
      await open(page, long);
      const comments = page.locator('.comments');
      await expect(comments.locator('.comments__short')).toHaveText(
        dealerComments(long.dealercomments)!.short!,
      );
      await comments.getByRole('button', { name: 'Show More' }).click();
      await expect(comments.locator('.comments__full')).toHaveText(long.dealercomments!.trim());
      await expect(comments.locator('.comments__short')).toBeHidden();
      await comments.getByRole('button', { name: 'Show Less' }).click();
      await expect(comments.locator('.comments__short')).toBeVisible();
    }
    const empty = find(site, (c) => !c.dealercomments?.trim());
    if (empty) {
      await open(page, empty);
      await expect(page.locator('.comments')).toContainText(
        'Dealer comments are pending. Please check back here later.',
      );
    }
    expect(long ?? empty).toBeTruthy();
  });

  test('location link goes to the #vehicle-map block', async ({ page, site }) => {
    const car = find(site, (c) => Boolean(c.location?.name))!;
    await open(page, car);
    await page.getByRole('link', { name: /^Vehicle location:/ }).click();
    await expect(page).toHaveURL(/#vehicle-map$/);
    await expect(page.locator('#vehicle-map')).toBeInViewport();
  });

  test('similar cars: at most 6, unique, within the price window', async ({
    page,
    site,
    expectAccessible,
  }) => {
    const car = similarCarsCar(site);
    test.skip(!car, `${site.tenant.slug} has no similar cars`);
    await open(page, car!);
    const block = page.getByTestId('similar-cars');
    await block.scrollIntoViewIfNeeded();
    const cards = block.locator('[data-car-id]');
    await expect(cards.first()).toBeVisible();
    await expect(block.getByRole('heading', { level: 2 })).toHaveText('Similar Vehicles');
    const ids = await cards.evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-car-id')!),
    );
    expect(ids.length).toBeLessThanOrEqual(6);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(car!.id);
    for (const [index, id] of ids.entries()) {
      const other = site.cars.find((c) => c.id === id)!;
      expect(isAvailable(other)).toBe(true);
      expect(Math.abs(other.price! - car!.price!)).toBeLessThanOrEqual(priceWindow(car!.price!));
      const card = cards.nth(index);
      await expect(card.getByRole('link', { name: other.name })).toHaveAttribute(
        'href',
        `/cars/${other.slug}`,
      );
      await expect(card.locator('img')).toHaveAttribute('loading', 'lazy');
      await expect(card).toContainText(formatPrice(other.price!));
    }
    // SPEC 9 "prefer same model": this car has one in its window, so a same-model car comes first.
    const first = site.cars.find((c) => c.id === ids[0])!;
    expect([first.make, first.model]).toEqual([car!.make, car!.model]);
    await expectAccessible(page);
  });

  test(
    'similar cars carousel: Previous and Next scroll it, by keyboard too',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = similarCarsCar(site);
      test.skip(!car, `${site.tenant.slug} has no similar cars`);
      await open(page, car!);
      const block = page.getByTestId('similar-cars');
      await block.scrollIntoViewIfNeeded();
      await expect(block.locator('[data-car-id]').first()).toBeVisible();
      const list = block.getByRole('list');
      const overflows = await list.evaluate(
        (element) => element.scrollWidth > element.clientWidth + 1,
      );
      const previous = block.getByRole('button', { name: 'Previous similar vehicles' });
      const next = block.getByRole('button', { name: 'Next similar vehicles' });
      test.skip(!overflows, 'all similar cars fit without scrolling');
      await expect(previous).toHaveAttribute('aria-disabled', 'true');
      await next.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      await expect(previous).toHaveAttribute('aria-disabled', 'false');
      await previous.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBe(0);
      await expect(previous).toBeFocused();
    },
  );

  test(
    'similar cars: nothing is fetched until the block is within 500 px of view',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = similarCarsCar(site);
      test.skip(!car, `${site.tenant.slug} has no similar cars`);
      const indexRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/search-index.json')) indexRequests.push(request.url());
      });
      await open(page, car!);
      await page.waitForLoadState('networkidle');
      const block = page.getByTestId('similar-cars');
      const cards = block.locator('[data-car-id]');
      const gap = await block.evaluate(
        (section) => section.getBoundingClientRect().top + window.scrollY - window.innerHeight,
      );
      test.skip(gap < 800, 'the block starts too near the top of the page to scroll short of it');
      expect(indexRequests).toEqual([]);
      await expect(cards).toHaveCount(0);
      // 700 px below the viewport: still nothing.
      await page.evaluate((y) => window.scrollTo(0, y), gap - 700);
      await page.waitForTimeout(400);
      expect(indexRequests).toEqual([]);
      // 300 px below it: within 500 px, so the cards load before the block is even in view.
      await page.evaluate((y) => window.scrollTo(0, y), gap - 300);
      await expect(cards.first()).toBeAttached();
      await expect(block).not.toBeInViewport();
      expect(indexRequests).toHaveLength(1);
    },
  );

  test(
    'similar cars: a failed search leaves the block empty and logs the error',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = similarCarsCar(site);
      test.skip(!car, `${site.tenant.slug} has no similar cars`);
      await page.route('**/search-index.json', (route) => route.abort());
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await open(page, car!);
      const block = page.getByTestId('similar-cars');
      await block.scrollIntoViewIfNeeded();
      await expect
        .poll(() => errors.some((text) => text.includes('Similar cars failed to load')))
        .toBe(true);
      await expect(block.locator('[data-car-id]')).toHaveCount(0);
      await expect(block).toBeHidden();
    },
  );
});

test.describe('vehicle page: phone, share, print', () => {
  test('phone masked after 5 characters until clicked (or revealed from the start)', async ({
    page,
    site,
  }) => {
    const car = find(site, (c) => isAvailable(c) && Boolean(phoneForCar(c, site.tenant)))!;
    const phone = phoneForCar(car, site.tenant)!;
    await open(page, car);
    await waitForIslands(page);
    const link = page.locator('.vehicle__sidebar .vehicle-phone');
    if (site.tenant.features.phone_revealed) {
      await expect(link).toContainText(formatPhone(phone));
      return;
    }
    await expect(link).toContainText(maskPhone(phone));
    // The Vehicle Location block masks its number (its own location's) the same way.
    const location = site.locations.find(
      (item) => item.id === (car.location_id ?? car.location?.id),
    );
    const locationPhone = phoneForLocation(car, location, site.tenant)!;
    const locationLink = page.locator('#vehicle-map .vehicle-phone');
    await expect(locationLink).toContainText(maskPhone(locationPhone));
    await expect(page.locator('#vehicle-map')).not.toContainText(formatPhone(locationPhone));
    await expect(page.locator('#vehicle-map')).not.toContainText(formatPhone(phone));
    const reveal = page.waitForRequest(
      (request) => request.url().endsWith('/api/phone-reveal') && request.method() === 'POST',
    );
    await link.click();
    const body = (await reveal).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ car_id: car.id });
    await expect(link).toContainText(formatPhone(phone));
    await expect(link).toHaveAttribute('href', `tel:${formatPhone(phone).replace(/\s/g, '')}`);

    // The same number is revealed in both at once; another one takes its own click (recorded too).
    if (locationPhone !== phone) {
      const locationReveal = page.waitForRequest(
        (request) => request.url().endsWith('/api/phone-reveal') && request.method() === 'POST',
      );
      await locationLink.click();
      await locationReveal;
    }
    await expect(locationLink).toContainText(formatPhone(locationPhone));
  });

  test(
    'share copies the page URL with a toast for 3 s; the button says Copied for 1.5 s',
    { tag: ONE_TENANT },
    async ({ page, site, context }) => {
      test.skip(!site.tenant.features.share, 'share is off');
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const car = site.cars[0]!;
      await open(page, car);
      await waitForIslands(page);
      await page.locator('.vehicle__tools').getByRole('button', { name: 'Share' }).click();
      await expect(
        page.getByRole('status').getByText(`Copied ${car.name} to your clipboard!`),
      ).toBeVisible();
      await expect(
        page.locator('.vehicle__tools').getByRole('button', { name: 'Copied' }),
      ).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
      await expect(
        page.locator('.vehicle__tools').getByRole('button', { name: 'Share' }),
      ).toBeVisible({ timeout: 2500 });
      await expect(page.getByText(`Copied ${car.name} to your clipboard!`)).toBeVisible();
      await expect(page.getByText(`Copied ${car.name} to your clipboard!`)).toBeHidden({
        timeout: 3000,
      });
    },
  );

  test(
    'Print PDF shows Preparing, then saves {slug}.pdf',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      test.skip(!site.tenant.features.print, 'print is off');
      const car = site.cars[0]!;
      await open(page, car);
      await waitForIslands(page);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Print PDF' }).click();
      expect((await download).suggestedFilename()).toBe(`${car.slug}.pdf`);
      await expect(page.getByRole('button', { name: 'Print PDF' })).toBeEnabled();
    },
  );

  test('a PDF failure alerts the error message', { tag: ONE_TENANT }, async ({ page, site }) => {
    test.skip(!site.tenant.features.print, 'print is off');
    const car = site.cars[0]!;
    // The real API cannot be made to fail on demand: answer this one request with an error.
    await page.route('**/api/cars/*/pdf', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'PDF service unavailable' }),
      }),
    );
    await open(page, car);
    await waitForIslands(page);
    const dialog = page.waitForEvent('dialog');
    await page.getByRole('button', { name: 'Print PDF' }).click();
    const alert = await dialog;
    expect(alert.message()).toBe('PDF service unavailable');
    await alert.dismiss();
  });

  test('the /print view shows the car, and every resource it asks for is there', async ({
    page,
    site,
  }) => {
    const car = site.cars[0]!;
    const failed: string[] = [];
    page.on(
      'response',
      (response) =>
        response.status() >= 400 && failed.push(`${response.status()} ${response.url()}`),
    );
    page.on('console', (message) => message.type() === 'error' && failed.push(message.text()));
    await page.goto(`/print?car_id=${car.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(car.name);
    await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    // Lists in full, without their Show More toggles.
    await expect(page.locator('#key-information dt').filter({ visible: true })).toHaveCount(
      keyInformation(car).length,
    );
    await expect(page.locator('[data-show-more]')).toHaveCount(0);
  });
});

test.describe('vehicle page: chrome', () => {
  test(
    'sticky header after 500 px, mobile call-to-action bar after 900 px',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      await page.setViewportSize({ width: 390, height: 700 });
      const car = find(site, (c) => isAvailable(c))!;
      await open(page, car);
      const header = page.locator('[data-sticky-header]');
      const bar = page.locator('[data-cta-bar]');
      await page.evaluate(() => window.scrollTo(0, 450));
      await expect(header).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 600));
      await expect(header).toBeVisible();
      await expect(header).toContainText(car.name);
      await expect(bar).toHaveAttribute('data-open', 'false');
      await page.evaluate(() => window.scrollTo(0, 1000));
      await expect(bar).toHaveAttribute('data-open', 'true');
      await expect(bar.getByRole('link', { name: 'Call Now' })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(header).toBeHidden();
    },
  );

  test('the mobile bar’s Call Now is masked like the sidebar’s; a tap reveals both, records it and fires event 25', async ({
    page,
    site,
  }) => {
    test.skip(site.tenant.features.phone_revealed, 'this dealer shows the number from the start');
    const car = find(site, (c) => isAvailable(c) && Boolean(phoneForCar(c, site.tenant)))!;
    const phone = phoneForCar(car, site.tenant)!;
    await page.setViewportSize({ width: 390, height: 700 });
    const events: string[] = [];
    page.on(
      'console',
      (message) => message.text().startsWith('[analytics]') && events.push(message.text()),
    );
    await open(page, car);
    await page.evaluate(() => (document.documentElement.dataset.analyticsSink = 'console'));
    await page.evaluate(() => window.scrollTo(0, 1000));
    const call = page.locator('[data-cta-bar]').getByRole('link', { name: /Call Now/ });
    await expect(call).toContainText(maskPhone(phone));
    await expect(call).not.toContainText(formatPhone(phone));
    const reveal = page.waitForRequest(
      (request) => request.url().endsWith('/api/phone-reveal') && request.method() === 'POST',
    );
    await call.click();
    expect((await reveal).postDataJSON()).toMatchObject({ car_id: car.id });
    await expect(call).toContainText(formatPhone(phone));
    await expect(page.locator('.vehicle__sidebar .vehicle-phone')).toContainText(
      formatPhone(phone),
    );
    expect(events.filter((text) => text.startsWith('[analytics] 25'))).toHaveLength(1);
  });

  test('announcement bar when the car is away from the primary location, dismissible', async ({
    page,
    site,
  }) => {
    const car = find(site, (c) => Boolean(locationAnnouncement(c, site.locations)));
    const home = find(site, (c) => !locationAnnouncement(c, site.locations));
    if (home) {
      await open(page, home);
      await expect(page.getByRole('region', { name: 'Announcement' })).toHaveCount(0);
    }
    test.skip(!car, `${site.tenant.slug} has every car at the primary location's city`);
    await open(page, car!);
    const bar = page.getByRole('region', { name: 'Announcement' });
    await expect(bar).toContainText(
      `Located at ${locationAnnouncement(car!, site.locations)!.city}`,
    );
    await expect(bar.getByRole('link', { name: /Get Directions/ })).toBeVisible();
    await bar.getByRole('button', { name: 'Dismiss' }).click();
    await expect(bar).toHaveCount(0);
  });

  test('accessible with the viewer in use and the fullscreen open', async ({
    page,
    site,
    expectAccessible,
  }) => {
    const car = find(site, (c) => c.images.length > 3)!;
    await open(page, car);
    await showGallery(page, car);
    await waitForIslands(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: /full screen/ }).click();
    await expectAccessible(page);
  });
});
