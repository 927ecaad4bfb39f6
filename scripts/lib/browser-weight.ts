import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Response } from '@playwright/test';
import { CHROMIUM_FLAGS } from './chromium-flags';
import { scriptEnv } from './script-env';

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
  /** Total blocking time (ms): sum of (long task - 50 ms) after first contentful paint until settle, CPU 4x slower. */
  tbtMs: number;
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
const CPU_SLOWDOWN = 4;

/**
 * Opens `url` in a fresh context at `viewport`, waits for load, network idle and a short settle
 * without scrolling or interacting, and sums what was transferred. Bodies are gzipped here
 * (Playwright hands them over decoded), so the figure does not depend on the server's compression.
 */
export async function measureInBrowser(browser: Browser, url: string, viewport: ViewportName): Promise<BrowserWeight> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], isMobile: viewport === 'phone', hasTouch: viewport === 'phone' });
  const page = await context.newPage();
  try {
    // Long tasks from the very start of the document (buffered), collected before any page script runs.
    await page.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = [];
      (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const bodies: Promise<{ kind: 'js' | 'html' | 'css'; url: string; gzip: number } | undefined>[] = [];
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
      if (!kind || seen.has(response.url()) || (response.status() >= 300 && response.status() < 400)) return;
      seen.add(response.url());
      bodies.push(
        response.body().then(
          (body) => ({ kind, url: new URL(response.url()).pathname, gzip: gzipSync(body).length }),
          () => undefined,
        ),
      );
    });

    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(SETTLE_MS);
    // Total blocking time as Lighthouse defines it: the part over 50 ms of each task after the
    // first contentful paint (parsing and laying out the page before anything shows is not blocking).
    const { tasks: longTasks, fcp } = await page.evaluate(() => ({
      tasks: (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    const files = (await Promise.all(bodies)).filter((item) => item !== undefined);
    const sum = (kinds: string[]) => files.filter((file) => kinds.includes(file.kind)).reduce((total, file) => total + file.gzip, 0);
    return {
      jsGzip: sum(['js']),
      htmlCssGzip: sum(['html', 'css']),
      tbtMs: Math.round(
        longTasks.reduce((total, task) => {
          const after = task.start + task.duration - Math.max(task.start, fcp);
          return total + Math.max(0, Math.min(task.duration, after) - 50);
        }, 0),
      ),
      scripts: files
        .filter((file) => file.kind === 'js')
        .map(({ url: path, gzip }) => ({ url: path, gzip }))
        .sort((a, b) => b.gzip - a.gzip),
    };
  } finally {
    await context.close();
  }
}
