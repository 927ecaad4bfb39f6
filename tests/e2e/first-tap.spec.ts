import type { Locator, Page } from '@playwright/test';
import type { Car } from '../../src/feeds/schemas';
import type { SiteData } from '../../src/site/types';
import { canCompare } from '../../src/domain/compare-eligibility';
import { canFavourite } from '../../src/domain/favourite-eligibility';
import { isAvailable, isListed, soldCutoff } from '../../src/domain/stock';
import { availableViews, defaultView, gallerySlides } from '../../src/domain/vehicle/media';
import { expect, test } from './support/fixtures';
import { ONE_TENANT } from './support/tenants';

/**
 * The first tap after load shows at once, while the island it lands on is still asleep (its
 * code is held back here, so however fast this machine is, what shows cannot be the island's),
 * and the island, once awake, acts on that tap exactly once. The time it takes belongs to
 * `npm run bench:taps`; here the feedback only has to come long before the island could.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Well under any wake-up with the code held, well over a slow test machine's frame. */
const AT_ONCE = { timeout: 1500 };

/** Holds every script file (or only those at `paths`) until released: the page's islands cannot wake before then. */
async function holdScripts(page: Page, paths?: string[]): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => (paths ? paths.includes(url.pathname) : /^\/_astro\/.+\.js$/.test(url.pathname)),
    async (route) => {
      await gate;
      await route.continue();
    },
  );
  return release;
}

const stored = (page: Page, key: string) =>
  page.evaluate(
    (name) => (JSON.parse(localStorage.getItem(name) ?? '[]') as unknown[]).length,
    key,
  );

const imageOf = (car: Car) =>
  car.primary_image_url ?? car.images[0]?.image.url ?? car.thumbnails?.[0];
/** Listed, available cars that have the control, as the feed says. */
const listedCars = (site: SiteData, has: (car: Car) => boolean) => {
  const cutoff = soldCutoff(Date.now(), site.tenant.stock.include_sold_cars_days);
  return site.cars.filter((car) => isListed(car, cutoff) && isAvailable(car) && has(car));
};

