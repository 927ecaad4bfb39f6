/**
 * npm run bench:search-interaction [-- <slug> ...] [--runs=<n>] [--cpu=<rate>] [--phone]
 * The search page as a shopper on a slow phone meets it, in Chromium with the CPU slowed 4x
 * (CDP Emulation.setCPUThrottlingRate): open /search/new-used-and-demo-cars of each built site,
 * leave it idle 3 s, click a facet filter, and time
 *   - the click's INP-style figure (Event Timing: input to the next paint), and
 *   - the click until the results count and cards on screen are the new answer's (a mutation
 *     of the results heading, then the next frame), which includes loading the app's code and
 *     the index on this first interaction;
 * once cold (the click is the first interaction, so it loads the app's code and index) and once
 * with the app woken by a hover over the filters before the idle time;
 * then type a word in the search box (a key every 120 ms) and report the longest main-thread task
 * and the longest keystroke (Event Timing) meanwhile. Targets: first filter click answered within
 * 200 ms; no task over 50 ms while typing. Desktop screen (1280x900); with --phone a phone's
 * (390x844, touch), where the filters sit in a panel above the results that the Filters button
 * opens (which wakes the app), so the click is timed until the panel's 'Show Me {count}' button
 * shows the new count, once with the app live and once tapped straight after 'Filters' (while the
 * app's code loads and hydrates). Prints each run, the medians and the machine's load: a report, not a gate.
 */
