import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { ONE_TENANT } from './support/tenants';
import type { Car } from '../../src/feeds/schemas';
import type { SiteData } from '../../src/site/types';
import { isAvailable } from '../../src/domain/stock';
import {
  calculatorReturnsEmpty,
  calculatorStart,
  lenderFor,
  showsCalculator,
  weeklyEstimate,
} from '../../src/domain/finance/estimate';
import { calculate, NO_ESTIMATE } from '../../src/domain/finance/calculator';
import { comparisonBasisText, INDICATIVE_DISCLAIMER } from '../../src/domain/finance/disclaimer';
import { calculatorRules } from '../../src/domain/finance/rules';
import { periodicPayment } from '../../src/domain/finance/repayment';
import { formatNumber, formatPrice } from '../../src/domain/format';
import { financeUrl } from '../../src/site/car-links';
import { gaugeView, showsPriceComparison } from '../../src/domain/price-comparison';
import { isElectric } from '../../src/domain/fuel';

// Shoppers using the vehicle page's price tools (SPEC 2, 4, 5, 8), on a demo car of each tenant.
// axe on a whole vehicle page takes 15-25 s when the shared 2-core machine is busy.
test.describe.configure({ timeout: 90_000 });

function financeCar(site: SiteData): Car | undefined {
  return site.cars.find((car) => {
    const lender = lenderFor(car, site.tenant.finance.provider);
    return (
      isAvailable(car) &&
      showsCalculator(car, site.tenant.finance) &&
      typeof lender?.paymentWeek === 'number' &&
      lender.paymentWeek > 25 &&
      (lender.disclaimer ?? '').length > 197
    );
  });
}

/** Scroll a client:visible island into view and wait until it has hydrated. */
async function hydrated(page: Page, section: Locator): Promise<void> {
  await section.scrollIntoViewIfNeeded();
  // Islands inside a closed dialog (the Finance Enquiry modal's form) hydrate when it opens.
  const islands = section.locator('astro-island:not(dialog astro-island)');
  const self = await section.evaluate((element) => element.tagName === 'ASTRO-ISLAND');
  if (self) await expect(section).not.toHaveAttribute('ssr', { timeout: 20_000 });
  else await expect(islands.and(page.locator('[ssr]'))).toHaveCount(0, { timeout: 20_000 });
}

