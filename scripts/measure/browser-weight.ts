import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Response } from '@playwright/test';
import { CHROMIUM_FLAGS } from './chromium-flags';
import { scriptEnv } from '../../platform/script-env';

/** The two screens a page is measured on: a phone and a desktop. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export interface BrowserWeight {
  /** gzip bytes of every JavaScript response before any scroll or interaction. */
  jsGzip: number;
  /** gzip bytes of the HTML document and its stylesheets. */
  htmlCssGzip: number;
  /** The JavaScript files loaded, largest first (for finding what to trim). */
  scripts: { url: string; gzip: number }[];
}

/** Same launch options as playwright.config.ts (Debian's Chromium, never downloaded). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: scriptEnv().CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
}

const SETTLE_MS = 1500;

/**
 * Opens `url` in a fresh context at `viewport`, waits for load, network idle and a short settle
 * without scrolling or interacting, and sums what was transferred. Bodies are gzipped here
 * (Playwright hands them over decoded), so the figure does not depend on the server's compression.
 */
export async function measureInBrowser(
  browser: Browser,
  url: string,
  viewport: ViewportName,
): Promise<BrowserWeight> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
  });
  const page = await context.newPage();
  try {
    const bodies: Promise<
      { kind: 'js' | 'html' | 'css'; url: string; gzip: number } | undefined
    >[] = [];
    const seen = new Set<string>();
    page.on('response', (response: Response) => {
      const request = response.request();
      const type = request.resourceType();
      const contentType = response.headers()['content-type'] ?? '';
      const kind =
        type === 'script' || /javascript/.test(contentType)
          ? 'js'
          : type === 'stylesheet'
            ? 'css'
            : type === 'document' && request.frame() === page.mainFrame()
              ? 'html'
              : undefined;
      // Redirects carry no body; a 404 page is still a page.
      if (
        !kind ||
        seen.has(response.url()) ||
        (response.status() >= 300 && response.status() < 400)
      )
        return;
      seen.add(response.url());
      bodies.push(
        response.body().then(
          (body) => ({ kind, url: new URL(response.url()).pathname, gzip: gzipSync(body).length }),
          () => undefined,
        ),
      );
    });

    // Generous: several pages load at once on a shared 2-core machine.
    await page.goto(url, { waitUntil: 'load', timeout: 90_000 });
    await page.waitForLoadState('networkidle');
    // Settle until a whole settle passes with no new script or stylesheet: on a busy machine a
    // script the page loads when idle can come after the first settle (the search page's did at load 22).
    for (let settles = 0, seenBefore = -1; seenBefore !== seen.size && settles < 4; settles++) {
      seenBefore = seen.size;
      await page.waitForTimeout(SETTLE_MS);
      await page.waitForLoadState('networkidle');
    }
    const files = (await Promise.all(bodies)).filter((item) => item !== undefined);
    const sum = (kinds: string[]) =>
      files
        .filter((file) => kinds.includes(file.kind))
        .reduce((total, file) => total + file.gzip, 0);
    return {
      jsGzip: sum(['js']),
      htmlCssGzip: sum(['html', 'css']),
      scripts: files
        .filter((file) => file.kind === 'js')
        .map(({ url: path, gzip }) => ({ url: path, gzip }))
        .sort((a, b) => b.gzip - a.gzip),
    };
  } finally {
    await context.close();
  }
}
