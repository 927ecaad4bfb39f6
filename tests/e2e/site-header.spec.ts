import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { ONE_TENANT } from './support/tenants';

// The desktop dropdowns (SPEC: a dropdown opens by hover or click) and the header's fit at the
// desktop widths shoppers use.
test.describe('desktop header menus', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  for (const [label, link] of [
    ['Vehicles', undefined],
    ['Service & Parts', 'Parts and Accessories'],
    ['Company', 'About Us'],
  ] as const) {
    test(`${label}: a mouse click after the hover leaves the menu open; a click elsewhere closes it`, async ({
      page,
    }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const summary = nav.locator('summary', { hasText: label });
      const menu = nav.locator('details[data-menu]', {
        has: page.locator('summary', { hasText: label }),
      });
      await summary.hover();
      await expect(menu).toHaveAttribute('open', '');
      await summary.click();
      await expect(menu).toHaveAttribute('open', '');
      const entry = link
        ? nav.getByRole('link', { name: link, exact: true })
        : menu.locator('.submenu a').first();
      await expect(entry).toBeVisible();
      // Clicked open, it stays open while the mouse travels into the menu and around it.
      await page.mouse.move(5, 600);
      await expect(entry).toBeVisible();
      await page.mouse.click(5, 600);
      await expect(menu).not.toHaveAttribute('open');
    });
  }

  test(
    'a click on an open menu title closes it; Escape closes a clicked-open menu',
    { tag: ONE_TENANT },
    async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const summary = nav.locator('summary', { hasText: 'Company' });
      const menu = nav.locator('details[data-menu]', {
        has: page.locator('summary', { hasText: 'Company' }),
      });
      await summary.click();
      await expect(menu).toHaveAttribute('open', '');
      await summary.click();
      await expect(menu).not.toHaveAttribute('open');
      await summary.click();
      await expect(nav.getByRole('link', { name: 'About Us', exact: true })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).not.toHaveAttribute('open');
      await expect(summary).toBeFocused();
    },
  );

  test(
    'a menu opened by hover alone closes when the mouse leaves',
    { tag: ONE_TENANT },
    async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const summary = nav.locator('summary', { hasText: 'Service & Parts' });
      await summary.hover();
      await expect(nav.getByRole('link', { name: 'Parts and Accessories' })).toBeVisible();
      await page.mouse.move(5, 600);
      await expect(nav.getByRole('link', { name: 'Parts and Accessories' })).toBeHidden();
    },
  );

  test(
    'keyboard: Enter opens, arrows move through the entries, Escape closes',
    { tag: ONE_TENANT },
    async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      const summary = nav.locator('summary', { hasText: 'Company' });
      await summary.focus();
      await page.keyboard.press('Enter');
      await expect(nav.getByRole('link', { name: 'About Us', exact: true })).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await expect(nav.getByRole('link', { name: 'About Us', exact: true })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(nav.getByRole('link', { name: 'About Us', exact: true })).toBeHidden();
      await expect(summary).toBeFocused();
    },
  );
});

for (const width of [1366, 1200, 992]) {
  test(`at ${width} px the header fits: site name and menu entries on one line each, carets beside their labels, the menu in one row`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const lines = await page.locator('.site-header').evaluate((header) =>
      [
        ...header.querySelectorAll<HTMLElement>(
          '.site-header__brand, .site-header__phone, .main-nav > ul > li > a, .main-nav > ul > li > details > summary',
        ),
      ].map((entry) => {
        const style = getComputedStyle(entry);
        const height =
          entry.getBoundingClientRect().height -
          Number.parseFloat(style.paddingTop) -
          Number.parseFloat(style.paddingBottom);
        return `${entry.textContent?.trim()}: ${Math.round(height / Number.parseFloat(style.lineHeight))} line(s)`;
      }),
    );
    expect(lines.filter((line) => !line.endsWith(': 1 line(s)'))).toEqual([]);
    // The menu is one row (it may sit on a row of its own below the name when both do not fit).
    const tops = await page
      .locator('.main-nav > ul > li')
      .evaluateAll(
        (items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size,
      );
    expect(tops, 'rows of menu entries').toBe(1);
  });
}

for (const width of [1366, 1200, 992]) {
  test(`at ${width} px the menu lines up with the bar: first label under the brand on a row of its own, else last label at the right edge`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const edges = await page.locator('.site-header__bar').evaluate((bar) => {
      // Where an entry's label (with a dropdown's caret) starts and ends: inside its padding.
      const content = (element: Element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return {
          top: box.top,
          bottom: box.bottom,
          left: box.left + Number.parseFloat(style.paddingLeft),
          right: box.right - Number.parseFloat(style.paddingRight),
        };
      };
      const entries = [
        ...bar.querySelectorAll('.main-nav > ul > li > a, .main-nav > ul > li > details > summary'),
      ];
      const brand = content(bar.querySelector('.site-header__brand')!);
      const first = content(entries[0]!);
      return {
        ownRow: first.top >= brand.bottom,
        brandLeft: brand.left,
        firstLeft: first.left,
        lastRight: content(entries.at(-1)!).right,
        barRight: content(bar).right,
      };
    });
    if (edges.ownRow)
      expect(
        Math.abs(edges.firstLeft - edges.brandLeft),
        'first menu label from the brand’s left edge',
      ).toBeLessThanOrEqual(1);
    else
      expect(
        Math.abs(edges.barRight - edges.lastRight),
        'last menu label from the bar’s right edge',
      ).toBeLessThanOrEqual(1);
  });
}

// The browser may paint the header before all of it is parsed: what is already on screen must not
// move when the rest arrives (a layout shift in about 1 load in 4 at a phone's speed).

/** Top and left of each element, rounded (null where the page has none). */
function positions(page: Page, selectors: string[]) {
  return page.evaluate(
    (list) =>
      list.map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return box ? [Math.round(box.top), Math.round(box.left)] : null;
      }),
    selectors,
  );
}
test.describe('phone header', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test('the site name and the Compare link are where they were before the Menu button was parsed', async ({
    page,
  }) => {
    await page.goto('/search/new-used-and-demo-cars');
    const boxes = () => positions(page, ['.site-header__brand', '.compare-link', 'main']);
    const complete = await boxes();
    // As the page is while its header is still being parsed: everything after the site name's link
    // and the Compare link (the Menu button, the menu) not there yet.
    await page.evaluate(() =>
      document
        .querySelectorAll('.site-header .nav-toggle, .site-header .main-nav')
        .forEach((element) => element.remove()),
    );
    expect(await boxes()).toEqual(complete);
  });
});

test.describe('desktop header while it is parsed', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('the menu shows only once all its entries are parsed, and nothing else moves meanwhile', async ({
    page,
  }) => {
    await page.goto('/search/new-used-and-demo-cars');
    const menu = page.locator('.main-nav > ul');
    await expect(menu).toBeVisible();
    const boxes = () => positions(page, ['.site-header__brand', '.site-header__phone', 'main']);
    const complete = await boxes();
    // As the page is while the parser is inside the menu: its last entry and the marker after it not there yet.
    await page.evaluate(() => {
      document.querySelector('.main-nav > ul > li:last-child')?.remove();
      document.querySelector('.main-nav__parsed')?.remove();
    });
    await expect(menu).toBeHidden();
    expect(await boxes()).toEqual(complete);
  });
});
