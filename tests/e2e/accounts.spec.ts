import type { Locator, Page } from '@playwright/test';
import { AccountStore } from '../../api/accounts/store';
import { openStore, type Store } from '../../api/storage/store';
import { titleWithYear } from '../../src/domain/garage';
import { isReservable } from '../../src/domain/reservable';
import { isAvailable } from '../../src/domain/stock';
import type { SiteData } from '../../src/site/types';
import { gatedLeadPages } from '../../src/domain/leads/forms';
import { expect, test, waitForIslands } from './support/fixtures';
import { ONE_TENANT } from './support/tenants';
import { newPhone, signInByApi, signInOnPage } from './support/sign-in';

/**
 * The vehicle page's Save to Watchlist button once it works: hydrated and the session known (it is
 * disabled until then). Not waitForIslands: the page's client:visible islands below the fold never hydrate.
 */
async function watchlistButton(page: Page, name: string, saved = false) {
  const button = page.getByRole('button', {
    name: `${saved ? 'Saved' : 'Save'} to Watchlist: ${name}`,
  });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeEnabled({ timeout: 20_000 });
  return button;
}

/** Wait until the island holding `element` has hydrated (client:visible ones only once scrolled to). */
async function hydrated(element: Locator): Promise<void> {
  await element.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      element.evaluate((node) => node.closest('astro-island')?.hasAttribute('ssr') ?? false),
    )
    .toBe(false);
}

/** A car the vehicle page offers 'Reserve Car Now' for, with a /cars/{slug}/checkout page. */
function reservableCar(site: SiteData) {
  const car = site.cars.find(
    (candidate) => isReservable(candidate) && candidate.status === 'in_stock',
  );
  if (!car) throw new Error(`${site.tenant.slug} has no reservable car`);
  return car;
}

/**
 * A reservable car that nobody holds in the store yet (a car takes one reservation, and earlier runs
 * keep theirs). `from: 'end'` picks from the other end of the stock, so tests running side by side
 * never race for one car.
 */
async function unreservedCar(site: SiteData, store: Store, from: 'start' | 'end' = 'start') {
  const held = new Set(await store.reservedCars(site.tenant.slug));
  const free = site.cars.filter(
    (candidate) =>
      isReservable(candidate) && candidate.status === 'in_stock' && !held.has(String(candidate.id)),
  );
  const car = from === 'start' ? free[0] : free.at(-1);
  if (!car) throw new Error(`${site.tenant.slug} has no reservable car left`);
  return car;
}

function availableCar(site: SiteData) {
  const car = site.cars.find((candidate) => isAvailable(candidate));
  if (!car) throw new Error(`${site.tenant.slug} has no available car`);
  return car;
}

