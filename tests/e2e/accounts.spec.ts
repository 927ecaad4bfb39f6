import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { isAvailable } from '../../src/domain/stock';
import type { SiteData } from '../../src/site/types';
import { expect, test, waitForIslands } from './support/fixtures';
import { ROOT } from './support/tenants';

/** Where the local server's code sender writes each code (never in an API answer). */
const CODE_FILE = path.join(ROOT, '.data', 'sign-in-codes.log');

/** A fresh mobile number per test, so tests and reruns never share a code or a watchlist. */
function newPhone(): string {
  return `04${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** The code the local server "texted" to `phone` on this site. */
async function sentCode(site: SiteData, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      const lines = (() => {
        try {
          return readFileSync(CODE_FILE, 'utf8').trim().split('\n');
        } catch {
          return [];
        }
      })();
      const sent = lines
        .map((line) => JSON.parse(line) as { tenant: string; phone: string; code: string })
        .filter((entry) => entry.tenant === site.tenant.slug && entry.phone === phone);
      code = sent.at(-1)?.code;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** On the sign-in page: the mobile number, then the texted code. */
async function signInOnPage(page: Page, site: SiteData, phone: string): Promise<void> {
  await waitForIslands(page);
  await page.getByLabel('Mobile Number').fill(phone);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${phone}`)).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(await sentCode(site, phone));
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

function availableCar(site: SiteData) {
  const car = site.cars.find((candidate) => isAvailable(candidate));
  if (!car) throw new Error(`${site.tenant.slug} has no available car`);
  return car;
}

