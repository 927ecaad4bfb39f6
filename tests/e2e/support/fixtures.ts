import { test as base, expect, type Locator, type Page } from '@playwright/test';
import axe from 'axe-core';
import type { SiteData } from '../../../src/site/types';
import { siteData } from './tenants';

/** WCAG 2.2 A and AA: the level every page must meet. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

type Fixtures = {
  /** The data the current project's tenant was built from. */
  site: SiteData;
  /** Run axe on the page and fail with a readable list of violations. */
  expectAccessible: (page: Page) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  site: async ({}, use, testInfo) => {
    await use(siteData(testInfo.project.name));
  },
  // eslint-disable-next-line no-empty-pattern
  expectAccessible: async ({}, use) => {
    await use(async (page) => {
      const results = await runAxe(page);
      const summary = results.violations.map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes
            .map((node) => node.target.join(' '))
            .slice(0, 5)
            .join('\n    ')}`,
      );
      expect(summary, `axe violations on ${page.url()}`).toEqual([]);
    });
  },
});

export { expect };

/**
 * axe-core run inside the page, injected once per document. @axe-core/playwright's analyze()
 * re-injected axe and opened a blank page per call to combine frame results: about 2 s of
 * overhead per check, most of the accessibility walk's time. Our only iframes are third-party
 * video players (axe still checks their titles from the page), and only violations are needed.
 */
async function runAxe(page: Page): Promise<axe.AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  );
}

/**
 * Wait until every island that should have hydrated by now has (Astro drops `ssr` when it does):
 * client:load and client:idle islands, and client:visible islands that are in the viewport.
 * client:visible islands further down (enquiry forms, calculators) hydrate only when scrolled to,
 * and client:interaction islands (the vehicle viewer, favourite and watchlist buttons) when touched.
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island[ssr]')].every((island) => {
      const directive = island.getAttribute('client');
      // client:interaction islands wait for the shopper (see hydrateByInteraction).
      if (directive === 'interaction') return true;
      // 'only': a Finance Calculator the live correction (live-status.ts) re-renders at a new price; still client:visible.
      if (directive !== 'visible' && directive !== 'only') return false;
      // An island box is display: contents; Astro watches its children, so do the same.
      return [...island.children].every((child) => {
        const box = child.getBoundingClientRect();
        const shown = box.width > 0 || box.height > 0;
        return (
          !shown ||
          box.bottom <= 0 ||
          box.top >= window.innerHeight ||
          box.right <= 0 ||
          box.left >= window.innerWidth
        );
      });
    }),
  );
}

/**
 * Wake a client:interaction island the way a shopper does (hover, then it hydrates) and wait until
 * it is live, for tests that then press keys in it. Clicks need no wake-up: the island replays them.
 */
export async function hydrateByInteraction(island: Locator): Promise<void> {
  await island.locator(':scope > *').first().hover();
  await expect(island).not.toHaveAttribute('ssr', { timeout: 15_000 });
}