/** Taps `toggle` with its island asleep, sees it pressed at once, wakes it, and checks the list the tap changed. */
async function firstTapPresses(
  page: Page,
  toggle: Locator,
  awake: () => Promise<void>,
  storeKey: string,
  shot: string,
) {
  const release = await holdScripts(page);
  await toggle.tap();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true', AT_ONCE);
  await toggle.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/first-tap-${shot}.png` });
  expect(await stored(page, storeKey), 'the tap is saved before the island wakes').toBe(1);
  release();
  await awake();
  // The island replays the held tap: still saved once, and still shown pressed (not toggled back).
  await page.waitForTimeout(500);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await stored(page, storeKey)).toBe(1);
  // The next tap, on the live island, takes it off again.
  await toggle.tap();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false', AT_ONCE);
  await expect.poll(() => stored(page, storeKey)).toBe(0);
}

/** Taps `toggle` with its island asleep and reloads at once: the tap is kept, and shown once the island is awake. */
async function firstTapSurvivesReload(
  page: Page,
  toggle: Locator,
  awake: () => Promise<void>,
  storeKey: string,
) {
  const release = await holdScripts(page);
  await toggle.tap();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true', AT_ONCE);
  release();
  await page.reload();
  await awake();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await stored(page, storeKey)).toBe(1);
}

test.describe('car page: the first tap on a toggle shows before its island wakes', () => {
  const islandAwake = (island: Locator) => () =>
    expect(island).not.toHaveAttribute('ssr', { timeout: 15_000 });

  test(
    'the favourite heart fills at once, and the car is saved once',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      test.skip(!site.tenant.features.favourites, 'this site has no favourites');
      const [car] = listedCars(site, (c) => canFavourite(c.price, imageOf(c)));
      await page.goto(`/cars/${car!.slug}`);
      const heart = page.getByRole('button', { name: `Favourite ${car!.name}` });
      await firstTapPresses(
        page,
        heart,
        islandAwake(page.locator('astro-island', { has: heart })),
        'favourites',
        `heart-${site.tenant.slug}`,
      );
    },
  );

  test(
    'a favourite tapped and reloaded before the island woke is kept',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      test.skip(!site.tenant.features.favourites, 'this site has no favourites');
      const [car] = listedCars(site, (c) => canFavourite(c.price, imageOf(c)));
      await page.goto(`/cars/${car!.slug}`);
      const heart = page.getByRole('button', { name: `Favourite ${car!.name}` });
      await firstTapSurvivesReload(
        page,
        heart,
        islandAwake(page.locator('astro-island', { has: heart })),
        'favourites',
      );
    },
  );

  test('Compare shows chosen at once, and the car is added once', async ({ page, site }) => {
    test.skip(!site.tenant.features.compare, 'this site has no compare');
    const [car] = listedCars(site, (c) => canCompare({ price: c.price, image: imageOf(c) }));
    await page.goto(`/cars/${car!.slug}`);
    const compare = page.locator('.vehicle__tools .compare-toggle__button');
    const island = page.locator('.vehicle__tools astro-island', {
      has: page.locator('.compare-toggle__button'),
    });
    await firstTapPresses(
      page,
      compare,
      islandAwake(island),
      'compare',
      `compare-${site.tenant.slug}`,
    );
    await expect(compare).toContainText('Compare');
  });

  test(
    "a touch wakes the island after its click, not during the touch (the click isn't kept waiting)",
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const [car] = listedCars(site, (c) => canFavourite(c.price, imageOf(c)));
      // When the tap's click runs, and whether the heart's island was still asleep then.
      await page.addInitScript(() =>
        addEventListener(
          'click',
          (event) => {
            const island = (event.target as Element).closest('astro-island');
            (window as unknown as { asleepAtClick?: boolean }).asleepAtClick ??=
              island?.hasAttribute('ssr');
          },
          { capture: true },
        ),
      );
      await page.goto(`/cars/${car!.slug}`);
      const heart = page.getByRole('button', { name: `Favourite ${car!.name}` });
      const island = page.locator('astro-island', { has: heart });
      // The islands' code is already loaded (the first scroll fetches it), as on a page read a while.
      const url = (await island.getAttribute('component-url'))!;
      await heart.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await page.evaluate(() => dispatchEvent(new Event('scroll')));
      await expect
        .poll(() =>
          page.evaluate(
            (path) =>
              performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(path)),
            url,
          ),
        )
        .toBe(true);
      await page.waitForLoadState('networkidle');
      // A finger's tap begins with pointerover and gives the button focus before its click: waking
      // on either hydrated the island in the middle of the tap, and its click waited for that.
      await heart.tap();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
      await islandAwake(island)();
      expect(await page.evaluate(() => (window as { asleepAtClick?: boolean }).asleepAtClick)).toBe(
        true,
      );
    },
  );

  test('a Compare press the full list refuses shows pressed, then not, with the reason', async ({
    page,
    site,
  }) => {
    test.skip(!site.tenant.features.compare, 'this site has no compare');
    const [car, ...others] = listedCars(site, (c) =>
      canCompare({ price: c.price, image: imageOf(c) }),
    );
    await page.goto('/');
    await page.evaluate(
      (list) => localStorage.setItem('compare', JSON.stringify(list)),
      others.slice(0, 3).map((c) => ({ id: String(c.id), name: c.name, slug: c.slug })),
    );
    // A stored list wakes the island when the page is idle: its code is held from the start.
    await page.goto(`/cars/${car!.slug}`);
    const island = page.locator('.vehicle__tools astro-island', {
      has: page.locator('.compare-toggle__button'),
    });
    const release = await holdScripts(page, [(await island.getAttribute('component-url'))!]);
    await page.reload();
    const compare = page.locator('.vehicle__tools .compare-toggle__button');
    await compare.tap();
    await expect(compare).toHaveAttribute('aria-pressed', 'true', AT_ONCE);
    release();
    await expect(page.locator('.compare-toggle__full')).toContainText(
      'You can compare up to 3 cars. Remove one first',
      { timeout: 15_000 },
    );
    await expect(compare).toHaveAttribute('aria-pressed', 'false');
    expect(await stored(page, 'compare')).toBe(3);
  });
});

test.describe('car page: a gallery arrow tapped before the viewer wakes', () => {
  test(
    'the counter moves at once, and the woken viewer shows that photo',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = listedCars(
        site,
        (c) =>
          defaultView(availableViews(c), site.tenant.features.default_media_view) === 'gallery' &&
          gallerySlides(c, 'start').filter((slide) => slide.kind === 'image').length > 2,
      )[0];
      test.skip(!car, 'no car here opens on a gallery of three photos or more');
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`/cars/${car!.slug}`);
      const media = page.locator('.media');
      const counter = media.locator('.media__stage .media__counter');
      const count = Number(await counter.getAttribute('data-early-counter'));
      const release = await holdScripts(page);
      await media.getByRole('button', { name: 'Next image' }).tap();
      await expect(counter).toHaveText(`2 / ${count}`, AT_ONCE);
      await media.getByRole('button', { name: 'Next image' }).tap();
      await expect(counter).toHaveText(`3 / ${count}`, AT_ONCE);
      await expect(media.locator('.media__stage')).toHaveAttribute('data-early-stepping', '');
      await page.screenshot({ path: `test-results/first-tap-gallery-${site.tenant.slug}.png` });
      release();
      await expect(page.locator('astro-island', { has: media })).not.toHaveAttribute('ssr', {
        timeout: 15_000,
      });
      // Both held taps reached the viewer once each: it shows the third photo, as the counter said.
      await expect(media.locator('.media__open img')).toHaveAttribute(
        'alt',
        `${car!.name}: image 3 of ${count}`,
      );
      await expect(counter).toHaveText(`3 / ${count}`);
      await expect(media.locator('.media__stage')).not.toHaveAttribute('data-early-stepping');
      // The live viewer goes on from there.
      await media.getByRole('button', { name: 'Previous image' }).tap();
      await expect(counter).toHaveText(`2 / ${count}`, AT_ONCE);
      await expect(media.locator('.media__open img')).toHaveAttribute(
        'alt',
        `${car!.name}: image 2 of ${count}`,
      );
      expect(errors, 'no hydration error').toEqual([]);
    },
  );
});

test.describe('search page: the first taps show before the app wakes', () => {
  const appAwake = (page: Page) => () =>
    expect(page.locator('#search-app-root[data-live]')).toBeAttached({ timeout: 30_000 });

  test(
    'a result card heart fills at once, and the car is saved once',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      test.skip(!site.tenant.features.favourites, 'this site has no favourites');
      await page.goto(site.tenant.links.stock);
      const heart = page.locator('[data-search-results] button.favourite').first();
      await firstTapPresses(
        page,
        heart,
        appAwake(page),
        'favourites',
        `card-heart-${site.tenant.slug}`,
      );
    },
  );

  test("a result card's Compare shows chosen at once, and the car is added once", async ({
    page,
    site,
  }) => {
    test.skip(!site.tenant.features.compare, 'this site has no compare');
    await page.goto(site.tenant.links.stock);
    const compare = page.locator('[data-search-results] .compare-toggle__button').first();
    await firstTapPresses(
      page,
      compare,
      appAwake(page),
      'compare',
      `card-compare-${site.tenant.slug}`,
    );
  });

  test("a card's Compare tapped and reloaded before the app woke is kept", async ({
    page,
    site,
  }) => {
    test.skip(!site.tenant.features.compare, 'this site has no compare');
    await page.goto(site.tenant.links.stock);
    const compare = page.locator('[data-search-results] .compare-toggle__button').first();
    await firstTapSurvivesReload(page, compare, appAwake(page), 'compare');
  });

  test(
    'Filters opens its panel at once and a facet ticks at once; once awake the app keeps that one filter',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      await page.goto(site.tenant.links.stock);
      const release = await holdScripts(page);
      const filters = page.getByRole('button', { name: 'Filters', exact: true });
      await filters.tap();
      await expect(filters).toHaveAttribute('aria-expanded', 'true', AT_ONCE);
      const box = page.locator('#search-filters .facet input[type=checkbox]:not(:checked)').first();
      await expect(box).toBeVisible(AT_ONCE);
      const id = (await box.getAttribute('id'))!;
      await box.tap();
      await expect(page.locator(`[id="${id}"]`)).toBeChecked(AT_ONCE);
      await page.screenshot({ path: `test-results/first-tap-filters-${site.tenant.slug}.png` });
      release();
      await appAwake(page)();
      await page.waitForTimeout(500);
      await expect(filters).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator(`[id="${id}"]`)).toBeChecked();
      await expect(page.locator('#search-filters .facet input[type=checkbox]:checked')).toHaveCount(
        1,
      );
    },
  );
});
