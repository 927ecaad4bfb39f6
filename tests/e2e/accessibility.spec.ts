import { test } from './support/fixtures';
import { pageTypeUrls } from './support/page-types';
import { siteData } from './support/tenants';

// axe (WCAG 2.2 A + AA) on every page type of every tenant, at phone width (most shoppers) and
// at desktop width.
for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test.describe(`accessibility at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test('every page type has no axe violations', async ({ page, expectAccessible }, testInfo) => {
      const urls = pageTypeUrls(siteData(testInfo.project.name));
      // One test walks every page type (about 35): allow each page its own share of time.
      test.setTimeout(urls.length * 15_000);
      for (const { type, path } of urls) {
        await test.step(`${type}: ${path}`, async () => {
          await page.goto(path);
          await expectAccessible(page);
        });
      }
    });
  });
}
