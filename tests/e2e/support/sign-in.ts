import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { SiteData } from '../../../src/site/types';
import { expect, waitForIslands } from './fixtures';
import { ROOT } from './tenants';

/**
 * Signing in from the browser tests, as a shopper does: the local server's code sender, started with
 * SIGN_IN_CODES_LOG=1 (playwright.config.ts), writes each code to a file (never in an API answer),
 * and the tests read it there.
 */

/** Where the local server's code sender writes each code. */
const CODE_FILE = path.join(ROOT, '.data', 'sign-in-codes.log');

/** A fresh mobile number per test, so tests and reruns never share a code or a watchlist. */
export function newPhone(): string {
  return `04${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** The code the local server "texted" to `phone` on this site. */
export async function sentCode(site: SiteData, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
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
      },
      {
        message: `No code for ${phone} in .data/sign-in-codes.log: is the server running with SIGN_IN_CODES_LOG=1?`,
      },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/** On the sign-in page: the mobile number, then the texted code. */
export async function signInOnPage(page: Page, site: SiteData, phone: string): Promise<void> {
  await waitForIslands(page);
  await page.getByLabel('Mobile Number').fill(phone);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${phone}`)).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(await sentCode(site, phone));
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs `phone` in through the API (the browser context shares the cookie), as the sign-in page does. */
export async function signInByApi(page: Page, site: SiteData, phone: string): Promise<void> {
  expect(
    (await page.request.post('/api/auth/request-code', { data: { phone_number: phone } })).status(),
  ).toBe(202);
  const verified = await page.request.post('/api/auth/verify-code', {
    data: { phone_number: phone, code: await sentCode(site, phone) },
  });
  expect(verified.ok()).toBe(true);
}
