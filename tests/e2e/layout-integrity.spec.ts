import type { ConsoleMessage, Page, TestInfo } from '@playwright/test';
import { expect, test, waitForIslands } from './support/fixtures';
import { pageTypeUrls } from '../../scripts/measure/page-types';
import { siteData } from './support/tenants';
import { wakeEveryIsland, watchCspViolations } from './support/csp';

// What a shopper sees, page by page: every page type of every tenant at phone and desktop size,
// checked for the layout faults a shopper notices (sideways scrolling, controls hidden under other
// boxes, text cut off, menu entries broken over two lines), for console errors, and with axe
// (WCAG 2.2 A + AA), and for Content-Security-Policy violations once every island has woken. One
// walk does all of it: separate axe and CSP walks loaded every page type again on each screen.
// Every layout check runs inside the page in one evaluate: a Playwright round trip per element
// would cost seconds per page.

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
];

// Map tiles come from a third-party tile server the test machine cannot reach.
const THIRD_PARTY_TILES = /tile\.openstreetmap\.org|tiles?\.|basemaps\.|\/tiles?\//;

for (const viewport of VIEWPORTS) {
  test.describe(`layout integrity and accessibility at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test('every page type: no axe violations, sideways scroll, covered controls, cut-off text, broken menu entries, console errors or CSP violations', async ({
      page,
      expectAccessible,
    }, testInfo) => {
      const urls = pageTypeUrls(siteData(testInfo.project.name));
      // One test walks every page type (about 35): allow each page its own share of time.
      test.setTimeout(urls.length * 20_000);
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !ignoredConsoleError(message, page))
          consoleErrors.push(`${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => consoleErrors.push(error.message));
      const csp = await watchCspViolations(page);
      const failures: string[] = [];
      for (const { type, path } of urls) {
        await test.step(`${type}: ${path}`, async () => {
          consoleErrors.length = 0;
          const response = await page.goto(path);
          // The policy comes from the server's headers (the site's _headers file), not a meta tag.
          expect(response!.headers()['content-security-policy']).toContain(
            "script-src 'self' 'sha256-",
          );
          await waitForIslands(page);
          // axe first, on the page as it stands at the top (the layout checks scroll it).
          const problems = await expectAccessible(page).then(
            (): string[] => [],
            (error: Error) => [error.message],
          );
          problems.push(...(await page.evaluate(findLayoutProblems)));
          await wakeEveryIsland(page, csp);
          problems.push(...(await csp.take()).map((text) => `CSP violation: ${text}`));
          problems.push(
            ...consoleErrors
              .filter((text) => !/Content Security Policy/i.test(text))
              .map((text) => `console error: ${text}`),
          );
          if (problems.length) {
            failures.push(`${type} ${path}:\n    ${problems.join('\n    ')}`);
            await attachScreenshot(page, testInfo, `${viewport.name} ${type}`);
          }
        });
      }
      expect(
        failures,
        `layout or accessibility problems at ${viewport.width}x${viewport.height}`,
      ).toEqual([]);
    });
  });
}