test.describe('accounts: watchlist', () => {
  // Several page loads and API calls per test (the first test has a dozen), on a shared 2-core machine.
  test.describe.configure({ timeout: 240_000 });
  test.beforeEach(({ site }) => {
    test.skip(
      !site.tenant.features.watchlist,
      'this site has no watchlist (features.watchlist is off)',
    );
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
    await (await watchlistButton(page, car.name)).click();

    await expect(page).toHaveURL(/\/sign-in\?/, { timeout: 20_000 });
    const query = new URL(page.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      type: 'watchlist',
      redirect: carPath,
      back: carPath,
    });
    await expect(page.getByText('Sign in to save cars to your watchlist.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', carPath);
    await expectAccessible(page);
    await signInOnPage(page, site, phone);

    // Back on the car: the waiting save went through, with its toast.
    await expect(page).toHaveURL(carPath, { timeout: 20_000 });
    const toast = page.getByRole('status').filter({ hasText: 'Car Saved In Watchlist' });
    await expect(toast).toContainText(`${car.name} is now available in your watchlist`, {
      timeout: 20_000,
    });
    await expect(toast.getByRole('link', { name: 'View List' })).toHaveAttribute(
      'href',
      '/watchlist',
    );
    await expect(
      page.getByRole('button', { name: `Saved to Watchlist: ${car.name}` }),
    ).toHaveAttribute('aria-pressed', 'true');
    const session = (await context.cookies()).find((cookie) => cookie.name === '__Host-session');
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    // The toast goes after 3000 ms.
    await expect(toast).toHaveCount(0, { timeout: 5000 });
    // Saved on the server, not just in this page: a reload still shows it saved.
    await page.reload();
    await watchlistButton(page, car.name, true);

    await (await watchlistButton(page, car.name, true)).click();
    await expect(page.getByRole('status').filter({ hasText: 'Car Removed' })).toContainText(
      `${car.name} is no longer in your watchlist`,
    );
    if (site.tenant.features.share) {
      // One toast at a time (SPEC 9): Share's replaces the watchlist's.
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.locator('.vehicle__tools').getByRole('button', { name: 'Share' }).click();
      await expect(
        page.getByRole('status').getByText(`Copied ${car.name} to your clipboard!`),
      ).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Car Removed' })).toHaveCount(0);
    }
    await page.getByRole('button', { name: `Save to Watchlist: ${car.name}` }).click();
    if (site.tenant.features.share)
      await expect(
        page.getByRole('status').getByText(`Copied ${car.name} to your clipboard!`),
      ).toHaveCount(0);
    await page.getByRole('status').getByRole('link', { name: 'View List' }).click();

    await expect(page).toHaveURL('/watchlist');
    const list = page.getByRole('list', { name: 'Saved cars' });
    await expect(list.getByRole('link', { name: car.name })).toHaveAttribute('href', carPath);
    await expectAccessible(page);
    await list.getByRole('button', { name: `Remove ${car.name}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Car Removed' })).toContainText(
      `${car.name} is no longer in your watchlist`,
    );
    await expect(page.getByText('Your watchlist is empty.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Your watchlist is empty.')).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    expect(
      (await context.cookies()).find((cookie) => cookie.name === '__Host-session'),
    ).toBeUndefined();
    await page.goto('/watchlist');
    await expect(page).toHaveURL(/\/sign-in\?type=watchlist&redirect=%2Fwatchlist/, {
      timeout: 20_000,
    });
  });

  test(
    'a save the API refuses is rolled back, with the message in an alert',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = availableCar(site);
      await page.goto(
        `/sign-in?type=watchlist&redirect=${encodeURIComponent(`/cars/${car.slug}`)}&back=/`,
      );
      await signInOnPage(page, site, newPhone());
      await expect(page).toHaveURL(`/cars/${car.slug}`, { timeout: 20_000 });
      const button = await watchlistButton(page, car.name);
      // Wake the button and let it read the session first: a button that woke on the click would
      // ask for the session after it ended and send the shopper to sign in instead.
      await button.hover();
      await hydrated(button);
      await page.waitForLoadState('networkidle');

      // The session ends on the server (as when it expires) while the page still thinks it is signed
      // in, so the real endpoint refuses the save (no faked answer).
      expect((await page.request.post('/api/auth/sign-out', { data: {} })).ok()).toBe(true);
      const alerts: string[] = [];
      let pressedDuringCall: string | null = null;
      page.on('dialog', async (dialog) => {
        alerts.push(dialog.message());
        await dialog.accept();
      });
      await page.route('**/api/watchlist/save-car', async (route) => {
        // Look at the button while the real call is in flight: the list changed at once.
        pressedDuringCall = await page
          .getByRole('button', { name: `Saved to Watchlist: ${car.name}` })
          .getAttribute('aria-pressed');
        await route.continue();
      });
      await button.click();
      await expect
        .poll(() => alerts)
        .toEqual(['Your session has ended. Please sign in again to change your watchlist.']);
      expect(pressedDuringCall).toBe('true');
      await expect(
        page.getByRole('button', { name: `Save to Watchlist: ${car.name}` }),
      ).toHaveAttribute('aria-pressed', 'false');
      await expect(
        page.getByRole('status').filter({ hasText: 'Car Saved In Watchlist' }),
      ).toHaveCount(0);
    },
  );

  test(
    'a removal the API refuses on the watchlist page puts the car back, with an alert',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = availableCar(site);
      const phone = newPhone();
      await signInByApi(page, site, phone);
      expect(
        await (
          await page.request.post('/api/watchlist/save-car', {
            data: { phone_number: phone, car_id: String(car.id) },
          })
        ).json(),
      ).toEqual({
        success: true,
      });
      await page.goto('/watchlist');
      const list = page.getByRole('list', { name: 'Saved cars' });
      await expect(list.getByRole('link', { name: car.name })).toBeVisible({ timeout: 20_000 });

      // The session ends on the server while the page is open: the real endpoint refuses.
      expect((await page.request.post('/api/auth/sign-out', { data: {} })).ok()).toBe(true);
      const alerts: string[] = [];
      page.on('dialog', async (dialog) => {
        alerts.push(dialog.message());
        await dialog.accept();
      });
      let listedDuringCall: number | undefined;
      await page.route('**/api/watchlist/remove-car', async (route) => {
        // The car left the list at once, before the answer.
        listedDuringCall = await list.getByRole('link', { name: car.name }).count();
        await route.continue();
      });
      await list.getByRole('button', { name: `Remove ${car.name}` }).click();
      await expect
        .poll(() => alerts)
        .toEqual(['Your session has ended. Please sign in again to change your watchlist.']);
      expect(listedDuringCall).toBe(0);
      await expect(list.getByRole('link', { name: car.name })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Car Removed' })).toHaveCount(0);
    },
  );
});

test.describe('accounts: every site', () => {
  test.describe.configure({ timeout: 120_000 });

  test('nothing about a signed-in user is in the static HTML', async ({ page, site }) => {
    const phone = newPhone();
    await signInByApi(page, site, phone);
    const car = availableCar(site);
    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session.user.phone).toBe(phone);
    for (const url of ['/watchlist', '/my-garage', '/sign-in', `/cars/${car.slug}`, '/']) {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(200);
      const html = await response.text();
      expect(html, url).not.toContain(phone);
      expect(html, url).not.toContain(session.user.id);
      expect(html, url).not.toContain('Signed in with');
    }
  });

  test(
    'favourites and viewed cars survive a reload',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const [first, second] = site.cars.filter((car) => isAvailable(car));
      const events: string[] = [];
      page.on(
        'console',
        (message) => message.text().startsWith('[analytics]') && events.push(message.text()),
      );
      await page.goto(`/cars/${first!.slug}`);
      if (site.tenant.features.favourites) {
        const heart = page.getByRole('button', { name: `Favourite ${first!.name}` });
        // Route events to the console sink so the test can see event 39.
        await page.evaluate(() => (document.documentElement.dataset.analyticsSink = 'console'));
        // The heart hydrates on this first click (client:interaction), and the click still counts.
        await heart.click();
        await expect(heart).toHaveAttribute('aria-pressed', 'true');
        await expect
          .poll(() => events.filter((text) => text.startsWith('[analytics] 39')))
          .toHaveLength(1);
      }
      await page.goto(`/cars/${second!.slug}`);
      await page.goto('/my-garage');
      if (site.tenant.features.sign_in_gated.includes('my-garage')) {
        await expect(page).toHaveURL(/\/sign-in\?type=my-garage&redirect=%2Fmy-garage/, {
          timeout: 20_000,
        });
        await signInOnPage(page, site, newPhone());
        await expect(page).toHaveURL('/my-garage', { timeout: 20_000 });
      }
      await page.reload();
      await waitForIslands(page);
      if (site.tenant.features.favourites) {
        await expect(
          page
            .getByRole('list', { name: 'Favourite cars' })
            .getByRole('link', { name: first!.name }),
        ).toHaveAttribute('href', `/cars/${first!.slug}`);
      }
      const viewed = page.getByRole('list', { name: 'Recently viewed cars' }).getByRole('listitem');
      await expect(viewed).toHaveCount(2);
      await expect(
        viewed.first().getByRole('link', { name: titleWithYear(second!.name, second!.year) }),
      ).toHaveAttribute('href', `/cars/${second!.slug}`);
      await expect(
        viewed.nth(1).getByRole('link', { name: titleWithYear(first!.name, first!.year) }),
      ).toHaveAttribute('href', `/cars/${first!.slug}`);
    },
  );

  test(
    'gated routes send a signed-out visitor to sign-in and open once signed in',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      test.setTimeout(240_000); // two loads of each gated route (up to ten on a site gating finance) on a shared machine
      const car = reservableCar(site);
      const gated = site.tenant.features.sign_in_gated;
      // The watchlist page is always a signed-in page; the others follow the site's flags.
      const routes: { kind: string; path: string }[] = [{ kind: 'watchlist', path: '/watchlist' }];
      if (gated.includes('my-garage')) routes.push({ kind: 'my-garage', path: '/my-garage' });
      if (gated.includes('checkout') && site.tenant.features.reserve)
        routes.push({ kind: 'checkout', path: `/cars/${car.slug}/checkout` });
      if (gated.includes('spin-to-win')) routes.push({ kind: 'spin-to-win', path: '/spin-to-win' });
      if (gated.includes('online-payment'))
        routes.push({ kind: 'online-payment', path: '/online-payment' });
      // Lead-form pages: finance, car-finance, trade-in and sell-my-car (SPEC 6), each where the site's flags list its kind.
      for (const [path, kind] of gatedLeadPages())
        if (gated.includes(kind)) routes.push({ kind, path });

      // Not gated on this site: the page opens for a signed-out visitor.
      if (!gated.includes('my-garage')) {
        await page.goto('/my-garage');
        await waitForIslands(page);
        await expect(page.getByRole('heading', { level: 1, name: 'My Garage' })).toBeVisible();
        await expect(page).toHaveURL('/my-garage');
      }
      if (!gated.includes('finance')) {
        await page.goto('/finance');
        await expect(page.getByRole('heading', { level: 1, name: 'Finance' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page).toHaveURL('/finance');
      }
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
        await expect(page).toHaveURL('/checkout-journey');
        await page.goto(`/checkout-journey?car_id=${car.slug}`);
        await expect(page).toHaveURL(/\/sign-in\?type=checkout/, { timeout: 20_000 });
      }

      // On the sign-in page the last gated route sent us to.
      await signInOnPage(page, site, newPhone());
      await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 20_000 });
      for (const route of routes) {
        await page.goto(route.path);
        // The gate says it is checking until the session has loaded; then the page stays open.
        await expect(page.getByText('Checking you are signed in...')).toHaveCount(0, {
          timeout: 20_000,
        });
        await page.waitForLoadState('networkidle');
        await expect(page).toHaveURL(route.path);
      }
    },
  );
});

test.describe('accounts: reserve', () => {
  test.describe.configure({ timeout: 120_000 });
  let store: Store;
  test.beforeAll(async () => {
    // The browser tests' server keeps leads where `openStore` looks (DATABASE_URL, else .data/leads.sqlite).
    store = await openStore();
  });
  test.afterAll(async () => store?.close());
  test.beforeEach(({ site }) => {
    test.skip(
      !site.tenant.features.reserve,
      'this site takes no reservations (features.reserve is off)',
    );
  });

  test('a shopper reserves a car: $200 deposit, stored as a reserve lead with a recorded payment intent', async ({
    page,
    site,
    expectAccessible,
  }) => {
    const car = await unreservedCar(site, store);
    const lastName = `Reserver-${Date.now().toString(36)}`;
    await page.goto(`/cars/${car.slug}`);
    await page.getByRole('link', { name: 'Reserve Car Now' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/cars/${car.slug}/checkout$|/sign-in\\?`), {
      timeout: 20_000,
    });
    if (site.tenant.features.sign_in_gated.includes('checkout')) {
      await expect(page).toHaveURL(/\/sign-in\?type=checkout/, { timeout: 20_000 });
      await signInOnPage(page, site, newPhone());
    }
    await expect(page).toHaveURL(`/cars/${car.slug}/checkout`, { timeout: 20_000 });
    await expect(
      page.getByRole('heading', { level: 1, name: `Reserve ${car.name}` }),
    ).toBeVisible();
    await expect(page.getByText('Hold this car with a $200 deposit.')).toBeVisible();

    const submit = page.getByRole('button', { name: 'Reserve Car Now' });
    await hydrated(submit);
    await expectAccessible(page);
    // Missing details: each field says what to fix, and nothing is stored.
    await submit.click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByLabel('First Name').fill('Jo');
    await page.getByLabel('Last Name').fill(lastName);
    await page.getByLabel('Mobile Number').fill('0412 345 678');
    await page.getByLabel('Email Address').fill('jo.reserver@example.com');
    await page.getByLabel('Postcode').fill('4000');
    await submit.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Thank you, your reservation is in' }),
    ).toContainText(
      `We have your reservation for the ${car.name}. The dealership will contact you shortly to take the $200 deposit and confirm it.`,
      { timeout: 20_000 },
    );

    const leads = (await store.listLeads(site.tenant.slug)).filter(
      (lead) => lead.fields.last_name === lastName,
    );
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ form: 'reserve', carId: String(car.id), status: 'submitted' });
    expect(leads[0]!.fields).toMatchObject({ deposit: '$200', email: 'jo.reserver@example.com' });
    const intents = (await new AccountStore(store.driver).paymentIntents(site.tenant.slug)).filter(
      (intent) => intent.leadId === leads[0]!.id,
    );
    expect(intents).toEqual([
      expect.objectContaining({
        amountCents: 20_000,
        provider: 'local',
        status: 'recorded',
        carId: String(car.id),
      }),
    ]);
  });

  test(
    'a shopper who comes second is told the car was just reserved, and nothing of theirs is kept',
    { tag: ONE_TENANT },
    async ({ page, site, expectAccessible }) => {
      const car = await unreservedCar(site, store, 'end');
      if (site.tenant.features.sign_in_gated.includes('checkout'))
        await signInByApi(page, site, newPhone());
      await page.goto(`/cars/${car.slug}/checkout`);
      const submit = page.getByRole('button', { name: 'Reserve Car Now' });
      await hydrated(submit);
      await page.getByLabel('First Name').fill('Sam');
      await page.getByLabel('Last Name').fill('Second');
      await page.getByLabel('Mobile Number').fill('0498 765 432');
      await page.getByLabel('Email Address').fill('sam.second@example.com');
      await page.getByLabel('Postcode').fill('4000');

      // Meanwhile another shopper reserves the same car.
      const first = await page.request.post('/api/reserve', {
        data: {
          form: 'reserve',
          idempotency_key: `first-${Date.now().toString(36)}`,
          started_at: Date.now() - 60_000,
          website: '',
          car_id: car.id,
          fields: {
            name: 'Jo',
            last_name: 'First',
            phone: '0412 345 678',
            email: 'jo.first@example.com',
            postcode: '4000',
          },
        },
      });
      expect(first.status()).toBe(201);

      await submit.click();
      const taken = page.getByRole('alert').filter({ hasText: 'This car has just been reserved' });
      await expect(taken).toContainText(
        'Sorry, this car was just reserved by another shopper. Nothing has been charged.',
        { timeout: 20_000 },
      );
      await expect(
        taken.getByRole('link', { name: `Find Me Something Similar to ${car.name}` }),
      ).toBeVisible();
      await expect(submit).toHaveCount(0);
      await expectAccessible(page);
      const reserves = (await store.listLeads(site.tenant.slug)).filter(
        (lead) => lead.form === 'reserve' && lead.carId === String(car.id),
      );
      expect(reserves.map((lead) => lead.fields.last_name)).toEqual(['First']);
    },
  );

  test('one reservable rule: the Reserve buttons and the checkout pages agree, coming-soon cars included', async ({
    page,
    site,
  }) => {
    // One car of each kind the rule tells apart (those this site's stock has).
    const kinds = [
      site.cars.find((car) => car.status === 'coming_soon' && isReservable(car)),
      site.cars.find((car) => car.status === 'in_stock' && isReservable(car)),
      site.cars.find((car) => isAvailable(car) && car.reserved === true),
      site.cars.find(
        (car) =>
          isAvailable(car) && !car.reserved && !(typeof car.price === 'number' && car.price > 0),
      ),
      site.cars.find((car) => !isAvailable(car)),
    ].filter((car) => car !== undefined);
    expect(kinds.some((car) => isReservable(car))).toBe(true);
    expect(kinds.some((car) => !isReservable(car))).toBe(true);
    for (const car of kinds) {
      const reservable = isReservable(car);
      const checkout = `/cars/${car.slug}/checkout`;
      expect((await page.request.get(checkout)).status(), checkout).toBe(reservable ? 200 : 404);
      await page.goto(`/cars/${car.slug}`);
      await expect(
        page.locator('.vehicle__actions').getByRole('link', { name: 'Reserve Car Now' }),
        car.slug,
      ).toHaveCount(reservable ? 1 : 0);
    }
  });
});
