import { formatPrice } from '../../src/domain/format';
import { runningOffers } from '../../src/domain/offers';
import { defaultPromoExpiry } from '../../src/domain/promos';
import type { SiteData } from '../../src/site/types';
import { isAvailable } from '../../src/domain/stock';
import { isCurrentLink } from '../../src/site/navigation';
import { modelPath } from '../../src/site/paths';
import { expect, test } from './support/fixtures';

function hasRunningOffers(site: SiteData) {
  return (
    runningOffers(
      site.offers,
      Date.parse(site.builtAt),
      defaultPromoExpiry(site.tenant.promos.default_expiry),
    ).length > 0
  );
}

test.describe('every page shares the site layout', () => {
  test('home page: welcome, range view, buttons and feature banner as SPEC', async ({
    page,
    site,
  }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`^${site.tenant.name} \\| `));
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome to ${site.tenant.name}` }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'View the Range Below' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Stock' })).toHaveAttribute(
      'href',
      site.tenant.links.stock,
    );
    if (hasRunningOffers(site))
      await expect(page.getByRole('link', { name: 'View Offers' }).first()).toHaveAttribute(
        'href',
        '/special-offers',
      );
    else
      await expect(
        page.locator('.home-hero').getByRole('link', { name: 'About Us' }),
      ).toHaveAttribute('href', '/about-us');
    await expect(page.getByRole('heading', { name: 'Latest Offers' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Book a Service Online' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sell Your Car' })).toBeVisible();
    await expect(page.getByText('Get an instant offer in 2 minutes')).toBeVisible();
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
      'href',
      `${site.tenant.url.replace(/\/$/, '')}/`,
    );
    await expect(page.locator('meta[name=description]')).toHaveAttribute(
      'content',
      site.tenant.description,
    );
  });

  test('header menu: SPEC entries in order, Offers only when the dealer has offers', async ({
    page,
    site,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const topLevel = nav.locator(':scope > ul > li > a, :scope > ul > li > details > summary');
    const expected = [
      'Home',
      'Vehicles',
      'Our Stock',
      ...(hasRunningOffers(site) ? ['Offers'] : []),
      'Finance',
      'Service & Parts',
      'Company',
    ];
    await expect(topLevel).toHaveText(expected);
  });

  test('the header marks the page the shopper is on, page by page', async ({ page, site }) => {
    // Pages that mark the same links share one rendered header (RenderOnce, keyed by the marked
    // links); each page must still mark exactly its own: top-level, dropdown and mega-menu links.
    const nav = page.getByRole('navigation', { name: 'Main' });
    const model = site.models.find((candidate) => !candidate.override_url);
    const paths = [
      '/',
      '/about-us',
      '/contact-us',
      `/cars/${site.cars[0]!.slug}`,
      site.tenant.links.service,
      site.tenant.links.stock,
      ...(model ? [modelPath(model, site.tenant.template)] : []),
    ];
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      // Menu entries only: brand logos and "View all" links are never marked.
      const links = await nav.evaluate((element) =>
        [...element.querySelectorAll('a')]
          .filter(
            (link) =>
              !link.closest('.mega-menu__brands') && !link.classList.contains('mega-menu__all'),
          )
          .map((link) => ({
            href: link.getAttribute('href') ?? '',
            current: link.getAttribute('aria-current') === 'page',
          })),
      );
      expect(links.length, path).toBeGreaterThan(3);
      for (const { href, current } of links)
        expect(current, `${path}: ${href}`).toBe(isCurrentLink(href, path));
    }
  });

  test('dropdowns open by keyboard and close with Escape', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const company = page
      .getByRole('navigation', { name: 'Main' })
      .locator('summary', { hasText: 'Company' });
    await company.focus();
    await page.keyboard.press('Enter');
    const aboutUs = page.getByRole('link', { name: 'Terms And Conditions' });
    await expect(aboutUs).toBeVisible();
    for (const label of ['About Us', 'Contact Us', 'Fleet', 'Careers'])
      await expect(
        page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: label, exact: true }),
      ).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(aboutUs).toBeHidden();
    await expect(company).toBeFocused();
  });

  test('dropdowns open on mouse hover', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .locator('summary', { hasText: 'Service & Parts' })
      .hover();
    await expect(
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Parts and Accessories' }),
    ).toBeVisible();
  });

  test('on a phone the menu sits behind a Menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const finance = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Finance', exact: true });
    await expect(finance).toBeHidden();
    await page.getByText('Menu', { exact: true }).click();
    await expect(finance).toBeVisible();
  });

  test('footer groups as SPEC', async ({ page, site }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    for (const heading of ['Buyer Tools', 'Service & Parts', site.tenant.name])
      await expect(footer.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(
      footer.getByRole('heading', { name: site.models.length ? 'Models' : 'Makes', exact: true }),
    ).toBeVisible();
    const tools = footer.getByRole('navigation', { name: 'Buyer Tools' });
    await expect(tools.getByRole('link', { name: 'Finance' })).toHaveAttribute(
      'href',
      site.tenant.links.finance,
    );
    await expect(tools.getByRole('link', { name: 'Trade In' })).toHaveAttribute(
      'href',
      site.tenant.links.trade_in,
    );
    await expect(tools.getByRole('link', { name: 'Test Drive' })).toHaveAttribute(
      'href',
      site.tenant.links.test_drive,
    );
    const dealer = footer.getByRole('navigation', { name: site.tenant.name });
    await expect(dealer.getByRole('link')).toHaveText([
      'About',
      'Contact',
      'Fleet',
      'Careers',
      'Terms',
      'Privacy',
    ]);
  });

  test('group sites show the stats banner and the brand grid; caravan sites say Caravans', async ({
    page,
    site,
  }) => {
    await page.goto('/');
    if (site.tenant.template === 'group') {
      for (const stat of ['50+ Locations', '40+ Brands', '30+ Years Est.'])
        await expect(page.getByText(stat, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Our Brands' })).toBeVisible();
      for (const category of ['Car', 'Motorcycle', 'Truck'])
        await expect(
          page.getByRole('heading', { level: 3, name: category, exact: true }),
        ).toBeVisible();
    } else {
      await expect(page.getByRole('heading', { name: 'Our Brands' })).toHaveCount(0);
    }
    if (site.tenant.template === 'caravan') {
      await expect(page.locator('.home-hero').getByText('Caravans', { exact: true })).toBeVisible();
      await expect(
        page.locator('footer').getByRole('link', { name: 'All Caravans' }),
      ).toBeVisible();
    }
  });

  test('a vehicle page per listed car, with title, price and canonical URL', async ({
    page,
    site,
  }) => {
    const car = site.cars.find(
      (c) => isAvailable(c) && typeof c.price === 'number' && c.price > 0,
    )!;
    await page.goto(`/cars/${car.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: car.name })).toBeVisible();
    await expect(page.locator('.vehicle__price .price')).toHaveText(formatPrice(car.price!));
    await expect(page).toHaveTitle(`${car.name} | ${site.tenant.name}`);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
      'href',
      `${site.tenant.url.replace(/\/$/, '')}/cars/${car.slug}`,
    );
  });

  test('/cars/ lists the whole stock, as the all-cars search does, and its cards open vehicle pages', async ({
    page,
  }) => {
    // The pre-rendered counts, as served (the app updates them once it answers).
    const staticCount = async (path: string) =>
      /id="search-results-heading"[^>]*>([^<]+)</.exec(
        await (await page.request.get(path)).text(),
      )?.[1];
    const count = await staticCount('/search/new-used-and-demo-cars');
    expect(count).toMatch(/^[\d,]+ /);
    expect(await staticCount('/cars/')).toBe(count);
    await page.goto('/cars/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^New, Used and Demo /);
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/cars\/$/);
    const first = page.getByRole('link', { name: /^View Details/ }).first();
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/cars\/[a-z0-9-]+$/);
    const response = await page.goto(href!);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('unknown pages answer 404 with a way back', async ({ page, site }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Browse our/ })).toHaveAttribute(
      'href',
      site.tenant.links.stock,
    );
  });

  test('sitemap.xml lists the pages and robots.txt points to it', async ({ request, site }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const origin = site.tenant.url.replace(/\/$/, '');
    expect(sitemap).toContain(`<loc>${origin}/</loc>`);
    for (const car of site.cars.slice(0, 5))
      expect(sitemap).toContain(`<loc>${origin}/cars/${car.slug}</loc>`);
    expect(sitemap).not.toContain('/404<');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    for (const [icon, size] of [
      ['/favicon.png', 64],
      ['/apple-touch-icon.png', 180],
    ] as const) {
      const response = await request.get(icon);
      expect(response.headers()['content-type']).toContain('image/png');
      const png = await response.body();
      // PNG signature, then the IHDR chunk's width and height
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
  });
});
