import type { Page } from '@playwright/test';
import { openStore, type Store, type StoredLead } from '../../api/storage/store';
import { leadPageGate, type GatedLeadPage } from '../../src/domain/accounts';
import { dealershipOptions } from '../../src/domain/leads/dealerships';
import { lookupRego } from '../../src/domain/leads/trade-in';
import { isAvailable } from '../../src/domain/stock';
import type { SiteData } from '../../src/site/types';
import { expect, test } from './support/fixtures';
import { ONE_TENANT } from './support/tenants';
import { newPhone, signInOnPage } from './support/sign-in';

// The browser tests' server keeps leads where `openStore` looks (DATABASE_URL, else .data/leads.sqlite).
let store: Store;
test.beforeAll(async () => {
  store = await openStore();
});
test.afterAll(async () => store.close());

const shopper = {
  first: 'Jo',
  last: `Shopper-${Date.now().toString(36)}`,
  phone: '0412 345 678',
  email: 'jo.shopper@example.com',
  postcode: '4000',
};

function demoCar(site: SiteData) {
  const car = site.cars.find((candidate) => isAvailable(candidate));
  if (!car) throw new Error('no available car');
  return car;
}

/** The newest stored lead from this shopper (by unique last name), once it exists. */
async function leadBy(site: SiteData, lastName: string): Promise<StoredLead> {
  let found: StoredLead | undefined;
  await expect
    .poll(async () => {
      found = (await store.listLeads(site.tenant.slug))
        .filter((lead) => lead.fields.last_name === lastName)
        .pop();
      return found?.status;
    })
    .toBe('submitted');
  return found!;
}

/** With no destination configured, the local server's outbox prints the lead: delivered once. */
async function expectDelivered(site: SiteData, leadId: string) {
  await expect
    .poll(
      async () =>
        (await store.getLead(site.tenant.slug, leadId))?.deliveries.map((delivery) => [
          delivery.channel,
          delivery.status,
          delivery.attempts,
        ]),
      {
        timeout: 15_000,
      },
    )
    .toEqual([['log', 'delivered', 1]]);
}

/** Open a lead-form page; where the site gates it behind sign-in (SPEC 6), sign in on the way, as a shopper must. */
async function openLeadPage(page: Page, site: SiteData, url: string) {
  await page.goto(url);
  const kind = leadPageGate(
    new URL(url, 'http://localhost').pathname as GatedLeadPage,
    site.tenant.features.sign_in_gated,
  );
  if (!kind) return;
  await expect(page).toHaveURL(new RegExp(`/sign-in\\?type=${kind}&`), { timeout: 20_000 });
  await signInOnPage(page, site, newPhone());
  await expect(page).toHaveURL(url, { timeout: 20_000 });
}

async function fillContact(page: Page, scope: string, last: string) {
  const form = page.locator(scope);
  await form.getByLabel('First Name').fill(shopper.first);
  await form.getByLabel('Last Name').fill(last);
  await form.getByLabel('Mobile Number').fill(shopper.phone);
  await form.getByLabel('Email Address').fill(shopper.email);
  await form.getByLabel('Postcode').fill(shopper.postcode);
}

async function chooseDealership(page: Page, site: SiteData, scope: string) {
  const options = dealershipOptions(site.locations);
  if (options.length < 2) return undefined;
  const wanted = options[1]!;
  const field = page.locator(scope).getByRole('combobox', { name: 'Dealership Location' });
  // Case-insensitive substring: a lower-case middle part of the name finds it.
  await field.fill(wanted.dealership_name.slice(3, 12).toLowerCase());
  await page.getByRole('option', { name: wanted.dealership_name, exact: true }).click();
  await expect(field).toHaveValue(wanted.dealership_name);
  return wanted;
}