import { loadavg } from 'node:os';
import { existsSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { listTenantSlugs } from '../../src/tenant/load';
import { launchChromium } from '../measure/browser-weight';
import { startLocalServer, tenantPort } from '../../platform/serve/local-server';
import { optionValue } from '../lib/cli-options';
import { ROOT, siteDir, snapshotFile } from '../../platform/paths';

const PATH = '/search/new-used-and-demo-cars';
const IDLE_MS = 3000;
const KEY_DELAY_MS = 120;

interface Run {
  clickInpMs: number;
  clickToResultsMs: number;
  typingLongestTaskMs: number;
  typingLongestKeyMs: number;
  /** The longest task once the keys paused (the search and its render). */
  afterTypingLongestTaskMs: number;
}

/** Long tasks and Event Timing entries from the start of the document, read by the benches. */
export function observe() {
  const state = {
    tasks: [] as { start: number; duration: number }[],
    events: [] as {
      name: string;
      start: number;
      duration: number;
      processingStart: number;
      processingEnd: number;
    }[],
  };
  (window as unknown as { __bench: typeof state }).__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      state.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[])
      state.events.push({
        name: entry.name,
        start: entry.startTime,
        duration: entry.duration,
        processingStart: entry.processingStart,
        processingEnd: entry.processingEnd,
      });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

type Mode = 'cold' | 'woken' | 'phone' | 'phone-quick';

async function measureOnce(page: Page, url: string, cpuRate: number, mode: Mode): Promise<Run> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  if (mode === 'phone') {
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page
      .locator('#search-app-root[data-live]')
      .waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
  } else if (mode === 'phone-quick') {
    // The shopper taps a facet straight after 'Filters', while the app's code loads and hydrates.
    await page.waitForTimeout(IDLE_MS);
    await page.getByRole('button', { name: 'Filters', exact: true }).tap();
  } else if (mode === 'woken') {
    // The shopper's pointer passed over the app first (as it does on the way to a filter, or a
    // phone's Filters button was pressed): its code loads and hydrates before the idle time.
    await page.locator('#search-filters').hover();
    await page
      .locator('#search-app-root[data-live]')
      .waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
  }
  if (mode !== 'phone-quick') await page.waitForTimeout(IDLE_MS);

  const facet = page.locator('#search-filters .facet input[type=checkbox]:not(:checked)').first();
  await facet.scrollIntoViewIfNeeded();
  // Time from the click's own timestamp to the frame after the results heading changed.
  const answered = page.evaluate(
    (selector) =>
      new Promise<{ clickAt: number; shownAt: number }>((resolve) => {
        const heading = document.querySelector(selector)!;
        const before = heading.textContent;
        let clickAt = 0;
        document.addEventListener('pointerdown', (event) => (clickAt ||= event.timeStamp), {
          capture: true,
          once: true,
        });
        new MutationObserver((_, observer) => {
          if (heading.textContent === before) return;
          observer.disconnect();
          requestAnimationFrame(() =>
            setTimeout(() => resolve({ clickAt, shownAt: performance.now() })),
          );
        }).observe(heading, { childList: true, characterData: true, subtree: true });
      }),
    mode.startsWith('phone') ? '[data-show-results]' : '#search-results-heading',
  );
  const clickStart = await page.evaluate(() => performance.now());
  if (mode === 'phone-quick') await facet.tap();
  else await facet.click();
  const { clickAt, shownAt } = await answered;
  await page.waitForTimeout(500); // let Event Timing report the click
  const clickEvents = await page.evaluate(
    (since) =>
      (
        window as unknown as {
          __bench: { events: { name: string; start: number; duration: number }[] };
        }
      ).__bench.events.filter((e) => e.start >= since),
    clickStart,
  );

  // Typing in the search box, once the app is live.
  const box = page.getByLabel('Search stock');
  await box.click();
  await page.waitForTimeout(1000);
  const typeStart = await page.evaluate(() => performance.now());
  await box.pressSequentially('automatic', { delay: KEY_DELAY_MS });
  const typeEnd = await page.evaluate(() => performance.now());
  await page.waitForTimeout(1000);
  // While the keys go in (the search runs once they pause; that answer's render is not typing).
  const { tasks, events, after } = await page.evaluate(
    ([since, until]) => {
      const bench = (
        window as unknown as {
          __bench: {
            tasks: { start: number; duration: number }[];
            events: { name: string; start: number; duration: number }[];
          };
        }
      ).__bench;
      return {
        tasks: bench.tasks.filter((task) => task.start >= since! && task.start < until!),
        events: bench.events.filter((event) => event.start >= since! && event.start < until!),
        after: bench.tasks.filter((task) => task.start >= until!),
      };
    },
    [typeStart, typeEnd],
  );

  return {
    clickInpMs: Math.round(
      Math.max(
        0,
        ...clickEvents
          .filter((e) => ['pointerdown', 'pointerup', 'click'].includes(e.name))
          .map((e) => e.duration),
      ),
    ),
    clickToResultsMs: Math.round(shownAt - clickAt),
    typingLongestTaskMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
    typingLongestKeyMs: Math.round(
      Math.max(
        0,
        ...events.filter((e) => /^key|^input|^beforeinput/.test(e.name)).map((e) => e.duration),
      ),
    ),
    afterTypingLongestTaskMs: Math.round(Math.max(0, ...after.map((task) => task.duration))),
  };
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** The sites named in `args` (all by default) that are built, with every tenant's slug (for ports); exits when none is. */
export async function builtSlugs(
  args: readonly string[],
): Promise<{ slugs: string[]; allSlugs: string[] }> {
  const wanted = args.filter((arg) => !arg.startsWith('-'));
  const allSlugs = await listTenantSlugs(ROOT);
  const slugs = (wanted.length ? wanted : allSlugs).filter(
    (slug) => existsSync(siteDir(slug)) && existsSync(snapshotFile(slug)),
  );
  if (!slugs.length) {
    console.error('Nothing built yet: run `npm run build` first.');
    process.exit(1);
  }
  return { slugs, allSlugs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const runs = Number(optionValue(args, 'runs') ?? 5);
  const cpuRate = Number(optionValue(args, 'cpu') ?? 4);
  const phone = args.includes('--phone');
  const { slugs, allSlugs } = await builtSlugs(args);
  // Its own ports (PORT, else 4380 + tenant position), so it can run next to `npm start` and `npm run size`.
  const basePort = Number(process.env.PORT ?? 4380);
  const server = await startLocalServer({ slugs, allSlugs, basePort });
  const browser = await launchChromium();
  try {
    console.log(
      `Search page, ${phone ? 'phone' : 'desktop'} screen, CPU ${cpuRate}x slower: idle ${IDLE_MS / 1000} s, click a facet; then type (targets: click answered <= 200 ms, no task > 50 ms)`,
    );
    const modes: Mode[] = phone ? ['phone', 'phone-quick'] : ['cold', 'woken'];
    const labels: Record<Mode, string> = {
      cold: 'cold (the click loads the app)',
      woken: 'app woken by a hover first',
      phone: 'filter panel open (its button woke the app)',
      'phone-quick': 'a facet tapped straight after the Filters button',
    };
    for (const slug of slugs) {
      const url = `http://localhost:${tenantPort(allSlugs, slug, basePort)}${PATH}`;
      for (const mode of modes) {
        const label = labels[mode];
        const results: Run[] = [];
        for (let run = 0; run < runs; run++) {
          const context = await browser.newContext(
            phone
              ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
              : { viewport: { width: 1280, height: 900 } },
          );
          const page = await context.newPage();
          await page.addInitScript(observe);
          try {
            const result = await measureOnce(page, url, cpuRate, mode);
            results.push(result);
            console.log(
              `  ${slug}, ${label}, run ${run + 1}: click INP ${result.clickInpMs} ms, click to results ${result.clickToResultsMs} ms; typing: longest task ${result.typingLongestTaskMs} ms, longest key ${result.typingLongestKeyMs} ms, then the answer's longest task ${result.afterTypingLongestTaskMs} ms; load ${loadavg()[0]!.toFixed(1)}`,
            );
          } finally {
            await context.close();
          }
        }
        const pick = (key: keyof Run) => median(results.map((result) => result[key]));
        console.log(
          `${slug}, ${label}: median of ${runs}: click INP ${pick('clickInpMs')} ms, click to results ${pick('clickToResultsMs')} ms; typing: longest task ${pick('typingLongestTaskMs')} ms, longest key ${pick('typingLongestKeyMs')} ms, then the answer's longest task ${pick('afterTypingLongestTaskMs')} ms; load ${loadavg()
            .map((value) => value.toFixed(1))
            .join(' ')}`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
