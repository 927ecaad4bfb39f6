import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import {
  allTenantSlugs,
  E2E_BASE_PORT,
  ONE_TENANT,
  ONE_TENANT_PROJECT,
  tenantBaseUrl,
} from './tests/e2e/support/tenants';
import { CHROMIUM_FLAGS } from './scripts/measure/chromium-flags';

// Debian's Chromium (TOOLCHAIN.md): Playwright never downloads a browser here. The apt package
// chromium-headless-shell (same engine, no browser UI) ran the browser suite about 2.5 times
// faster than full Chromium in headless mode on the 2-core machine; .ci/run installs it.
const executablePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));
const slugs = allTenantSlugs();

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Three on 2 cores: a test waits on the server, timers and the network part of its time, and a
  // third worker fills that (bayside's 240 tests: 391 s with 2 workers, 1.77 cores busy; 341 s with
  // 3, 1.94 busy).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_FLAGS },
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  // One project per tenant: every spec runs against every demo site, except tests tagged
  // ONE_TENANT (behaviour of shared code that no tenant setting or data changes), which run on
  // ONE_TENANT_PROJECT only. They are not scheduled elsewhere, so they count neither as run nor skipped.
  projects: slugs.map((slug) => ({
    name: slug,
    use: { baseURL: tenantBaseUrl(slug) },
    ...(slug === ONE_TENANT_PROJECT ? {} : { grepInvert: new RegExp(ONE_TENANT) }),
  })),
  webServer: {
    command: 'tsx scripts/serve.ts',
    // Every test is another shopper, all from 127.0.0.1: per-IP limits would turn a busy minute of
    // the suite into 429s. The limits themselves are tested in tests/unit/leads-api.test.ts.
    // SIGN_IN_CODES_LOG=1: the local code sender writes each code to .data/sign-in-codes.log for
    // tests/e2e/support/sign-in.ts; the raised code budget lets reruns within the hour sign in.
    env: {
      PORT: String(E2E_BASE_PORT),
      LEADS_RATE_LIMITS: 'off',
      SIGN_IN_CODES_LOG: '1',
      SIGN_IN_CODES_PER_SITE_PER_HOUR: '10000',
    },
    url: `${tenantBaseUrl(slugs[0]!)}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
  },
});