test.describe('lead forms, as a shopper', () => {
  // Each test waits out the forms' minimum fill time and the outbox; shared 2-core machines are slow.
  test.describe.configure({ timeout: 90_000 });

  test('enquiry on a vehicle page by keyboard: SPEC validation messages, then /success, stored and delivered once', async ({
    page,
    site,
  }) => {
    const car = demoCar(site);
    await page.goto(`/cars/${car.slug}#enquire`);
    const form = page.locator('#enquire form').first();
    const submit = form.getByRole('button', { name: 'Send Enquiry' });
    await expect(submit).toBeEnabled();

    // Nothing filled in: every required field says what to fix, under the SPEC heading.
    await submit.click();
    const summary = form.getByRole('alert');
    await expect(summary).toContainText('Please fix the following errors:');
    for (const message of [
      'Please enter your first name.',
      'Please enter your last name.',
      'Invalid postcode. Please enter a 4-digit number.',
      'Please enter your comments.',
    ]) {
      await expect(summary).toContainText(message);
    }
    await expect(form.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');

    const last = `${shopper.last}-kbd`;
    await form.getByLabel('First Name').focus();
    await page.keyboard.type(shopper.first);
    await page.keyboard.press('Tab');
    await page.keyboard.type(last);
    await page.keyboard.press('Tab');
    await page.keyboard.type(shopper.phone);
    await page.keyboard.press('Tab');
    await page.keyboard.type(shopper.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('40001');
    await expect(form.getByLabel('Postcode')).toHaveValue('4000');
    await form.getByLabel('Comments').focus();
    await page.keyboard.type('Is this car still available?');
    await form.getByLabel('First Name').press('Enter');

    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You' })).toBeVisible();
    await expect(page.getByRole('link', { name: car.name })).toHaveAttribute(
      'href',
      `/cars/${car.slug}`,
    );

    const lead = await leadBy(site, last);
    expect(lead).toMatchObject({ form: 'enquiry', carId: String(car.id) });
    expect(lead.fields).toMatchObject({
      name: 'Jo',
      phone: '0412345678',
      email: shopper.email,
      postcode: '4000',
      message: 'Is this car still available?',
    });
    await expectDelivered(site, lead.id);

    // The stored details prefill the next form once the shopper scrolls to it.
    await page.goto(`/cars/${car.slug}`);
    const next = page.locator('#enquire form').first();
    await next.scrollIntoViewIfNeeded();
    await expect(next.getByLabel('Last Name')).toHaveValue(last);
    await expect(next.getByLabel('Mobile Number')).toHaveValue('0412345678');
  });

  test(
    'the honeypot: out of sight, reach and hearing; a form a person fills is delivered, one with the trap filled looks sent and goes nowhere',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = demoCar(site);
      const posted: Record<string, unknown>[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/leads') && request.method() === 'POST')
          posted.push(request.postDataJSON() as Record<string, unknown>);
      });
      await page.goto(`/cars/${car.slug}#enquire`);
      const form = page.locator('#enquire form').first();
      await expect(form.getByRole('button', { name: 'Send Enquiry' })).toBeEnabled();
      const trap = form.locator('input[name="website"]');
      await expect(trap).toHaveAttribute('tabindex', '-1');
      await expect(trap).toHaveAttribute('autocomplete', 'off');
      await expect(form.locator('[aria-hidden="true"]:has(input[name="website"])')).toHaveCount(1);
      // Off-screen, and not in the accessibility tree: no role or label finds it.
      const box = (await trap.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(0);
      await expect(form.getByRole('textbox', { name: 'Leave this field blank' })).toHaveCount(0);
      await expect(form.getByRole('textbox', { name: 'First Name' })).toHaveCount(1);
      // The keyboard never lands on it, back from the first field (it comes before it) or onwards.
      for (const key of ['Shift+Tab', 'Tab']) {
        await form.getByLabel('First Name').focus();
        for (let i = 0; i < 4; i++) {
          await page.keyboard.press(key);
          expect(await trap.evaluate((input) => input === document.activeElement)).toBe(false);
        }
      }

      // A person: the empty trap is sent, and the lead is stored and delivered.
      const person = `${shopper.last}-person`;
      await fillContact(page, '#enquire form', person);
      await form.getByLabel('Comments').fill('Is this car still available?');
      await form.getByRole('button', { name: 'Send Enquiry' }).click();
      await expect(page).toHaveURL(/\/success$/);
      expect(posted.at(-1)).toMatchObject({ website: '' });
      await expectDelivered(site, (await leadBy(site, person)).id);

      // A bot that fills every field, the trap too: it is sent, answered like a stored lead, and nothing is kept.
      await page.goto(`/cars/${car.slug}#enquire`);
      const again = page.locator('#enquire form').first();
      await expect(again.getByRole('button', { name: 'Send Enquiry' })).toBeEnabled();
      const bot = `${shopper.last}-bot`;
      await fillContact(page, '#enquire form', bot);
      await again.getByLabel('Comments').fill('Cheap watches');
      await again.locator('input[name="website"]').fill('http://spam.example', { force: true });
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/leads'));
      await again.getByRole('button', { name: 'Send Enquiry' }).click();
      expect((await answer).status()).toBe(201);
      await expect(page).toHaveURL(/\/success$/);
      expect(posted.at(-1)).toMatchObject({ website: 'http://spam.example' });
      expect(
        (await store.listLeads(site.tenant.slug)).filter((lead) => lead.fields.last_name === bot),
      ).toEqual([]);
    },
  );

  test(
    "a failed submission says 'An error occurred when submitting this form' with what went wrong, and keeps what was typed",
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = demoCar(site);
      let attempts = 0;
      await page.route('**/api/leads', (route) => {
        attempts++;
        return route.fulfill({ status: 503, body: '' });
      });
      await page.goto(`/cars/${car.slug}#enquire`);
      const form = page.locator('#enquire form').first();
      await expect(form.getByRole('button', { name: 'Send Enquiry' })).toBeEnabled();
      await fillContact(page, '#enquire form', `${shopper.last}-fail`);
      await form.getByLabel('Comments').fill('Is this car still available?');
      await form.getByRole('button', { name: 'Send Enquiry' }).click();
      // Within the default 5 s: two quick retries, then the SPEC message and the stored error.
      const failure = form.getByRole('alert');
      await expect(failure).toContainText('An error occurred when submitting this form');
      await expect(failure).toContainText('The server answered 503.');
      expect(attempts).toBe(3);
      await expect(page).toHaveURL(new RegExp(`/cars/${car.slug}`));
      await expect(form.getByLabel('Comments')).toHaveValue('Is this car still available?');
    },
  );

  test('Request Photos with the mouse sends the hidden SPEC message', async ({ page, site }) => {
    const car = demoCar(site);
    await page.goto(`/cars/${car.slug}`);
    await page.getByText('Request Photos', { exact: true }).first().click();
    const scope = 'details:has(summary:text-is("Request Photos")) form';
    await expect(page.locator(scope).getByRole('button', { name: 'Request Photos' })).toBeEnabled();
    const last = `${shopper.last}-photos`;
    await fillContact(page, scope, last);
    await page.locator(scope).getByRole('button', { name: 'Request Photos' }).click();
    await expect(page).toHaveURL(/\/success$/);
    const lead = await leadBy(site, last);
    expect(lead.form).toBe('request_photos');
    expect(lead.fields.hidden).toBe('Please send photos for this car');
  });

  test(
    'Book a Test Drive on a vehicle page: the closed panel holds no fields, and builds its form on first open by keyboard',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = demoCar(site);
      await page.goto(`/cars/${car.slug}`);
      const panel = page.locator('details:has(summary:text-is("Book a Test Drive"))');
      await expect(panel.locator('summary')).toBeVisible();
      await expect(panel.locator('input, select, textarea')).toHaveCount(0);
      await panel.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(panel.getByLabel('Preferred Date and Time (optional)')).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Book a Test Drive' })).toBeEnabled();
      await expect(panel.getByLabel('Email')).toBeEditable();
    },
  );

  test('book a test drive from /book-test-drive/?car_id= with a time from the slots', async ({
    page,
    site,
    expectAccessible,
  }) => {
    const car = demoCar(site);
    await page.goto(`/book-test-drive/?car_id=${encodeURIComponent(String(car.id))}`);
    await expect(page.getByText(car.name)).toBeVisible();
    const submit = page.getByRole('button', { name: 'Book a Test Drive' });
    await expect(submit).toBeEnabled();
    await expectAccessible(page);
    const last = `${shopper.last}-drive`;
    await fillContact(page, 'form', last);
    const time = page.getByLabel('Preferred Date and Time (optional)');
    await expect(time.locator('option').nth(1)).toBeAttached();
    const slot = await time.locator('option').nth(1).getAttribute('value');
    await time.selectOption(slot!);
    await submit.click();
    await expect(page).toHaveURL(/\/success$/);
    const lead = await leadBy(site, last);
    expect(lead).toMatchObject({ form: 'test_drive', carId: String(car.id) });
    expect(lead.fields.appointment).toBe(slot);
    await expectDelivered(site, lead.id);
  });

  test('finance enquiry at /finance#finance-form, choosing a dealership where the site has several', async ({
    page,
    site,
  }) => {
    await openLeadPage(page, site, '/finance?vehiclePriceBudget=30000#finance-form');
    const submit = page.getByRole('button', { name: 'Send Enquiry' });
    await expect(submit).toBeEnabled();
    const last = `${shopper.last}-finance`;
    await fillContact(page, '#finance-form', last);
    await page
      .locator('#finance-form')
      .getByLabel('Comments')
      .fill('Pre-approval for about $30,000 please.');
    const several = dealershipOptions(site.locations).length > 1;
    if (several) {
      await submit.click();
      await expect(page.getByRole('alert')).toContainText('*Please select a dealership location');
    }
    const dealership = await chooseDealership(page, site, '#finance-form');
    await submit.click();
    await expect(page).toHaveURL(/\/success$/);
    const lead = await leadBy(site, last);
    expect(lead.form).toBe('finance_enquiry');
    expect(lead.fields.vehiclePriceBudget).toBe('30000');
    if (dealership) expect(lead.fields).toMatchObject(dealership);
  });

  test(
    "trade-in: a failed step shows the server's error, or 'An unexpected error occured' when it sent none",
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      await openLeadPage(page, site, '/trade-in');
      const next = page.getByRole('button', { name: 'Next: Your Car' });
      await expect(next).toBeEnabled();
      await fillContact(page, '.trade-in-form', `${shopper.last}-tradefail`);
      await chooseDealership(page, site, '.trade-in-form');
      await page.route('**/api/leads', (route) => route.fulfill({ status: 500, body: '' }));
      await next.click();
      await expect(
        page.locator('.trade-in-form').getByText('An unexpected error occured'),
      ).toBeVisible();
      await page.unroute('**/api/leads');
      await page.route('**/api/leads', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Leads are paused for maintenance.' }),
        }),
      );
      await next.click();
      await expect(
        page.locator('.trade-in-form').getByText('Leads are paused for maintenance.'),
      ).toBeVisible();
    },
  );

  test('trade-in in three steps ends with 3. Offer Accepted', async ({ page, site }) => {
    await openLeadPage(page, site, '/trade-in');
    await expect(page.getByRole('heading', { name: 'Trade-in FAQ' })).toBeVisible();
    await expect(page.getByText('over 7 years old or over 100,000 km').first()).toBeAttached();
    const next = page.getByRole('button', { name: 'Next: Your Car' });
    await expect(next).toBeEnabled();
    const last = `${shopper.last}-trade`;
    await fillContact(page, '.trade-in-form', last);
    await chooseDealership(page, site, '.trade-in-form');
    await next.click();
    // A plate the local lookup reads as a car young enough for an online estimate.
    const year = new Date().getFullYear();
    const rego = ['ABC123', 'XYZ789', 'TRD001', 'CAR555', 'QLD100', 'NEW202', 'OLD303'].find(
      (plate) => year - lookupRego(plate, 'QLD', year).year <= 5,
    )!;
    await page.getByLabel('Registration Number').fill(rego);
    await page.getByLabel('Kilometres').fill('42000');
    await page.getByLabel('Do the tyres need replacing?').check();
    await page.getByRole('button', { name: 'Get My Estimate' }).click();
    await expect(page.getByRole('heading', { name: 'Your offer' })).toBeVisible();
    await page.getByRole('button', { name: 'Accept Offer' }).click();
    await expect(page).toHaveURL(/\/success$/);
    const lead = await leadBy(site, last);
    expect(lead).toMatchObject({ form: 'trade_in', subcategory: '3. Offer Accepted' });
    expect(lead.fields).toMatchObject({ Rego: rego, km: 42000, offer_accepted: true });
    await expectDelivered(site, lead.id);
  });
});
