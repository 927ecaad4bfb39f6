import type { Page } from '@playwright/test';
import { openStore, type Store, type StoredLead } from '../../api/storage/store';
import { leadPageGate, type GatedLeadPage } from '../../src/domain/accounts';
import { formatPhone, formatPrice, telHref } from '../../src/domain/format';
import { titleWithYear } from '../../src/domain/garage';
import { dealershipOptions } from '../../src/domain/leads/dealerships';
import { lookupRego, MAX_ESTIMATE_AGE_YEARS } from '../../src/domain/leads/trade-in';
import { groupLocations } from '../../src/domain/location-blocks';
import { locationSlug } from '../../src/domain/locations';
import { mainPhone } from '../../src/domain/phone';
import { hasPrice } from '../../src/domain/price-display';
import { isAvailable } from '../../src/domain/stock';
import { FAVOURITES_KEY } from '../../src/stores/favourites';
import { VIEWED_CARS_KEY, viewedCarRecord } from '../../src/domain/viewed-cars';
import type { SiteData } from '../../src/site/types';
import { expect, test } from './support/fixtures';
import { newPhone, signInOnPage } from './support/sign-in';

// What a shopper sees on the demo sites: my-garage, trade-in without an online estimate, location
// pages' message form, and the enquiry form's field layout.

let store: Store;
test.beforeAll(async () => {
  store = await openStore();
});
test.afterAll(async () => store.close());
test.describe.configure({ timeout: 90_000 });

const shopper = {
  first: 'Sam',
  phone: '0412 345 678',
  email: 'sam.shopper@example.com',
  postcode: '4000',
};
const lastName = (tag: string) => `Accept-${tag}-${Date.now().toString(36)}`;

async function leadBy(site: SiteData, last: string, subcategory?: string): Promise<StoredLead> {
  let found: StoredLead | undefined;
  await expect
    .poll(async () => {
      found = (await store.listLeads(site.tenant.slug))
        .filter(
          (lead) =>
            lead.fields.last_name === last && (!subcategory || lead.subcategory === subcategory),
        )
        .pop();
      return found?.status;
    })
    .toBe('submitted');
  return found!;
}

async function openGated(page: Page, site: SiteData, url: string, kind: string) {
  await page.goto(url);
  if (!site.tenant.features.sign_in_gated.includes(kind as never)) return;
  await expect(page).toHaveURL(new RegExp(`/sign-in\\?type=${kind}&`), { timeout: 20_000 });
  await signInOnPage(page, site, newPhone());
  await expect(page).toHaveURL(url, { timeout: 20_000 });
}

