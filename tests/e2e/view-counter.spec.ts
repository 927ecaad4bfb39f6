import type { Page } from '@playwright/test';
import { countsAsView } from '../../api/routes/visitor';
import { expect, test } from './support/fixtures';
import { ONE_TENANT } from './support/tenants';

/**
 * The view counter tells the car page's own fetch from a foreign page's <img> or no-cors fetch by
 * the Sec-Fetch-* and Origin headers Chromium sends. The foreign page is a blank page at
 * http://127.0.0.1:9 (answered by the test: another site than localhost, and without the dealer
 * site's Content-Security-Policy, which would stop the <img> before it is sent). The counter is
 * the same API route on every site: one tenant (ONE_TENANT).
 */
const FOREIGN = 'http://127.0.0.1:9/';

/**
 * Settles once the browser has had the server's answer, which it then keeps from the page
 * (the site's Cross-Origin-Resource-Policy, or ORB): the request itself reached the server.
 */
function answered(page: Page, url: string, type: string): Promise<unknown> {
  const matches = (request: { url(): string; resourceType(): string }) =>
    request.url() === url && request.resourceType() === type;
  return Promise.race([
    page.waitForEvent('requestfinished', matches),
    page.waitForEvent('requestfailed', matches),
  ]);
}

test(
  "a foreign page's <img> and no-cors fetch of the counter count no view; the car page's own fetch does",
  { tag: ONE_TENANT },
  async ({ page, site, baseURL, request }) => {
    // Any car (at random, so parallel tests seldom view the same one meanwhile).
    const car = site.cars[Math.floor(Math.random() * site.cars.length)]!;
    const counter = `${baseURL}/api/cars/${car.slug}/view.json`;
    // Read the total without counting: a request that says it is an image is never counted.
    const total = async () =>
      (
        (await (await request.get(counter, { headers: { 'sec-fetch-dest': 'image' } })).json()) as {
          views: number;
        }
      ).views;
    const before = await total();

    // A public page may reach a local server only with the Local Network Access permission.
    await page.context().grantPermissions(['local-network-access']);
    await page.route(FOREIGN, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Elsewhere</title><body></body>',
      }),
    );
    await page.goto(FOREIGN);
    const image = answered(page, counter, 'image');
    await page.evaluate((src) => {
      const img = document.createElement('img');
      img.src = src;
      document.body.append(img);
    }, counter);
    await image;
    // Settles once the answer is in: opaque to the page, or refused by the site's Cross-Origin-Resource-Policy.
    const noCors = await page.evaluate(
      (src) =>
        fetch(src, { mode: 'no-cors' }).then(
          (response) => response.type,
          () => 'blocked',
        ),
      counter,
    );
    expect(['opaque', 'blocked']).toContain(noCors);
    expect(await total()).toBe(before);

    // Without request interception, so the request shows the headers Chromium really sent.
    await page.unrouteAll();

    const own = page.waitForRequest((sent) => sent.url().startsWith(`${counter}?`));
    const ownAnswer = page.waitForResponse((response) => response.url().startsWith(`${counter}?`));
    await page.goto(`/cars/${car.slug}`);
    const headers = await (await own).allHeaders();
    expect([headers['sec-fetch-site'], headers['sec-fetch-dest']]).toEqual([
      'same-origin',
      'empty',
    ]);
    expect(
      countsAsView(
        (name) => headers[name],
        () => false,
      ),
    ).toBe(true);
    expect((await ownAnswer).status()).toBe(200);
  },
);