function ignoredConsoleError(message: ConsoleMessage, page: Page): boolean {
  const source = message.location().url;
  if (!message.text().startsWith('Failed to load resource')) return false;
  // The not-found page is answered with 404 on purpose; third-party tiles are out of reach here.
  if (source === page.url() && /status of 404/.test(message.text())) return true;
  return new URL(source).origin !== new URL(page.url()).origin && THIRD_PARTY_TILES.test(source);
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name.replace(/[^a-z0-9]+/gi, '-')}.png`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Runs inside the page: every layout problem found, one line each. Self-contained (serialised). */
function findLayoutProblems(): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  const describe = (element: Element): string => {
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const label = element.getAttribute('aria-label') ?? '';
    const classes =
      typeof element.className === 'string' && element.className
        ? `.${element.className.trim().split(/\s+/).join('.')}`
        : '';
    return `<${element.tagName.toLowerCase()}${classes}> "${label || text}"`;
  };
  // Screen-reader-only text (.visually-hidden and the like): a 1px clipped box by design.
  const isScreenReaderOnly = (element: Element): boolean => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const box = node.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1 && getComputedStyle(node).overflow !== 'visible')
        return true;
    }
    return false;
  };

  // 1. Sideways scrolling.
  if (root.scrollWidth > root.clientWidth + 1) {
    const wide = [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.right > root.clientWidth + 1 && box.width > 0 && !isScreenReaderOnly(element);
      })
      .slice(0, 3)
      .map(
        (element) =>
          `${describe(element)} right edge at ${Math.round(element.getBoundingClientRect().right)} px`,
      );
    problems.push(
      `document is ${root.scrollWidth} px wide in a ${root.clientWidth} px viewport: ${wide.join('; ')}`,
    );
  }

  // 2. Visible controls whose centre is under another element once scrolled to the middle of the
  // viewport (clear of sticky bars at the top or bottom).
  const controls = document.querySelectorAll<HTMLElement>(
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable=""], [contenteditable=true]',
  );
  for (const control of controls) {
    if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    if (control.closest('[inert], [aria-hidden=true]') || isScreenReaderOnly(control)) continue;
    // A skip link waits above the page until focused.
    const first = control.getBoundingClientRect();
    if (first.width === 0 || first.height === 0 || first.bottom + window.scrollY <= 0) continue;
    // Scroll only when it is outside the middle of the viewport: controls come in document order,
    // so one scroll brings the next several into the middle too.
    const middleY = first.top + first.height / 2;
    if (
      middleY < window.innerHeight * 0.25 ||
      middleY > window.innerHeight * 0.75 ||
      first.left < 0 ||
      first.right > window.innerWidth
    )
      control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    // A link wrapped over two lines has one box per line: its bounding box's centre may fall
    // between them, so aim at the centre of its widest line box.
    const box = [...control.getClientRects()].reduce((widest, rect) =>
      rect.width > widest.width ? rect : widest,
    );
    const x = box.left + box.width / 2;
    const y = box.top + Math.min(box.height, window.innerHeight) / 2;
    if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) {
      // Off-canvas on purpose (a slide scrolled out of its strip, a drawer): not reachable by scrolling.
      continue;
    }
    const hit = document.elementFromPoint(x, y);
    if (!hit || hit === control || control.contains(hit)) continue;
    // A label passes its clicks to its field.
    const label = hit.closest('label');
    if (label && label.control === control) continue;
    // Inside a clipping box (a scroll strip, a card) that hides this part of it on purpose.
    let clipped = false;
    for (
      let node = control.parentElement;
      node && node !== document.body;
      node = node.parentElement
    ) {
      const style = getComputedStyle(node);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const clip = node.getBoundingClientRect();
      if (x < clip.left || x > clip.right || y < clip.top || y > clip.bottom) clipped = true;
    }
    if (clipped) continue;
    problems.push(
      `${describe(control)} is covered by ${describe(hit)} at (${Math.round(x)}, ${Math.round(y)})`,
    );
  }
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });

  // 3. Text cut off by its box: a box holding text itself (not a map or a card of other boxes) with
  // overflow hidden/clip and content wider than the box, unless it ends in an ellipsis on purpose
  // or is clamped to a number of lines on purpose.
  const holdsText = (element: Element) =>
    [...element.childNodes].some(
      (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim(),
    );
  for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
    if (!holdsText(element)) continue;
    const style = getComputedStyle(element);
    if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
    if (
      style.textOverflow === 'ellipsis' ||
      style.webkitLineClamp !== 'none' ||
      isScreenReaderOnly(element)
    )
      continue;
    if (!element.checkVisibility() || !(element.innerText ?? '').trim()) continue;
    if (element.scrollWidth > element.clientWidth + 1)
      problems.push(
        `text cut off: ${describe(element)} needs ${element.scrollWidth} px, has ${element.clientWidth} px`,
      );
  }

  // 4. Menu entries and headings wrapped into an unreadable state: a menu entry over two lines
  // (its caret dropped under it, too), or a word broken in the middle (not at a hyphen or slash).
  const lineHeight = (element: Element): number => {
    const style = getComputedStyle(element);
    return Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
  };
  const menuEntries = document.querySelectorAll<HTMLElement>(
    'header a, header summary, nav[aria-label=Main] > ul > li > :is(a, details > summary)',
  );
  for (const entry of menuEntries) {
    if (!entry.checkVisibility() || isScreenReaderOnly(entry) || entry.querySelector('img'))
      continue;
    const style = getComputedStyle(entry);
    const contentHeight =
      entry.getBoundingClientRect().height -
      Number.parseFloat(style.paddingTop) -
      Number.parseFloat(style.paddingBottom);
    const rects = [...entry.getClientRects()];
    const lines =
      style.display.startsWith('inline') && !style.display.includes('block')
        ? rects.length
        : Math.round(contentHeight / lineHeight(entry));
    if (lines > 1 && (entry.textContent ?? '').trim())
      problems.push(`menu entry over ${lines} lines: ${describe(entry)}`);
  }
  for (const heading of document.querySelectorAll<HTMLElement>(
    'h1, h2, h3, h4, header a, nav a, summary, .btn',
  )) {
    if (!heading.checkVisibility() || isScreenReaderOnly(heading)) continue;
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s/-]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(
          [...range.getClientRects()]
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        );
        if (tops.size > 1)
          problems.push(`word "${match[0]}" broken over two lines in ${describe(heading)}`);
      }
    }
  }
  return problems;
}
