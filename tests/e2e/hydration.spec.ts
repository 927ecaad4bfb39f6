import type { Car } from '../../src/feeds/schemas';
import { canFavourite } from '../../src/domain/favourite-eligibility';
import { isAvailable } from '../../src/domain/stock';
import { availableViews, defaultView, gallerySlides } from '../../src/domain/vehicle/media';
import { expect, hydrateByInteraction, test } from './support/fixtures';
import { ONE_TENANT } from './support/tenants';

/**
 * The vehicle page's islands (viewer, favourite, watchlist) are client:interaction: nothing of
 * React is fetched until the shopper touches one, and that first touch still does what it says.
 */
test.describe('vehicle page: islands wake on interaction', () => {
  const galleryCar = (cars: Car[], view: (car: Car) => string) =>
    cars.find(
      (car) =>
        view(car) === 'gallery' &&
        gallerySlides(car, 'start').filter((slide) => slide.kind === 'image').length > 1,
    );

  test(
    'no island code loads with the page; the first tap on Next image hydrates the viewer and moves it',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = galleryCar(site.cars, (c) =>
        defaultView(availableViews(c), site.tenant.features.default_media_view),
      );
      test.skip(!car, `${site.tenant.slug} has no car that opens on a gallery of several photos`);
      const scripts: string[] = [];
      page.on(
        'request',
        (request) =>
          request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname),
      );
      await page.goto(`/cars/${car!.slug}`);
      await page.waitForLoadState('networkidle');
      const island = page.locator('astro-island', { has: page.locator('.media') });
      const componentUrl = (await island.getAttribute('component-url'))!;
      const rendererUrl = (await island.getAttribute('renderer-url'))!;
      expect(scripts).not.toContain(componentUrl);
      expect(scripts).not.toContain(rendererUrl);
      await expect(island).toHaveAttribute('ssr', '');

      const count = gallerySlides(car!, site.tenant.stock.video_position).length;
      await page.getByRole('button', { name: 'Next image' }).click();
      await expect(page.getByTestId('slide-counter')).toHaveText(`2 / ${count}`);
      expect(scripts).toContain(componentUrl);
    },
  );

  test(
    'keyboard: focus wakes the viewer, and an arrow key pressed while it wakes still turns the page',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = galleryCar(site.cars, (c) =>
        defaultView(availableViews(c), site.tenant.features.default_media_view),
      );
      test.skip(!car, `${site.tenant.slug} has no car that opens on a gallery of several photos`);
      await page.goto(`/cars/${car!.slug}`);
      const island = page.locator('astro-island', { has: page.locator('.media') });
      await page.getByRole('button', { name: 'Next image' }).focus();
      await page.keyboard.press('ArrowRight'); // no wait: the island is still waking
      await expect(island).not.toHaveAttribute('ssr', { timeout: 15_000 });
      await expect(page.getByTestId('slide-counter')).toHaveText(new RegExp('^2 / '));
      await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId('slide-counter')).toHaveText(new RegExp('^3 / '));
    },
  );

  test(
    'a saved favourite shows saved at load, without a touch (the island wakes for stored state)',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      test.skip(!site.tenant.features.favourites, 'this site has no favourites');
      const car = site.cars.find(
        (c) =>
          isAvailable(c) &&
          canFavourite(c.price, c.primary_image_url ?? c.images[0]?.image.url ?? c.thumbnails?.[0]),
      )!;
      await page.goto(`/cars/${car.slug}`);
      const heart = page.getByRole('button', { name: `Favourite ${car.name}` });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await page.evaluate((saved) => localStorage.setItem('favourites', JSON.stringify([saved])), {
        id: String(car.id),
        name: car.name,
        slug: car.slug,
        make: car.make,
        model: car.model,
        primary_image_url: '',
      });
      await page.reload();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
    },
  );

  test(
    'hover wakes the viewer for a mouse user before they click',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = galleryCar(site.cars, (c) =>
        defaultView(availableViews(c), site.tenant.features.default_media_view),
      );
      test.skip(!car, `${site.tenant.slug} has no car that opens on a gallery of several photos`);
      await page.goto(`/cars/${car!.slug}`);
      await hydrateByInteraction(page.locator('astro-island', { has: page.locator('.media') }));
    },
  );

  test('a 360 spin turns once on load without any island code, then stops on its first frame', async ({
    page,
    site,
  }) => {
    const car = site.cars.find(
      (c) => defaultView(availableViews(c), site.tenant.features.default_media_view) === 'spin',
    );
    test.skip(
      !car || !site.tenant.features.spin_auto_rotate,
      `${site.tenant.slug} opens no car on a turning spin`,
    );
    const scripts: string[] = [];
    page.on(
      'request',
      (request) =>
        request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname),
    );
    // Every angle the spin shows, recorded in the page as it turns: polled from here, a busy
    // machine saw only two of them on a turn that takes a second or two.
    await page.addInitScript(() => {
      const seen = new Set<string>();
      (window as unknown as { spinAngles: Set<string> }).spinAngles = seen;
      new MutationObserver((records) => {
        for (const record of records)
          if ((record.target as Element).getAttribute('role') === 'slider')
            seen.add((record.target as Element).getAttribute('aria-valuenow') ?? '');
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    await page.goto(`/cars/${car!.slug}`);
    const spin = page.getByRole('slider', { name: /360 view/ });
    await expect.poll(() => spin.getAttribute('data-rotating')).toBe('false');
    const angles = await page.evaluate(
      () => (window as unknown as { spinAngles: Set<string> }).spinAngles.size,
    );
    expect(angles).toBeGreaterThan(2); // it showed several angles on the way round
    await expect(spin).toHaveAttribute('aria-valuenow', '1');
    const island = page.locator('astro-island', { has: spin });
    expect(scripts).not.toContain(await island.getAttribute('component-url'));
  });

  test('no turn for a shopper who asked for less motion', async ({ page, site }) => {
    const car = site.cars.find(
      (c) => defaultView(availableViews(c), site.tenant.features.default_media_view) === 'spin',
    );
    test.skip(
      !car || !site.tenant.features.spin_auto_rotate,
      `${site.tenant.slug} opens no car on a turning spin`,
    );
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/cars/${car!.slug}`);
    const spin = page.getByRole('slider', { name: /360 view/ });
    await expect(spin).toHaveAttribute('data-rotating', 'false');
    await page.waitForTimeout(500);
    await expect(spin).toHaveAttribute('aria-valuenow', '1');
  });
});