test.describe('Finance Calculator', () => {
  test('shows the lender’s repayment, then recalculates as the shopper types', async ({
    page,
    site,
    expectAccessible,
  }) => {
    const car = financeCar(site);
    test.skip(!car, 'no demo car with lender figures on this tenant');
    const lender = lenderFor(car!, site.tenant.finance.provider)!;
    await page.goto(`/cars/${car!.slug}#finance-calculator`);
    const panel = page.locator('#finance-calculator');
    await hydrated(page, panel);
    await expect(panel.getByRole('heading', { name: 'Finance Calculator' })).toBeVisible();
    const result = panel.getByRole('status').first();
    await expect(result).toContainText('Your weekly repayment is calculated to be');
    await expect(result.getByTestId('repayment')).toHaveText(formatPrice(lender.paymentWeek!));
    await expect(result).toContainText('/wk*');
    await expect(result).toContainText('5 Years');
    await expect(result).toContainText('total repayments');

    // A new price: standard amortisation of price - deposit + fee at the lender's rate.
    const price = panel.getByLabel('Purchase Price');
    await price.fill('45,000');
    const rules = calculatorRules(site.tenant.finance, car, lender);
    const weekly = periodicPayment({
      principal: 45000 - (lender.deposit ?? 0) + rules.establishmentFee,
      annualRate: lender.interestRate!,
      periodsPerYear: 52,
      years: 5,
      residual: lender.balloon ?? 0,
    });
    await expect(result.getByTestId('repayment')).toHaveText(formatPrice(weekly));
    await expect(result.getByTestId('total')).toHaveText(
      formatPrice(weekly * 260 + rules.establishmentFee),
    );

    await panel.getByLabel('Repayment frequency').selectOption('Monthly');
    await expect(result).toContainText('Your monthly repayment is calculated to be');
    await expect(result).toContainText('/mo*');
    await panel.getByLabel('Loan term in years').fill('1');
    await expect(result).toContainText('1 Year');
    await expect(result).not.toContainText('1 Years');

    await expectAccessible(page);
  });

  test('bad input: limits message, clamping, stripping and Enquire for Finance', async ({
    page,
    site,
  }) => {
    const car = financeCar(site);
    test.skip(!car, 'no demo car with lender figures on this tenant');
    const min = calculatorRules(
      site.tenant.finance,
      car,
      lenderFor(car!, site.tenant.finance.provider),
    ).amount.min;
    const message = `Cannot be less than ${formatPrice(min)} or more than 250,000`;
    await page.goto(`/cars/${car!.slug}`);
    const panel = page.locator('#finance-calculator');
    await hydrated(page, panel);
    const price = panel.getByLabel('Purchase Price');

    await price.fill('500');
    await expect(panel.getByText(message)).toBeVisible();
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await price.blur();
    await expect(price).toHaveValue(new Intl.NumberFormat('en-AU').format(min));

    await price.fill('300000');
    await expect(panel.getByText(message)).toBeVisible();
    await price.blur();
    await expect(price).toHaveValue('250,000');

    await price.fill('40000');
    await expect(panel.getByText(message)).toHaveCount(0);
    await price.pressSequentially('abc');
    await expect(price).toHaveValue('40000');

    // A deposit that covers the loan leaves a repayment of 25 or less.
    await panel.getByLabel('Deposit or trade-in (optional)').fill('40000');
    await expect(panel.getByTestId('repayment')).toHaveText('Enquire for Finance');
    await expect(panel.getByTestId('total')).toHaveText('');

    await panel.getByLabel('Loan term in years').fill('9');
    await panel.getByLabel('Loan term in years').blur();
    await expect(panel.getByLabel('Loan term in years')).toHaveValue(
      String(site.tenant.finance.calculator.term_max),
    );
  });

  test(
    'keyboard only: fields in order, disclaimer Show More / Show Less',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = financeCar(site);
      test.skip(!car, 'no demo car with lender figures on this tenant');
      await page.goto(`/cars/${car!.slug}`);
      const panel = page.locator('#finance-calculator');
      await hydrated(page, panel);
      await panel.getByLabel('Purchase Price').focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('35000');
      await page.keyboard.press('Tab'); // loan amount slider
      await expect(panel.getByLabel('Loan amount')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(panel.getByLabel('Loan term in years')).toBeFocused();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('3');
      await expect(panel.getByRole('status').first()).toContainText('3 Years');

      const toggle = panel.getByRole('button', { name: 'Show More' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(panel.getByRole('button', { name: 'Show Less' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(panel.locator('.finance-calculator__disclaimer')).toContainText(
        lenderFor(car!, site.tenant.finance.provider)!.disclaimer!,
      );
      await page.keyboard.press('Enter');
      await expect(panel.getByRole('button', { name: 'Show More' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    },
  );

  test(
    'analytics: event 26 once on the first change of a view',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = financeCar(site);
      test.skip(!car, 'no demo car with lender figures on this tenant');
      const events: string[] = [];
      page.on(
        'console',
        (message) => message.text().startsWith('[analytics]') && events.push(message.text()),
      );
      await page.goto(`/cars/${car!.slug}`);
      const panel = page.locator('#finance-calculator');
      await hydrated(page, panel);
      // Route events to the console sink so the test can count them.
      await page.evaluate(() => (document.documentElement.dataset.analyticsSink = 'console'));
      await panel.getByLabel('Purchase Price').fill('41000');
      await panel.getByLabel('Loan term in years').fill('4');
      await panel.getByLabel('Repayment frequency').selectOption('Fortnightly');
      await expect(panel.getByRole('status').first()).toContainText('fortnightly');
      expect(events.filter((text) => text.startsWith('[analytics] 26'))).toHaveLength(1);
      if (site.tenant.finance.calculator.variant === 'enquiry_modal') {
        await panel.getByRole('button', { name: 'Get Finance Now' }).click();
        await expect
          .poll(() => events.filter((text) => text.startsWith('[analytics] 9')).length)
          .toBe(1);
      }
    },
  );

  test('the variant’s call to action', async ({ page, site, expectAccessible }) => {
    const car = financeCar(site);
    test.skip(!car, 'no demo car with lender figures on this tenant');
    await page.goto(`/cars/${car!.slug}`);
    const panel = page.locator('#finance-calculator');
    await hydrated(page, panel);
    await expect(panel.getByRole('link', { name: 'Request a Quote' })).toHaveAttribute(
      'href',
      `/cars/${car!.slug}#enquire`,
    );
    if (site.tenant.finance.calculator.variant === 'enquiry_modal') {
      await panel.getByRole('button', { name: 'Get Finance Now' }).click();
      const dialog = page.getByRole('dialog', { name: 'Finance Enquiry' });
      await expect(dialog).toBeVisible();
      // The modal holds the finance enquiry lead form for this car.
      await expect(dialog.getByRole('button', { name: 'Send Finance Enquiry' })).toBeVisible({
        timeout: 15_000,
      });
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      // 'Get Finance Now' is that button here, so there is no separate block.
      await expect(page.getByRole('heading', { name: 'Get Finance Now' })).toHaveCount(0);
    } else {
      await expect(panel.getByRole('link', { name: 'Enquire Now' })).toHaveAttribute(
        'href',
        financeUrl(car!, site.tenant),
      );
      // SPEC 2's 'Get Finance Now' block, next to the calculator.
      const block = page.getByRole('region', { name: 'Get Finance Now' });
      await expect(block).toContainText(car!.name);
      await expect(block.getByRole('link', { name: 'Apply for Finance' })).toHaveAttribute(
        'href',
        financeUrl(car!, site.tenant),
      );
    }
    await expect(page.getByText('Get Finance Now', { exact: true })).toHaveCount(1);
  });
});

/** Hold back the Finance Calculator island's code (its /_astro/ chunk) until released. */
async function holdCalculator(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/FinanceCalculator\.[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe('Finance Calculator: Purchase Price limits before and after the island wakes', () => {
  // Any car with a working calculator (every demo tenant has one), not only cars with lender quotes.
  function calculatorCar(site: SiteData): Car | undefined {
    const { finance } = site.tenant;
    return site.cars.find(
      (car) =>
        isAvailable(car) && showsCalculator(car, finance) && !calculatorReturnsEmpty(car, finance),
    );
  }

  for (const bound of ['min', 'max'] as const) {
    test(`a price past the ${bound} is put at the ${bound} on leaving the field, typed at once or later`, async ({
      page,
      site,
    }) => {
      const car = calculatorCar(site)!;
      expect(car, `${site.tenant.slug} has a car with a Finance Calculator`).toBeDefined();
      const { lender, rules, initial } = calculatorStart(car, site.tenant.finance);
      const typed =
        bound === 'min' ? String(rules.amount.min / 2) : String(rules.amount.max + 50_000);
      const limit = rules.amount[bound];
      const shown = new Intl.NumberFormat('en-AU').format(limit);
      const result = calculate({ ...initial, amount: limit }, { rules, lender, initial });
      const message = `Cannot be less than ${formatPrice(rules.amount.min)} or more than ${formatNumber(rules.amount.max)}`;

      const release = await holdCalculator(page);
      await page.goto(`/cars/${car.slug}`);
      const panel = page.locator('#finance-calculator');
      const island = panel.locator('astro-island').first();
      const price = panel.getByLabel('Purchase Price');
      // Typed and left before the island's code has arrived.
      await price.fill(typed);
      await price.blur();
      await expect(island).toHaveAttribute('ssr', '');
      release();
      await expect(island).not.toHaveAttribute('ssr', { timeout: 20_000 });
      await expect(price).toHaveValue(shown);
      await expect(panel.getByTestId('repayment')).toHaveText(result.repaymentText);
      // At the limit itself the message stays (SPEC 5: at or below min, at or above max).
      await expect(panel.getByText(message)).toBeVisible();

      // The same again once the island is awake, from a price inside the limits.
      await price.fill('40000');
      await price.blur();
      await expect(price).toHaveValue('40,000');
      await expect(panel.getByText(message)).toHaveCount(0);
      await price.fill(typed);
      await expect(price).toHaveValue(typed);
      await expect(panel.getByText(message)).toBeVisible();
      await price.blur();
      await expect(price).toHaveValue(shown);
      await expect(panel.getByTestId('repayment')).toHaveText(result.repaymentText);
    });
  }
});

test.describe('Finance Calculator: SPEC 8 and 9 details', () => {
  test('shows the comparison basis, example and indicative-only notice without Show More', async ({
    page,
    site,
  }) => {
    const car = financeCar(site);
    test.skip(!car, 'no demo car with lender figures on this tenant');
    await page.goto(`/cars/${car!.slug}`);
    const panel = page.locator('#finance-calculator');
    await hydrated(page, panel);
    const disclaimer = panel.locator('.finance-calculator__disclaimer');
    await expect(disclaimer.getByText(comparisonBasisText())).toBeVisible();
    await expect(disclaimer).toContainText('Comparison rate basis: 5-year secured $30,000 loan');
    await expect(disclaimer).toContainText('comparison: 5 year, 10.0% deposit, 30% final payment');
    await expect(disclaimer.getByText(INDICATIVE_DISCLAIMER)).toBeVisible();
  });

  test('one weekly figure on the result card, the vehicle sidebar and the calculator', async ({
    page,
    site,
  }) => {
    await page.goto('/search/new-used-and-demo-cars');
    // A card with a weekly estimate on the first page of results (server-rendered).
    const card = page.locator('article.car-card', { has: page.locator('details.weekly') }).first();
    test.skip(
      (await card.count()) === 0,
      'no weekly estimates on this tenant’s first results page',
    );
    const slug = (await card.locator('.card__title a').getAttribute('href'))!
      .replace(/^\/cars\//, '')
      .replace(/[/?#].*$/, '');
    const car = site.cars.find((item) => item.slug === slug)!;
    const expected = formatPrice(weeklyEstimate(car, site.tenant.finance)!.weekly);
    await expect(card.locator('details.weekly summary')).toContainText(`${expected}/wk*`);

    await page.goto(`/cars/${slug}`);
    await expect(page.getByTestId('weekly-estimate')).toContainText(`${expected}/wk*`);
    const panel = page.locator('#finance-calculator');
    await hydrated(page, panel);
    await expect(panel.getByTestId('repayment')).toHaveText(expected);
    await expect(panel.getByRole('status').first()).toContainText('/wk*');
  });

  test('a car not eligible for finance gets empty values, not a $0 repayment', async ({
    page,
    site,
    expectAccessible,
  }) => {
    const { finance } = site.tenant;
    const car = site.cars.find(
      (item) =>
        isAvailable(item) &&
        showsCalculator(item, finance) &&
        calculatorReturnsEmpty(item, finance),
    );
    test.skip(!car, 'this tenant does not use the empty-values variant (SPEC 8)');
    await page.goto(`/cars/${car!.slug}`);
    await expect(page.getByTestId('weekly-estimate')).toHaveCount(0);
    const panel = page.locator('#finance-calculator');
    await hydrated(page, panel);
    const result = panel.getByRole('status').first();
    await expect(result).toHaveText(NO_ESTIMATE);
    await expect(result).not.toContainText('$');
    await expect(panel.getByTestId('repayment')).toHaveCount(0);
    // Typing does not conjure a figure either.
    await panel.getByLabel('Purchase Price').fill('45,000');
    await expect(result).toHaveText(NO_ESTIMATE);
    await expectAccessible(page);
  });
});

test.describe('Price Comparison', () => {
  const gaugeIsland = (page: Page) =>
    page.locator('astro-island[component-url*="PriceComparison"]');
  function gaugeCar(site: SiteData): Car | undefined {
    return site.cars.find((car) => isAvailable(car) && showsPriceComparison(car.autogauge));
  }

  test('fills the gauge from the car’s figures', async ({ page, site }) => {
    const car = gaugeCar(site);
    test.skip(!site.tenant.features.autogauge || !car, 'no price comparison on this tenant');
    const view = gaugeView(car!.autogauge, car!.autograb_data?.average_market_price)!;
    await page.goto(`/cars/${car!.slug}`);
    await hydrated(page, gaugeIsland(page));
    const block = page.locator('section.price-comparison');
    await expect(page.getByRole('heading', { name: 'Price Comparison' })).toBeVisible();
    await expect(block.locator('.price-comparison__fill')).toHaveAttribute(
      'data-fill',
      String(view.fillPercent),
    );
    await expect(block.getByRole('img')).toHaveAccessibleName(
      new RegExp(`Priced at \\${formatPrice(view.listingPrice)}`),
    );
    await expect(block.getByText('Below Market Price')).toHaveCount(view.belowMarket ? 1 : 0);
    await expect(block.locator('.price-comparison__price [aria-hidden]')).toHaveText(
      formatPrice(view.listingPrice),
      { timeout: 5000 },
    );
  });

  test(
    'is hidden when the figures cannot be fetched',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = gaugeCar(site);
      test.skip(!site.tenant.features.autogauge || !car, 'no price comparison on this tenant');
      await page.route('**/autogauge', (route) => route.fulfill({ status: 503, body: '' }));
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await page.goto(`/cars/${car!.slug}`);
      await expect(page.getByRole('heading', { name: 'Price Comparison' })).toBeAttached(); // the loading skeleton
      await hydrated(page, gaugeIsland(page));
      await expect(page.getByRole('heading', { name: 'Price Comparison' })).toHaveCount(0);
      expect(errors.join('\n')).toContain('No data returned');
    },
  );
});

test.describe('Fuel and delivery calculators', () => {
  test('fuel: weekly cost from distance, consumption and price', async ({
    page,
    site,
    expectAccessible,
  }) => {
    const car = site.cars.find(
      (item) => isAvailable(item) && item.item_type !== 'caravan' && !isElectric(item),
    );
    test.skip(!car, 'no fuel-using car on this tenant');
    await page.goto(`/cars/${car!.slug}`);
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: 'Fuel Cost Calculator' }),
    });
    await hydrated(page, section);
    await expect(section.getByLabel('Fuel price ($ per litre)')).toHaveValue('1.70');
    await expect(section.getByLabel('Distance per week (km)')).toHaveValue('250');
    await section.getByLabel('Distance per week (km)').fill('100');
    await section.getByLabel('Fuel consumption (L/100 km)').fill('8');
    await section.getByLabel('Fuel price ($ per litre)').fill('2');
    await expect(section.getByTestId('fuel-cost')).toHaveText('$16.00');
    await expectAccessible(page);
  });

  test(
    'fuel, keyboard only: fields in order, values typed, the cost announced',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = site.cars.find(
        (item) => isAvailable(item) && item.item_type !== 'caravan' && !isElectric(item),
      );
      test.skip(!car, 'no fuel-using car on this tenant');
      await page.goto(`/cars/${car!.slug}`);
      const section = page.locator('section', {
        has: page.getByRole('heading', { name: 'Fuel Cost Calculator' }),
      });
      await hydrated(page, section);
      const price = section.getByLabel('Fuel price ($ per litre)');
      await price.focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('2.10');
      await page.keyboard.press('Tab');
      await expect(section.getByLabel('Distance per week (km)')).toBeFocused();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('400');
      await page.keyboard.press('Tab');
      await expect(section.getByLabel('Fuel consumption (L/100 km)')).toBeFocused();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('6.5');
      // 400 / 100 x 6.5 x 2.10 = 54.60, in a polite live region.
      const result = section.getByRole('status');
      await expect(result).toHaveAttribute('aria-live', 'polite');
      await expect(result).toContainText('Estimated weekly fuel cost: $54.60');
      await expect(result).toBeVisible();
      // Focus leaves the calculator forwards and comes back with Shift+Tab.
      await page.keyboard.press('Tab');
      await expect(section.getByLabel('Fuel consumption (L/100 km)')).not.toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(section.getByLabel('Fuel consumption (L/100 km)')).toBeFocused();
    },
  );

  test(
    "delivery: a postcode no region covers gets SPEC 8's sorry line, with no error in the console",
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = site.cars.find(isAvailable);
      test.skip(!car || !site.tenant.delivery.enabled, 'no delivery calculator on this tenant');
      const uncovered = ['1000', '0200', '5900', '9999'].find(
        (code) =>
          !site.tenant.delivery.regions.some((region) => region.from <= code && code <= region.to),
      );
      test.skip(!uncovered, 'every postcode is covered on this tenant');
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(`/cars/${car!.slug}`);
      const section = page.locator('section', {
        has: page.getByRole('heading', { name: 'Delivery Calculator' }),
      });
      await hydrated(page, section);
      const answer = page.waitForResponse((response) => response.url().includes('/api/delivery?'));
      await section.getByLabel('Postcode').fill(uncovered!);
      await section.getByRole('button', { name: 'Calculate' }).click();
      expect((await answer).status()).toBe(200);
      await expect(section.getByRole('status')).toHaveText(
        "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
      );
      expect(errors).toEqual([]);
    },
  );

  test(
    'delivery, keyboard only: postcode, Tab to Calculate, errors and the price announced',
    { tag: ONE_TENANT },
    async ({ page, site }) => {
      const car = site.cars.find(isAvailable);
      test.skip(!car || !site.tenant.delivery.enabled, 'no delivery calculator on this tenant');
      await page.goto(`/cars/${car!.slug}`);
      const section = page.locator('section', {
        has: page.getByRole('heading', { name: 'Delivery Calculator' }),
      });
      await hydrated(page, section);
      const postcode = section.getByLabel('Postcode');
      const calculate = section.getByRole('button', { name: 'Calculate' });

      await postcode.focus();
      await page.keyboard.press('Tab');
      await expect(calculate).toBeFocused();
      await page.keyboard.press('Space'); // empty postcode
      await expect(section.getByRole('alert')).toHaveText('Please enter a postcode.');
      await expect(postcode).toHaveAttribute('aria-invalid', 'true');

      await page.keyboard.press('Shift+Tab');
      await expect(postcode).toBeFocused();
      await page.keyboard.type('12');
      await page.keyboard.press('Enter');
      await expect(section.getByRole('alert')).toHaveText(
        'Invalid postcode. Please enter a 4-digit number.',
      );

      const region = site.tenant.delivery.regions[0];
      const code = region?.from ?? '4000';
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(code);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(section.getByRole('alert')).toHaveCount(0);
      const result = section.getByRole('status');
      await expect(result).toHaveAttribute('aria-live', 'polite');
      if (region) {
        await expect(result).toContainText(`Estimated delivery to ${region.name} (${code})`);
        await expect(result.getByTestId('delivery-price')).toHaveText(formatPrice(region.price));
      } else {
        await expect(result).toContainText(
          "Sorry, we can't provide an estimate for that location.",
        );
      }
    },
  );

  test('fuel calculator is hidden for an electric car', async ({ page, site }) => {
    const car = site.cars.find((item) => isAvailable(item) && isElectric(item));
    test.skip(!car, 'no electric car on this tenant');
    await page.goto(`/cars/${car!.slug}`);
    await expect(
      page
        .getByRole('heading', { name: 'Finance Calculator' })
        .or(page.getByRole('heading', { name: 'Delivery Calculator' }))
        .first(),
    ).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Fuel Cost Calculator' })).toHaveCount(0);
  });

  test('delivery: postcode messages, a price and no estimate', async ({ page, site }) => {
    const car = site.cars.find(isAvailable);
    test.skip(!car || !site.tenant.delivery.enabled, 'no delivery calculator on this tenant');
    await page.goto(`/cars/${car!.slug}`);
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: 'Delivery Calculator' }),
    });
    await hydrated(page, section);
    const postcode = section.getByLabel('Postcode');
    await expect(postcode).toHaveAttribute('placeholder', 'e.g. 4000');
    const calculate = section.getByRole('button', { name: 'Calculate' });

    await calculate.click();
    await expect(section.getByText('Please enter a postcode.')).toBeVisible();
    await postcode.fill('40');
    await postcode.press('Enter');
    await expect(
      section.getByText('Invalid postcode. Please enter a 4-digit number.'),
    ).toBeVisible();
    await postcode.fill('');
    await postcode.pressSequentially('40001');
    await expect(postcode).toHaveValue('4000');

    const region = site.tenant.delivery.regions.find(
      (item) => item.from <= '4000' && '4000' <= item.to,
    );
    await postcode.press('Enter');
    if (region) {
      await expect(section.getByRole('status')).toContainText(region.name);
      await expect(section.getByTestId('delivery-price')).toHaveText(formatPrice(region.price));
    }
    await postcode.fill('1000');
    await calculate.click();
    await expect(section.getByRole('status')).toContainText(
      "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
    );
  });
});