test.describe('accounts: sign-in, watchlist, gated routes', () => {
  // Several page loads and API calls per test, on a shared 2-core machine.
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(({ site }) => {
    test.skip(!site.tenant.features.watchlist, 'this site has no watchlist (features.watchlist is off)');
  });

  test('a signed-out shopper saves a car: sign-in, back, saved with a toast, listed, removed, signed out', async ({
    page,
    site,
    context,
    expectAccessible,
  }) => {
    const car = availableCar(site);
    const carPath = `/cars/${car.slug}`;
    const phone = newPhone();
    await page.goto(carPath);
    await waitForIslands(page);
    await page.getByRole('button', { name: `Save to Watchlist: ${car.name}` }).click();

    await expect(page).toHaveURL(/\/sign-in\?/, { timeout: 20_000 });
    const query = new URL(page.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({ type: 'watchlist', redirect: carPath, back: carPath });
    await expect(page.getByText('Sign in to save cars to your watchlist.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', carPath);
    await expectAccessible(page);
    await signInOnPage(page, site, phone);

    await expect(page).toHaveURL(carPath, { timeout: 20_000 });
    const toast = page.getByRole('status').filter({ hasText: 'Car Saved In Watchlist' });
    await expect(toast).toContainText(`${car.name} is now available in your watchlist`);
    await expect(page.getByRole('button', { name: `Saved to Watchlist: ${car.name}` })).toHaveAttribute('aria-pressed', 'true');
    const session = (await context.cookies()).find((cookie) => cookie.name === '__Host-session');
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    // The toast goes after 3000 ms.
    await expect(toast).toHaveCount(0, { timeout: 5000 });

    await page.getByRole('button', { name: `Saved to Watchlist: ${car.name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Car Removed' })).toContainText(`${car.name} is no longer in your watchlist`);
    await page.getByRole('button', { name: `Save to Watchlist: ${car.name}` }).click();
    await page.getByRole('status').getByRole('link', { name: 'View List' }).click();

    await expect(page).toHaveURL('/watchlist');
    const list = page.getByRole('list', { name: 'Saved cars' });
    await expect(list.getByRole('link', { name: car.name })).toHaveAttribute('href', carPath);
    await expectAccessible(page);
    await list.getByRole('button', { name: `Remove ${car.name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Car Removed' })).toContainText(`${car.name} is no longer in your watchlist`);
    await expect(page.getByText('Your watchlist is empty.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Your watchlist is empty.')).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    expect((await context.cookies()).find((cookie) => cookie.name === '__Host-session')).toBeUndefined();
    await page.goto('/watchlist');
    await expect(page).toHaveURL(/\/sign-in\?type=watchlist&redirect=%2Fwatchlist/, { timeout: 20_000 });
  });

  test('no user details are in the static HTML of account pages', async ({ page }) => {
    for (const url of ['/watchlist', '/my-garage', '/sign-in']) {
      const html = await (await page.request.get(url)).text();
      expect(html).not.toMatch(/04\d{8}/);
      expect(html).not.toContain('Signed in with');
    }
  });

  test('favourites and viewed cars survive a reload', async ({ page, site }) => {
    const [first, second] = site.cars.filter((car) => isAvailable(car));
    await page.goto(`/cars/${first!.slug}`);
    await page.goto(`/cars/${second!.slug}`);
    // A favourite as the heart stores it (src/stores/favourites.ts).
    await page.evaluate(
      (car) => localStorage.setItem('favourites', JSON.stringify([{ id: car.id, name: car.name, slug: car.slug, make: car.make, model: car.model }])),
      { id: String(first!.id), name: first!.name, slug: first!.slug, make: first!.make, model: first!.model },
    );
    await page.goto('/my-garage');
    if (site.tenant.features.sign_in_gated.includes('my-garage')) {
      await expect(page).toHaveURL(/\/sign-in\?type=my-garage&redirect=%2Fmy-garage/, { timeout: 20_000 });
      await signInOnPage(page, site, newPhone());
      await expect(page).toHaveURL('/my-garage', { timeout: 20_000 });
    }
    await page.reload();
    await waitForIslands(page);
    await expect(page.getByRole('list', { name: 'Favourite cars' }).getByRole('link', { name: first!.name })).toHaveAttribute('href', `/cars/${first!.slug}`);
    const viewed = page.getByRole('list', { name: 'Recently viewed cars' }).getByRole('listitem');
    await expect(viewed).toHaveCount(2);
    await expect(viewed.first()).toContainText(`${second!.make} ${second!.model}`);
    await expect(viewed.nth(1)).toContainText(`${first!.make} ${first!.model}`);
  });

  test('gated routes send a signed-out visitor to sign-in and open once signed in', async ({ page, site }) => {
    const car = availableCar(site);
    const gated = site.tenant.features.sign_in_gated;
    const routes: { kind: string; path: string }[] = [{ kind: 'watchlist', path: '/watchlist' }];
    if (gated.includes('my-garage')) routes.push({ kind: 'my-garage', path: '/my-garage' });
    if (gated.includes('checkout') && site.tenant.features.reserve) routes.push({ kind: 'checkout', path: `/cars/${car.slug}/checkout` });
    if (gated.includes('spin-to-win')) routes.push({ kind: 'spin-to-win', path: '/spin-to-win' });
    if (gated.includes('online-payment')) routes.push({ kind: 'online-payment', path: '/online-payment' });

    await page.goto('/');
    for (const route of routes) {
      await page.goto(route.path);
      await expect(page).toHaveURL(/\/sign-in\?/, { timeout: 20_000 });
      const query = Object.fromEntries(new URL(page.url()).searchParams);
      expect(query).toMatchObject({ type: route.kind, redirect: route.path });
    }
    // Checkout waits for the car: /checkout-journey without car_id stays put.
    if (gated.includes('checkout')) {
      await page.goto('/checkout-journey');
      await waitForIslands(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Buy Online' })).toBeVisible();
      await page.goto(`/checkout-journey?car_id=${car.slug}`);
      await expect(page).toHaveURL(/\/sign-in\?type=checkout/, { timeout: 20_000 });
    }

    await signInOnPage(page, site, newPhone());
    await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 20_000 });
    for (const route of routes) {
      await page.goto(route.path);
      await waitForIslands(page);
      await page.waitForLoadState('networkidle');
      await expect(page).toHaveURL(route.path);
    }
  });

  test('a save the API refuses is rolled back, with the message in an alert', async ({ page, site }) => {
    const car = availableCar(site);
    await page.goto(`/sign-in?type=watchlist&redirect=${encodeURIComponent(`/cars/${car.slug}`)}&back=/`);
    await signInOnPage(page, site, newPhone());
    await expect(page).toHaveURL(`/cars/${car.slug}`, { timeout: 20_000 });
    await waitForIslands(page);
    const button = page.getByRole('button', { name: `Save to Watchlist: ${car.name}` });
    await expect(button).toBeEnabled();

    // The session ends on the server (as when it expires) while the page still thinks it is signed in.
    expect((await page.request.post('/api/auth/sign-out', { data: {} })).ok()).toBe(true);
    const alerts: string[] = [];
    let pressedDuringCall: string | null = null;
    page.on('dialog', async (dialog) => {
      alerts.push(dialog.message());
      await dialog.accept();
    });
    await page.route('**/api/watchlist/save-car', async (route) => {
      // Look at the button while the real call is in flight: the list changed at once.
      pressedDuringCall = await button.or(page.getByRole('button', { name: `Saved to Watchlist: ${car.name}` })).getAttribute('aria-pressed');
      await route.continue();
    });
    await button.click();
    await expect.poll(() => alerts).toEqual(['Your session has ended. Please sign in again to change your watchlist.']);
    expect(pressedDuringCall).toBe('true');
    await expect(page.getByRole('button', { name: `Save to Watchlist: ${car.name}` })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('status').filter({ hasText: 'Car Saved In Watchlist' })).toHaveCount(0);
  });
});
