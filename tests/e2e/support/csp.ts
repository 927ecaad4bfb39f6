import type { Page } from '@playwright/test';
import { waitForIslands } from './fixtures';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

export interface CspWatch {
  /** Every violation seen since the last call. */
  take(): Promise<string[]>;
  /** Resolves once no request has been in flight for 150 ms (at most `limit` ms). */
  settled(limit?: number): Promise<void>;
}

/**
 * Collects every CSP violation of the page and its frames, from the DOM event and from Chromium's
 * console. Call before the first navigation.
 */
export async function watchCspViolations(page: Page): Promise<CspWatch> {
  const fromConsole: string[] = [];
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.cspViolations!.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      ),
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  // Requests in flight, and when the last one ended: a quiet moment without networkidle's 500 ms.
  let inFlight = 0;
  let lastChange = Date.now();
  page.on('request', () => {
    inFlight++;
    lastChange = Date.now();
  });
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) inFlight = 0;
  });
  return {
    async take() {
      const inPage = await page.evaluate(() => window.cspViolations?.splice(0) ?? []);
      return [...inPage, ...fromConsole.splice(0)];
    },
    async settled(limit = 3_000) {
      const started = Date.now();
      while (Date.now() - started < limit && (inFlight > 0 || Date.now() - lastChange < 150))
        await page.waitForTimeout(50);
    },
  };
}

/**
 * Wake every island the way a shopper does: scroll the whole page (client:visible islands start,
 * and the first scroll fetches every client:interaction island's code) and pass a pointer over the
 * client:interaction ones, then let what they fetch arrive. Code that only runs once an island
 * wakes is then under the page's policy too.
 */
export async function wakeEveryIsland(page: Page, csp: CspWatch): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
    // What a pointer passing over each one sends (one round trip, not one hover per island).
    for (const island of document.querySelectorAll('astro-island[client="interaction"][ssr]'))
      island.firstElementChild?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
  });
  await waitForIslands(page);
  await csp.settled();
}
