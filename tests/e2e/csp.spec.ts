import { expect, test } from './support/fixtures';
import { watchCspViolations } from './support/csp';
import { ONE_TENANT } from './support/tenants';

// Every page type runs under the policy with no violation: checked by the layout-integrity walk
// (tests/e2e/layout-integrity.spec.ts), which wakes every island of every page type on both
// screens. This file proves that the watcher it uses sees a violation (on one tenant: it tests the
// watcher).

declare global {
  interface Window {
    injected?: boolean;
  }
}

test(
  'the policy blocks a script injected into the page, and the test sees it',
  { tag: ONE_TENANT },
  async ({ page }) => {
    const csp = await watchCspViolations(page);
    await page.goto('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
    });
    await expect.poll(() => page.evaluate(() => window.cspViolations!.length)).toBe(1);
    expect(await page.evaluate(() => window.injected)).toBeUndefined();
    const seen = await csp.take();
    expect(seen[0]).toMatch(/^script-src-elem blocked inline/);
    expect(seen.slice(1).join('\n')).toMatch(/Content Security Policy/);
  },
);
