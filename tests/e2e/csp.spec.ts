import type { Page } from '@playwright/test';
import { expect, test, waitForIslands } from './support/fixtures';
import { pageTypeUrls } from '../../scripts/measure/page-types';
import { siteData } from './support/tenants';

declare global {
  interface Window {
    cspViolations?: string[];
    injected?: boolean;
  }
}

/** Every CSP violation of the page and its frames, from the DOM event and from Chromium's console. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.cspViolations!.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      ),
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/** Wake the page the way a shopper does: scroll it all (client:visible islands) and hover the client:interaction ones. */
async function exercise(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  for (const island of await page
    .locator('astro-island[client="interaction"][ssr] > :first-child')
    .all()) {
    if (await island.isVisible()) await island.hover({ timeout: 2_000 }).catch(() => {});
  }
  await waitForIslands(page);
  await page.waitForLoadState('networkidle').catch(() => {});
}

test('every page type runs under the Content-Security-Policy with no violation', async ({
  page,
}, testInfo) => {
  const urls = pageTypeUrls(siteData(testInfo.project.name));
  test.setTimeout(urls.length * 10_000);
  const consoleViolations = await watchViolations(page);
  for (const { type, path } of urls) {
    await test.step(`${type}: ${path}`, async () => {
      const response = await page.goto(path);
      // The policy comes from the server's headers (the site's _headers file), not a meta tag.
      expect(response!.headers()['content-security-policy']).toContain(
        "script-src 'self' 'sha256-",
      );
      await exercise(page);
      const violations = [
        ...(await page.evaluate(() => window.cspViolations ?? [])),
        ...consoleViolations.splice(0),
      ];
      expect(violations, `CSP violations on ${path}`).toEqual([]);
    });
  }
});

test('the policy blocks a script injected into the page, and the test sees it', async ({
  page,
}) => {
  const consoleViolations = await watchViolations(page);
  await page.goto('/');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.head.append(script);
  });
  await expect.poll(() => page.evaluate(() => window.cspViolations!.length)).toBe(1);
  expect(await page.evaluate(() => window.injected)).toBeUndefined();
  expect(await page.evaluate(() => window.cspViolations![0])).toMatch(
    /^script-src-elem blocked inline/,
  );
  expect(consoleViolations.join('\n')).toMatch(/Content Security Policy/);
});
