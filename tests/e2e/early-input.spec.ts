import type { Locator, Page } from '@playwright/test';
import { openStore, type Store, type StoredLead } from '../../api/storage/store';
import type { Car } from '../../src/feeds/schemas';
import { leadPageGate, type GatedLeadPage } from '../../src/domain/accounts';
import { deliveryQuote } from '../../src/domain/delivery';
import {
  calculatorReturnsEmpty,
  calculatorStart,
  showsCalculator,
} from '../../src/domain/finance/estimate';
import { periodicPayment } from '../../src/domain/finance/repayment';
import { formatPrice } from '../../src/domain/format';
import {
  carConsumption,
  formatFuelCost,
  showsFuelCalculator,
  weeklyFuelCost,
} from '../../src/domain/fuel';
import { dealershipOptions } from '../../src/domain/leads/dealerships';
import { isAvailable } from '../../src/domain/stock';
import type { SiteData } from '../../src/site/types';
import { expect, test } from './support/fixtures';
import { ONE_TENANT } from './support/tenants';
import { newPhone, sentCode, signInOnPage } from './support/sign-in';

/**
 * A shopper who types or picks before an island has woken (its code still on the way) keeps what
 * they typed, and the island acts on it. Each test holds the island's code back until the typing is
 * done (so the typing surely comes first, however fast the machine), then lets it load.
 */

// The browser tests' server keeps leads where `openStore` looks (DATABASE_URL, else .data/leads.sqlite).
let store: Store;
test.beforeAll(async () => {
  store = await openStore();
});
test.afterAll(async () => store.close());
test.describe.configure({ timeout: 90_000 });

