import type { Page } from '@playwright/test';
import { isAvailable } from '../../src/domain/stock';
import { NOT_FOUND_IMAGE } from '../../src/domain/vehicle/media';
import type { SiteData } from '../../src/site/types';
import { layoutShifts } from './support/layout-shifts';
import { expect, test } from './support/fixtures';
import { ONE_TENANT } from './support/tenants';

// Car photos are requested at the size they are shown (docs/images.md): every one has srcset,
// sizes, width and height; the page's main photo is fetched first; no photo arrives more than 1.5
// times wider than it is displayed times the screen's pixel ratio; a failed photo shows the
// not-found placeholder in the same box.

const CAR_PHOTOS = '.car-card__media img, .media img, .sticky-header img, .similar__card img';
const SEARCH = '/search/new-used-and-demo-cars';

function pagesOf(site: SiteData): { name: string; path: string; main?: string }[] {
  const available = site.cars.find(
    (car) => isAvailable(car) && car.images.length > 3 && !(car.spin_images?.length ?? 0),
  );
  const spin = site.cars.find((car) => (car.spin_images?.length ?? 0) > 1);
  return [
    { name: 'home', path: '/' },
    { name: 'search', path: SEARCH, main: '.results-grid__car:first-child img' },
    ...(available
      ? [{ name: 'vehicle', path: `/cars/${available.slug}`, main: '.media img' }]
      : []),
    ...(spin
      ? [{ name: 'vehicle with a 360 spin', path: `/cars/${spin.slug}`, main: '.media img' }]
      : []),
  ];
}

interface Photo {
  src: string | null;
  srcset: string | null;
  sizes: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
  priority: string | null;
  top: number;
}

function photosOnPage(page: Page): Promise<Photo[]> {
  return page.$$eval(CAR_PHOTOS, (images) =>
    images.map((img) => ({
      src: img.getAttribute('src'),
      srcset: img.getAttribute('srcset'),
      sizes: img.getAttribute('sizes'),
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      loading: img.getAttribute('loading'),
      priority: img.getAttribute('fetchpriority'),
      top: img.getBoundingClientRect().top + window.scrollY,
    })),
  );
}

/** Scroll down the page a screen at a time, so lazy photos and the similar cars load. */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()!.height;
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState('networkidle');
}

/** For each loaded car photo: its displayed width, the pixel ratio, and the width of the file the browser fetched. */
function loadedSizes(
  page: Page,
): Promise<{ src: string; shown: number; ratio: number; fetched: number }[]> {
  return page.$$eval(CAR_PHOTOS, async (images) => {
    const rows = [];
    for (const img of images as HTMLImageElement[]) {
      const shown = img.getBoundingClientRect().width;
      if (
        !img.complete ||
        img.naturalWidth === 0 ||
        shown === 0 ||
        /\.svgz?$/.test(new URL(img.currentSrc, location.href).pathname)
      )
        continue;
      // naturalWidth of an <img> with srcset is in CSS pixels (divided by the candidate's density):
      // load the same URL on its own for the file's real width.
      const probe = new Image();
      probe.src = img.currentSrc;
      await probe.decode();
      rows.push({
        src: img.currentSrc,
        shown,
        ratio: window.devicePixelRatio,
        fetched: probe.naturalWidth,
      });
    }
    return rows;
  });
}