test('my-garage shows favourites and recently viewed cars alike: photo, title with year, price, a link', async ({
  page,
  site,
  expectAccessible,
}) => {
  const [first, second] = site.cars.filter(
    (car) => isAvailable(car) && hasPrice(car.price) && car.primary_image_url,
  );
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await openGated(page, site, '/my-garage', 'my-garage');
  await page.evaluate(
    ({ favourites, viewed, keys }) => {
      localStorage.setItem(keys.favourites, JSON.stringify(favourites));
      localStorage.setItem(keys.viewed, JSON.stringify(viewed));
    },
    {
      favourites: [
        {
          id: String(first!.id),
          name: first!.name,
          slug: first!.slug,
          make: first!.make,
          model: first!.model,
          primary_image_url: null,
        },
      ],
      // What a vehicle page keeps: SPEC 3's record, with no name, link, photo or price.
      viewed: [viewedCarRecord(second!), viewedCarRecord(first!)],
      keys: { favourites: FAVOURITES_KEY, viewed: VIEWED_CARS_KEY },
    },
  );
  errors.length = 0;
  await page.reload();
  const favourites = page.getByRole('list', { name: 'Favourite cars' }).getByRole('listitem');
  const viewed = page.getByRole('list', { name: 'Recently viewed cars' }).getByRole('listitem');
  await expect(viewed).toHaveCount(2);
  for (const [item, car] of [
    [favourites.first(), first!],
    [viewed.first(), second!],
    [viewed.nth(1), first!],
  ] as const) {
    const title = titleWithYear(car.name, car.year);
    expect(title).toContain(String(car.year));
    await expect(item.getByRole('link', { name: title })).toHaveAttribute(
      'href',
      `/cars/${car.slug}`,
    );
    await expect(item.getByText(formatPrice(car.price!), { exact: true })).toBeVisible();
    await expect(item.locator('img')).toBeVisible();
    // The photo arrives after the row is drawn: wait for it to load, then check it decoded.
    await expect
      .poll(() =>
        item
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
  }
  // The favourite's row and the same car's viewed row read the same.
  expect(await favourites.first().innerText()).toBe(await viewed.nth(1).innerText());
  await expectAccessible(page);
  await viewed.first().getByRole('link').click();
  await expect(page).toHaveURL(`/cars/${second!.slug}`);
  expect(errors).toEqual([]);
});

test.describe('trade-in with no online estimate', () => {
  const cases = [
    { name: 'over 100,000 km', km: '150000', old: false },
    { name: `over ${MAX_ESTIMATE_AGE_YEARS} years old`, km: '30000', old: true },
  ];
  for (const { name, km, old } of cases) {
    test(`a car ${name}: the reason and what to do instead, and the dealer gets the lead`, async ({
      page,
      site,
    }) => {
      await page.goto('/trade-in');
      const kind = leadPageGate('/trade-in' as GatedLeadPage, site.tenant.features.sign_in_gated);
      if (kind) {
        await expect(page).toHaveURL(new RegExp(`/sign-in\\?type=${kind}&`), { timeout: 20_000 });
        await signInOnPage(page, site, newPhone());
        await expect(page).toHaveURL('/trade-in', { timeout: 20_000 });
      }
      const form = page.locator('.trade-in-form');
      await form.scrollIntoViewIfNeeded();
      await expect(page.locator('astro-island', { has: form })).not.toHaveAttribute('ssr', {
        timeout: 20_000,
      });
      const last = lastName(`none-${km}`);
      await form.getByLabel('First Name').fill(shopper.first);
      await form.getByLabel('Last Name').fill(last);
      await form.getByLabel('Mobile Number').fill(shopper.phone);
      await form.getByLabel('Email Address').fill(shopper.email);
      await form.getByLabel('Postcode').fill(shopper.postcode);
      const options = dealershipOptions(site.locations);
      if (options.length > 1) {
        await form
          .getByRole('combobox', { name: 'Dealership Location' })
          .fill(options[0]!.dealership_name);
        await form.getByRole('option', { name: options[0]!.dealership_name, exact: true }).click();
      }
      await form.getByRole('button', { name: 'Next: Your Car' }).click();
      const year = new Date().getFullYear();
      const plates = [
        'ABC123',
        'XYZ789',
        'TRD001',
        'CAR555',
        'QLD100',
        'NEW202',
        'OLD303',
        'VIN999',
        'UTE777',
        'OLD404',
        'AAA111',
        'ZZZ999',
      ];
      const rego = plates.find(
        (plate) => year - lookupRego(plate, 'QLD', year).year > MAX_ESTIMATE_AGE_YEARS === old,
      );
      test.skip(!rego, 'no demo plate of that age');
      await form.getByLabel('Registration Number').fill(rego!);
      await form.getByLabel('Kilometres').fill(km);
      const valuation = page.waitForResponse('**/api/trade-in/valuation');
      await form.getByRole('button', { name: 'Get My Estimate' }).click();
      const answer = await valuation;
      expect(answer.status()).toBe(422);
      const reason = String(((await answer.json()) as { error: string }).error);

      await expect(
        form.getByRole('heading', { name: 'No online estimate for this car' }),
      ).toBeVisible();
      await expect(form.getByText(reason)).toBeVisible();
      await expect(form).toContainText('over 7 years old or over 100,000 km');
      await expect(form.getByRole('link', { name: 'Enquire Now' })).toHaveAttribute(
        'href',
        '/contact-us#contact-form',
      );
      const phone = mainPhone(site.tenant, site.locations);
      if (phone)
        await expect(
          form.getByRole('link', { name: `Call ${formatPhone(phone)}` }),
        ).toHaveAttribute('href', telHref(phone));
      await page.waitForTimeout(1000);
      await expect(page).toHaveURL('/trade-in');

      const lead = await leadBy(site, last, '2. Valuation');
      expect(lead).toMatchObject({ form: 'trade_in' });
      expect(lead.fields).toMatchObject({ Rego: rego, km: Number(km) });
      expect(lead.fields.offer_price ?? null).toBeNull();
    });
  }
});

test.describe('a location page’s Send Us a Message', () => {
  const pages = [
    { kind: 'location', path: (slug: string) => `/locations/${slug}` },
    { kind: 'location details', path: (slug: string) => `/our-location/${slug}` },
    { kind: 'contact location', path: (slug: string) => `/contact-us/${slug}` },
  ];
  for (const { kind, path } of pages) {
    test(`${kind}: the form sends to the location the shopper is looking at`, async ({
      page,
      site,
    }) => {
      test.skip(
        dealershipOptions(site.locations).length < 2,
        `${site.tenant.slug} has one dealership: its forms ask for none`,
      );
      // A location of the second dealership (a service location where there is one), not the list's first.
      const locations = site.locations.filter((location) => location.dealership);
      const location = locations.find((l) => l.location_type === 'service') ?? locations[1]!;
      let slug: string;
      let own: ReturnType<typeof dealershipOptions>[number];
      if (kind === 'contact location') {
        const group = groupLocations(site.locations).find((g) =>
          g.locations.some((l) => l.id === location.id),
        )!;
        slug = group.slug;
        own = dealershipOptions(group.locations)[0]!;
      } else {
        slug = locationSlug(location);
        own = dealershipOptions([location])[0]!;
      }
      await page.goto(path(slug));
      const form = page.locator('#contact-form form');
      await form.scrollIntoViewIfNeeded();
      await expect(page.locator('#contact-form astro-island')).not.toHaveAttribute('ssr', {
        timeout: 20_000,
      });
      await expect(form.getByRole('combobox', { name: 'Dealership Location' })).toHaveValue(
        own.dealership_name,
      );
      const last = lastName('loc');
      await form.getByLabel('First Name').fill(shopper.first);
      await form.getByLabel('Last Name').fill(last);
      await form.getByLabel('Mobile Number').fill(shopper.phone);
      await form.getByLabel('Email Address').fill(shopper.email);
      await form.getByLabel('Postcode').fill(shopper.postcode);
      await form.getByLabel('Comments').fill('Is the workshop open on Saturday?');
      await form.getByRole('button', { name: 'Send Enquiry' }).click();
      await expect(form.getByText('Please select a dealership location')).toHaveCount(0);
      await expect(page).toHaveURL(/\/success$/, { timeout: 20_000 });
      const lead = await leadBy(site, last);
      expect(lead.fields).toMatchObject({
        dealership_name: own.dealership_name,
        location_id: own.location_id,
        dealership_id: own.dealership_id,
        dealership_slug: own.dealership_slug,
      });
    });
  }
});

test.describe('enquiry form fields line up', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    test(`${viewport.width}x${viewport.height}: every contact field is as tall as the others, and a row's fields share a top, with or without errors`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.goto('/contact-us');
      const form = page.locator('#contact-form form');
      await form.scrollIntoViewIfNeeded();
      await expect(page.locator('#contact-form astro-island')).not.toHaveAttribute('ssr', {
        timeout: 20_000,
      });

      async function expectEven(state: string) {
        const fields = await form.locator('.lead-form__grid .lead-field').evaluateAll((cells) =>
          cells.map((cell) => {
            const input = cell.querySelector('input')!.getBoundingClientRect();
            return {
              name: cell.querySelector('input')!.name,
              cellTop: Math.round(cell.getBoundingClientRect().top),
              top: Math.round(input.top),
              height: Math.round(input.height),
            };
          }),
        );
        expect(fields.map((field) => field.name)).toEqual([
          'name',
          'last_name',
          'phone',
          'email',
          'postcode',
        ]);
        expect(
          new Set(fields.map((field) => field.height)).size,
          `${state}: ${JSON.stringify(fields)}`,
        ).toBe(1);
        // Fields side by side (cells starting on the same line) have their inputs level.
        for (const field of fields)
          for (const other of fields)
            if (field.cellTop === other.cellTop)
              expect(field.top, `${state}: ${field.name} / ${other.name}`).toBe(other.top);
        await form.screenshot({
          path: testInfo.outputPath(`enquiry-form-${viewport.width}-${state}.png`),
        });
      }

      await expectEven('empty');
      // Errors of different lengths under each field (the mobile and email ones wrap).
      await form.getByLabel('Postcode').fill('12');
      await form.getByRole('button', { name: 'Send Enquiry' }).click();
      await expect(form.getByText('Please fix the following errors:')).toBeVisible();
      await expectEven('errors');
    });
  }
});
