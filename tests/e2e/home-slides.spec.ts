import type { Page } from '@playwright/test';
import { ADVANCE_MS } from '../../src/browser/home-slides';
import { expect, test } from './support/fixtures';

// The home page slides (tenant content.slides): they stay inside the page, move by buttons and
// keys, advance on their own only for shoppers who do not ask for reduced motion, and hold while
// the shopper is on them.

const currentDot = (page: Page) => page.locator('.home-slides__dot[aria-current=true]');

test.describe('home page slides', () => {
  test.beforeEach(({ site }) => {
    test.skip(site.tenant.content.slides.length < 2, 'this site has fewer than two home slides');
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    test(`at ${viewport.width} px the page does not scroll sideways and each slide fills the strip`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        slides: [...document.querySelectorAll('.home-slides__slide')].map(
          (slide) => slide.getBoundingClientRect().width,
        ),
      }));
      expect(widths.page).toBe(viewport.width);
      for (const width of widths.slides) expect(width).toBe(viewport.width);
    });
  }

  test('a slide’s photo is a right-sized <img>: srcset from phone to desktop, the first slide’s loaded first', async ({
    page,
    site,
  }) => {
    const slides = site.tenant.content.slides;
    test.skip(!slides.some((slide) => slide.image), 'no slide has a photo');
    await page.goto('/');
    const photos = page.locator('.home-slides__slide').locator('img.home-slides__image');
    await expect(photos).toHaveCount(slides.filter((slide) => slide.image).length);
    for (const photo of await photos.all()) {
      await expect(photo).toHaveAttribute('sizes', '100vw');
      expect((await photo.getAttribute('srcset'))!.split(', ').length).toBeGreaterThanOrEqual(4);
    }
    if (slides[0]!.image) {
      const first = page.locator('.home-slides__slide').first().locator('img');
      await expect(first).toHaveAttribute('fetchpriority', 'high');
      await expect(first).not.toHaveAttribute('loading', 'lazy');
      await expect
        .poll(() =>
          first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
        )
        .toBe(true);
    }
    // The caption over a photo is white on the photo darkened by 60% (readable on any photo).
    const captioned = page.locator('.home-slides__slide--photo').first();
    if (await captioned.count()) {
      await expect(captioned.locator('.home-slides__name')).toHaveCSS(
        'color',
        'rgb(255, 255, 255)',
      );
      expect(
        await captioned.evaluate((slide) => getComputedStyle(slide, '::before').backgroundColor),
      ).toBe('rgba(0, 0, 0, 0.6)');
    }
  });

  test('previous, next and position buttons move the slides; arrow keys too', async ({
    page,
    site,
  }) => {
    const slides = site.tenant.content.slides;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Featured' });
    const link = (index: number) =>
      carousel.getByRole('link', { name: `Find Out More about ${slides[index]!.name}` });
    await expect(currentDot(page)).toHaveAccessibleName(`Slide 1: ${slides[0]!.name}`);
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(currentDot(page)).toHaveAccessibleName(`Slide 2: ${slides[1]!.name}`);
    await expect(link(1)).toBeInViewport({ ratio: 1 });
    await expect(link(0)).not.toBeInViewport();
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await expect(currentDot(page)).toHaveAccessibleName(`Slide 1: ${slides[0]!.name}`);
    await carousel
      .getByRole('button', { name: `Slide ${slides.length}: ${slides.at(-1)!.name}` })
      .click();
    await expect(link(slides.length - 1)).toBeInViewport({ ratio: 1 });
    // Keyboard: the buttons are in the tab order, and arrow keys step while focus is in the carousel.
    await carousel.getByRole('button', { name: 'Previous slide' }).focus();
    await page.keyboard.press('Enter');
    await expect(currentDot(page)).toHaveAccessibleName(
      `Slide ${slides.length - 1}: ${slides.at(-2)!.name}`,
    );
    await page.keyboard.press('ArrowRight');
    await expect(currentDot(page)).toHaveAccessibleName(
      `Slide ${slides.length}: ${slides.at(-1)!.name}`,
    );
    // A slide out of view keeps its link out of the tab order.
    await expect(link(0)).not.toBeFocused();
    expect(await link(0).evaluate((element) => element.closest('[inert]') !== null)).toBe(true);
  });

  test('they advance on their own, but not while hovered or focused', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await page.mouse.move(5, 5);
    await page.clock.runFor(ADVANCE_MS + 100);
    await expect(currentDot(page)).toHaveAttribute('data-go', '1');
    await page.locator('.home-slides').hover();
    await page.clock.runFor(ADVANCE_MS * 2);
    await expect(currentDot(page)).toHaveAttribute('data-go', '1');
    await page.mouse.move(5, 5);
    await page.getByRole('button', { name: 'Next slide' }).focus();
    await page.clock.runFor(ADVANCE_MS * 2);
    await expect(currentDot(page)).toHaveAttribute('data-go', '1');
  });

  test('they never advance on their own for a shopper who prefers reduced motion', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await page.mouse.move(5, 5);
    await page.clock.runFor(ADVANCE_MS * 3);
    await expect(currentDot(page)).toHaveAttribute('data-go', '0');
  });
});