for (const device of [
  {
    name: 'phone',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  },
  {
    name: 'desktop',
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
  },
]) {
  test.describe(`car photos on a ${device.name}`, () => {
    test.use({
      viewport: device.viewport,
      deviceScaleFactor: device.deviceScaleFactor,
      isMobile: device.isMobile,
      hasTouch: device.hasTouch,
    });

    test('no photo is fetched more than 1.5 times wider than it is shown times the pixel ratio; every one has srcset, sizes, width and height; the main photo is fetched first, photos below the fold lazily', async ({
      browser,
      page,
      site,
    }) => {
      test.slow();
      for (const { name, path, main } of pagesOf(site)) {
        // A fresh browser per page: a photo already in memory at a larger size is reused, not
        // fetched. This first visit also warms the resizer's disk cache, as every visitor after the
        // first finds it, for the second visit below.
        const context = await browser.newContext({
          ...device,
          baseURL: test.info().project.use.baseURL,
        });
        const fresh = await context.newPage();
        const requested = new Set<string>();
        fresh.on('requestfinished', (request) => requested.add(request.url()));
        await fresh.goto(path);
        await scrollThrough(fresh);
        const sizes = (await loadedSizes(fresh)).filter((row) => requested.has(row.src));
        await context.close();
        expect(sizes.length, `${name}: loaded photos`).toBeGreaterThan(0);
        // One file can serve several <img>: it was requested for the largest of them.
        const largestUse = new Map<string, number>();
        for (const row of sizes)
          largestUse.set(row.src, Math.max(largestUse.get(row.src) ?? 0, row.shown * row.ratio));
        const tooLarge = sizes.filter((row) => row.fetched > 1.5 * largestUse.get(row.src)! + 1);
        expect(tooLarge, `${name}: photos fetched too large`).toEqual([]);

        await page.goto(path);
        const photos = (await photosOnPage(page)).filter((photo) => photo.src !== NOT_FOUND_IMAGE);
        expect(photos.length, `${name}: car photos`).toBeGreaterThan(0);
        for (const photo of photos) {
          expect(photo.srcset, `${name}: srcset of ${photo.src}`).toMatch(/ \d+w(, |$)/);
          expect(photo.sizes, `${name}: sizes of ${photo.src}`).toBeTruthy();
          expect(Number(photo.width), `${name}: width of ${photo.src}`).toBeGreaterThan(0);
          expect(Number(photo.height), `${name}: height of ${photo.src}`).toBeGreaterThan(0);
          if (photo.top > device.viewport.height)
            expect(photo.loading, `${name}: ${photo.src} is below the fold`).toBe('lazy');
        }
        if (main) {
          const first = page.locator(main).first();
          await expect(first, `${name}: the main photo`).toHaveAttribute('fetchpriority', 'high');
          expect(
            await first.getAttribute('loading'),
            `${name}: the main photo is not lazy`,
          ).not.toBe('lazy');
          const lcp = await page.evaluate(
            (mainSelector) =>
              new Promise<{ tag: string; isMain: boolean; tiesMain: boolean } | null>((resolve) => {
                new PerformanceObserver((list) => {
                  const element = (
                    list.getEntries().at(-1) as
                      (PerformanceEntry & { element?: Element }) | undefined
                  )?.element;
                  resolve(
                    element
                      ? {
                          tag: element.tagName,
                          isMain: element.getAttribute('fetchpriority') === 'high',
                          // Cards of one size (a search grid): the first of them to paint is the
                          // LCP, which on a busy machine need not be the one fetched first.
                          tiesMain: area(element) === area(document.querySelector(mainSelector)),
                        }
                      : null,
                  );
                }).observe({ type: 'largest-contentful-paint', buffered: true });
                setTimeout(() => resolve(null), 3000);
                function area(element: Element | null): number {
                  const box = element?.getBoundingClientRect();
                  return box ? Math.round(box.width) * Math.round(box.height) : -1;
                }
              }),
            main,
          );
          // When the largest thing painted is a photo, it is the one fetched first.
          if (lcp?.tag === 'IMG')
            expect(
              lcp.isMain || lcp.tiesMain,
              `${name}: the LCP image has fetchpriority=high (or is the same size as the one that has)`,
            ).toBe(true);
        }
        expect(
          photos.filter((photo) => photo.priority === 'high').length,
          `${name}: one photo fetched first at most`,
        ).toBeLessThanOrEqual(1);
      }
    });
  });
}

test.describe('a photo that fails', () => {
  for (const failure of ['404', 'timeout', 'not an image'] as const) {
    test(
      `(${failure}) shows the not-found placeholder in the same 3:2 box, with no layout shift`,
      { tag: ONE_TENANT },
      async ({ page, site }) => {
        const car = site.cars.find(
          (candidate) =>
            isAvailable(candidate) &&
            candidate.images.length > 3 &&
            !(candidate.spin_images?.length ?? 0),
        );
        test.skip(!car, 'no car with a photo gallery');
        const photo = car!.images[0]!.image.url;
        await page.route(
          (url) => url.pathname === '/api/image' && url.searchParams.get('url') === photo,
          (route) =>
            failure === '404'
              ? route.fulfill({ status: 404, body: 'Not found' })
              : failure === 'timeout'
                ? route.abort('timedout')
                : route.fulfill({
                    status: 200,
                    contentType: 'text/html',
                    body: '<!doctype html><title>Oops</title>',
                  }),
        );
        await page.goto(`/cars/${car!.slug}`);
        const main = page.locator('.media img').first();
        await expect(main).toHaveAttribute('src', NOT_FOUND_IMAGE);
        await expect(main).not.toHaveAttribute('srcset');
        await expect
          .poll(() =>
            main.evaluate(
              (img) =>
                (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
            ),
          )
          .toBe(true);
        const box = (await main.boundingBox())!;
        expect(box.height).toBeCloseTo((box.width * 2) / 3, 0);
        const shifts = await layoutShifts(page);
        expect(shifts.reduce((sum, shift) => sum + shift.value, 0)).toBeLessThan(0.01);
      },
    );
  }

  test(
    'on a search result card shows the placeholder in the card photo box',
    { tag: ONE_TENANT },
    async ({ page }) => {
      await page.goto(SEARCH);
      const first = page.locator('.results-grid__car:first-child img');
      const photo = new URL((await first.getAttribute('src'))!, page.url()).searchParams.get('url');
      await page.route(
        (url) => url.pathname === '/api/image' && url.searchParams.get('url') === photo,
        (route) => route.fulfill({ status: 404, body: 'Not found' }),
      );
      await page.reload();
      await expect(first).toHaveAttribute('src', NOT_FOUND_IMAGE);
      await expect
        .poll(() =>
          first.evaluate(
            (img) =>
              (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
        )
        .toBe(true);
      const box = (await first.boundingBox())!;
      expect(box.height).toBeCloseTo((box.width * 2) / 3, 0);
    },
  );
});