/** Hold back the code of the island `component` (its chunk, e.g. /_astro/FinanceCalculator.abc123.js) until released. */
async function holdIsland(page: Page, component: string): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${component}\\.[\\w-]+\\.js$`), async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

async function expectAsleep(island: Locator): Promise<void> {
  await expect(island).toHaveAttribute('ssr', '');
}

async function expectAwake(island: Locator): Promise<void> {
  await expect(island).not.toHaveAttribute('ssr', { timeout: 20_000 });
}

function financeCar(site: SiteData): Car | undefined {
  return site.cars.find((car) => {
    if (
      !isAvailable(car) ||
      !showsCalculator(car, site.tenant.finance) ||
      calculatorReturnsEmpty(car, site.tenant.finance)
    )
      return false;
    const { initial } = calculatorStart(car, site.tenant.finance);
    return initial.amount !== 45000;
  });
}

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

const shopper = {
  first: 'Early',
  phone: '0412 345 678',
  email: 'early.bird@example.com',
  postcode: '4000',
};
const lastName = (tag: string) => `Early-${tag}-${Date.now().toString(36)}`;

async function fillContact(form: Locator, last: string) {
  await form.getByLabel('First Name').fill(shopper.first);
  await form.getByLabel('Last Name').fill(last);
  await form.getByLabel('Mobile Number').fill(shopper.phone);
  await form.getByLabel('Email Address').fill(shopper.email);
  await form.getByLabel('Postcode').fill(shopper.postcode);
}

test.describe('typed before the island wakes', () => {
  test(
    'Finance Calculator: a Purchase Price typed at once is the price the repayment uses',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = financeCar(site);
      test.skip(!car, `${site.tenant.slug} shows no finance calculator`);
      const { initial, rules } = calculatorStart(car!, site.tenant.finance);
      const release = await holdIsland(page, 'FinanceCalculator');
      await page.goto(`/cars/${car!.slug}`);
      const panel = page.locator('#finance-calculator');
      const island = panel.locator('astro-island').first();
      const price = panel.getByLabel('Purchase Price');
      await price.fill('45000');
      await expectAsleep(island);
      release();
      await expectAwake(island);

      // SPEC: standard amortisation of (price - deposit + fee) at the calculator's rate and term.
      const repayment = (amount: number) =>
        formatPrice(
          periodicPayment({
            principal: amount - initial.tradeIn + rules.establishmentFee,
            annualRate: initial.interest,
            periodsPerYear: 52,
            years: initial.term,
            residual: initial.residual,
          }),
        );
      await expect(price).toHaveValue('45000');
      await expect(panel.getByTestId('repayment')).toHaveText(repayment(45000));
      // Typing the same again changes nothing; another price is used at once.
      await price.fill('45000');
      await expect(panel.getByTestId('repayment')).toHaveText(repayment(45000));
      await price.fill('52000');
      await expect(panel.getByTestId('repayment')).toHaveText(repayment(52000));
    },
  );

  test(
    'Fuel Cost Calculator: a distance typed at once is the distance costed',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = site.cars.find(
        (c) => isAvailable(c) && c.item_type !== 'caravan' && showsFuelCalculator(c),
      );
      test.skip(!car, `${site.tenant.slug} has no car with a fuel calculator`);
      const release = await holdIsland(page, 'FuelCalculator');
      await page.goto(`/cars/${car!.slug}`);
      const section = page.locator('section', {
        has: page.getByRole('heading', { name: 'Fuel Cost Calculator' }),
      });
      const island = section.locator('astro-island');
      await section.getByLabel('Distance per week (km)').fill('600');
      await expectAsleep(island);
      release();
      await expectAwake(island);
      await expect(section.getByTestId('fuel-cost')).toHaveText(
        formatFuelCost(weeklyFuelCost(600, carConsumption(car!), 1.7)),
      );
    },
  );

  test(
    'Delivery Calculator: a postcode typed at once is the postcode quoted',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = site.cars.find((c) => isAvailable(c));
      test.skip(
        !car || !site.tenant.delivery.enabled,
        `${site.tenant.slug} has no delivery calculator`,
      );
      const quote = deliveryQuote('4000', site.tenant.delivery.regions);
      const release = await holdIsland(page, 'DeliveryCalculator');
      await page.goto(`/cars/${car!.slug}`);
      const section = page.locator('section', {
        has: page.getByRole('heading', { name: 'Delivery Calculator' }),
      });
      const island = section.locator('astro-island');
      await section.getByLabel('Postcode').fill('4000');
      await expectAsleep(island);
      release();
      await expectAwake(island);
      await section.getByRole('button', { name: 'Calculate' }).click();
      await expect(section.getByText('Please enter a postcode.')).toHaveCount(0);
      await expect(section.getByTestId('delivery-price')).toHaveText(formatPrice(quote!.price));
    },
  );

  test('Send Us a Message: a dealership typed and the terms ticked at once still count', async ({
    page,
    site,
  }) => {
    const release = await holdIsland(page, 'LeadFormView');
    await page.goto('/contact-us');
    const form = page.locator('#contact-form form');
    const island = page.locator('#contact-form astro-island');
    const last = lastName('contact');
    await fillContact(form, last);
    await form.getByLabel('Comments').fill('Typed before the form woke up.');
    const options = dealershipOptions(site.locations);
    const wanted = options[1];
    const combobox = form.getByRole('combobox', { name: 'Dealership Location' });
    if (options.length > 1) await combobox.fill(wanted!.dealership_name);
    const terms = form.getByRole('checkbox', { name: /terms of use/ });
    const hasTerms = (await terms.count()) > 0;
    if (hasTerms) await terms.check();
    await expectAsleep(island);
    release();
    await expectAwake(island);
    if (wanted) {
      // The typed name is searched for at once: its suggestion is there to pick.
      await form.getByRole('option', { name: wanted.dealership_name, exact: true }).click();
      await expect(combobox).toHaveValue(wanted.dealership_name);
    }
    await form.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(page).toHaveURL(/\/success$/, { timeout: 20_000 });
    const lead = await leadBy(site, last);
    expect(lead.fields).toMatchObject({
      name: shopper.first,
      email: shopper.email,
      postcode: '4000',
      message: 'Typed before the form woke up.',
    });
    if (wanted) expect(lead.fields).toMatchObject({ dealership_slug: wanted.dealership_slug });
    if (hasTerms) expect(lead.fields).toMatchObject({ terms_conditions: true });
  });

  test('Book a Test Drive: the terms ticked at once are sent as agreed', async ({ page, site }) => {
    const release = await holdIsland(page, 'LeadFormView');
    await page.goto('/book-test-drive/');
    const form = page.locator('form.lead-form');
    const island = page.locator('astro-island', { has: form });
    const last = lastName('drive');
    await fillContact(form, last);
    await form.getByRole('checkbox', { name: /terms of use/ }).check();
    const options = dealershipOptions(site.locations);
    if (options.length > 1)
      await form
        .getByRole('combobox', { name: 'Dealership Location' })
        .fill(options[0]!.dealership_name);
    await expectAsleep(island);
    release();
    await expectAwake(island);
    await expect(form.getByRole('checkbox', { name: /terms of use/ })).toBeChecked();
    if (options.length > 1)
      await form.getByRole('option', { name: options[0]!.dealership_name, exact: true }).click();
    await form.getByRole('button', { name: 'Book a Test Drive' }).click();
    await expect(page).toHaveURL(/\/success$/, { timeout: 20_000 });
    const lead = await leadBy(site, last);
    expect(lead.fields).toMatchObject({ name: shopper.first, terms_conditions: true });
  });

  test('Trade-in: details typed at once are sent, with the dealership picked from the typed name', async ({
    page,
    site,
  }) => {
    const release = await holdIsland(page, 'TradeInForm');
    await openLeadPage(page, site, '/trade-in');
    const form = page.locator('.trade-in-form');
    const island = page.locator('astro-island', { has: form });
    const last = lastName('trade');
    await fillContact(form, last);
    const options = dealershipOptions(site.locations);
    const wanted = options[1];
    if (wanted)
      await form
        .getByRole('combobox', { name: 'Dealership Location' })
        .fill(wanted.dealership_name);
    await expectAsleep(island);
    release();
    await expectAwake(island);
    if (wanted)
      await form.getByRole('option', { name: wanted.dealership_name, exact: true }).click();
    await form.getByRole('button', { name: 'Next: Your Car' }).click();
    await expect(form.getByRole('heading', { name: 'Your car' })).toBeVisible({ timeout: 20_000 });
    const lead = await (async () => {
      let found: StoredLead | undefined;
      await expect
        .poll(
          async () =>
            (found = (await store.listLeads(site.tenant.slug))
              .filter((l) => l.fields.last_name === last)
              .pop())?.subcategory,
        )
        .toBe('1. Lead Capture');
      return found!;
    })();
    expect(lead.fields).toMatchObject({
      name: shopper.first,
      email: shopper.email,
      postcode: '4000',
    });
    if (wanted) expect(lead.fields).toMatchObject({ dealership_slug: wanted.dealership_slug });
  });

  test(
    'Sign in: a mobile number typed at once is the number the code goes to',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const release = await holdIsland(page, 'SignInForm');
      await page.goto('/sign-in?type=watchlist&redirect=%2F&back=%2F');
      const island = page.locator('astro-island', { has: page.getByLabel('Mobile Number') });
      const phone = newPhone();
      await page.getByLabel('Mobile Number').fill(phone);
      await expectAsleep(island);
      release();
      await expectAwake(island);
      await page.getByRole('button', { name: 'Send Code' }).click();
      await expect(page.getByText(`We sent a 6-digit code to ${phone}`)).toBeVisible();
      expect(await sentCode(site, phone)).toMatch(/^\d{6}$/);
    },
  );

  test(
    'Dealer locator: a postcode typed at once is the one searched',
    { tag: ONE_TENANT },
    async ({ page }) => {
      const release = await holdIsland(page, 'DealerLocator');
      await page.goto('/dealer-locator');
      const input = page.getByLabel('Postcode or suburb');
      const island = page.locator('astro-island', { has: input });
      await input.fill('0000');
      await expectAsleep(island);
      release();
      await expectAwake(island);
      await input.press('Enter');
      await expect(page.getByRole('alert')).toHaveText('Invalid postcode');
    },
  );
});
