/**
 * npm run bench:taps [-- <slug> ...] [--runs=<n>] [--cpu=<rate>] [--only=<regex of control names>]
 * Tap to feedback for each control a shopper taps first, on a phone (390x844, touch) with the CPU
 * slowed 4x (CDP Emulation.setCPUThrottlingRate), against the built sites: the car page's Compare,
 * favourite heart, gallery 'Next image' and the Finance Calculator's loan slider; the search page's
 * Filters button, a facet, and a result card's Compare and heart. Each control gets a fresh page:
 * loaded, left idle 3 s (the shopper reads), scrolled to, then tapped twice, 1.5 s apart. The
 * figure is the tap's pointerdown until the frame after the control shows its response (pressed,
 * expanded, ticked, the next photo's counter, the new repayment). The first tap is the one that
 * meets an island still asleep; the target is 100 ms for both. Prints each run and the medians: a
 * report, not a gate.
 */
import { loadavg } from 'node:os';
import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import type { SiteData } from '../../src/site/types';
import { availableViews, defaultView, gallerySlides } from '../../src/domain/vehicle/media';
import { canFavourite } from '../../src/domain/favourite-eligibility';
import { canCompare } from '../../src/domain/compare-eligibility';
import { isAvailable } from '../../src/domain/stock';
import { calculatorReturnsEmpty } from '../../src/domain/finance/estimate';
import { launchChromium, VIEWPORTS } from '../measure/browser-weight';
import { startLocalServer, tenantPort } from '../../platform/serve/local-server';
import { optionValue } from '../lib/cli-options';
import { snapshotFile } from '../../platform/paths';
import { builtSlugs, median, observe } from './search-interaction';

const SEARCH_PATH = '/search/new-used-and-demo-cars';
const IDLE_MS = 3000;
const BETWEEN_TAPS_MS = 1500;
const TARGET_MS = 100;
/** A tap that changed nothing in this long is reported as NaN (no response). */
const NO_RESPONSE_MS = 10_000;

/** What shows a control's response: an attribute of it, its text, or a box's tick. */
type Probe = { read: 'attribute'; name: string } | { read: 'text' } | { read: 'checked' };

interface Control {
  name: string;
  page: 'car' | 'search';
  /** Brings the control in front of the shopper (after the idle time); undefined when the site has none. */
  find: (
    page: Page,
  ) => Promise<{ tap: Locator; shows: Locator; probe: Probe; at?: [number, number] } | undefined>;
}

const present = async (locator: Locator) =>
  (await locator.count()) > 0 ? locator.first() : undefined;

const CONTROLS: Control[] = [
  {
    name: 'Compare (car page)',
    page: 'car',
    find: async (page) => {
      const button = await present(page.locator('.vehicle__tools .compare-toggle__button'));
      return (
        button && { tap: button, shows: button, probe: { read: 'attribute', name: 'aria-pressed' } }
      );
    },
  },
  {
    name: 'heart (car page)',
    page: 'car',
    find: async (page) => {
      const button = await present(page.locator('.vehicle__tools button.favourite'));
      return (
        button && { tap: button, shows: button, probe: { read: 'attribute', name: 'aria-pressed' } }
      );
    },
  },
  {
    name: 'gallery Next image',
    page: 'car',
    find: async (page) => {
      const button = await present(page.locator('.media button[aria-label="Next image"]'));
      return (
        button && { tap: button, shows: page.getByTestId('slide-counter'), probe: { read: 'text' } }
      );
    },
  },
  {
    name: 'calculator loan slider',
    page: 'car',
    find: async (page) => {
      const slider = await present(page.locator('.finance-calculator input[type=range]'));
      // Taps at 30% then 70% of its width: each moves the amount, and with it the repayment.
      return (
        slider && {
          tap: slider,
          shows: page.locator('.finance-calculator__result'),
          probe: { read: 'text' },
          at: [0.3, 0.7],
        }
      );
    },
  },
  {
    name: 'Filters button',
    page: 'search',
    find: async (page) => {
      const button = await present(page.getByRole('button', { name: 'Filters', exact: true }));
      return (
        button && {
          tap: button,
          shows: button,
          probe: { read: 'attribute', name: 'aria-expanded' },
        }
      );
    },
  },
  {
    name: 'facet (panel just opened)',
    page: 'search',
    find: async (page) => {
      const toggle = page.getByRole('button', { name: 'Filters', exact: true });
      if (await toggle.isVisible()) {
        await toggle.tap();
        await page.waitForTimeout(300); // the shopper finds the box they want
      }
      const box = await present(
        page.locator('#search-filters .facet input[type=checkbox]:not(:checked)'),
      );
      return box && { tap: box, shows: box, probe: { read: 'checked' } };
    },
  },
  {
    name: 'Compare (result card)',
    page: 'search',
    find: async (page) => {
      const button = await present(page.locator('[data-search-results] .compare-toggle__button'));
      return (
        button && { tap: button, shows: button, probe: { read: 'attribute', name: 'aria-pressed' } }
      );
    },
  },
  {
    name: 'heart (result card)',
    page: 'search',
    find: async (page) => {
      const button = await present(page.locator('[data-search-results] button.favourite'));
      return (
        button && { tap: button, shows: button, probe: { read: 'attribute', name: 'aria-pressed' } }
      );
    },
  },
];

/**
 * Set up in the page before the tap: the tap's time (its first touchstart or pointerdown after
 * this), then a look every 5 ms until `element` shows something else than now. When an event's
 * handler made the change, the frame that shows it is the one Event Timing reports for that event
 * (startTime + duration: input to next paint, as INP counts it); a change made outside an event
 * (an island rendering after it woke) is timed at the end of the next frame's task.
 * No named functions inside: tsx would wrap them in a helper the page does not have.
 */
function armFeedback(element: Element, probe: Probe): void {
  ((read: () => string | null) => {
    const before = read();
    (window as unknown as { __tap: Promise<{ tapAt: number; shownAt: number }> }).__tap =
      new Promise((resolve) => {
        // The tap's time as the listener installed before the page's own scripts saw it (an early
        // layer may stop the event at the window before any listener added now).
        const armedAt = performance.now();
        const { __touches: touches, __bench: bench } = window as unknown as {
          __touches: number[];
          __bench: {
            events: {
              start: number;
              duration: number;
              processingStart: number;
              processingEnd: number;
            }[];
          };
        };
        let lookedAt = armedAt;
        const timer = setInterval(() => {
          const tapAt = touches.find((at) => at >= armedAt);
          const changedBy = lookedAt;
          lookedAt = performance.now();
          if (tapAt === undefined || read() === before) return;
          clearInterval(timer);
          requestAnimationFrame(() =>
            setTimeout(() => {
              const frameDone = performance.now();
              // Entries arrive after their frame is presented: give them a moment.
              setTimeout(() => {
                const handled = bench.events.filter(
                  (entry) => entry.processingStart >= changedBy && entry.processingEnd <= lookedAt,
                );
                const shownAt = handled.length
                  ? Math.max(...handled.map((entry) => entry.start + entry.duration))
                  : frameDone;
                resolve({ tapAt, shownAt });
              }, 200);
            }),
          );
        }, 5);
      });
  })(() => {
    // An island that renders afresh replaces the element: look it up again by its first class.
    const now = element.isConnected ? element : document.querySelector(`.${element.classList[0]}`);
    if (!now) return null;
    return probe.read === 'attribute'
      ? now.getAttribute(probe.name)
      : probe.read === 'checked'
        ? String((now as HTMLInputElement).checked)
        : now.textContent;
  });
}

async function tapOnce(
  page: Page,
  found: NonNullable<Awaited<ReturnType<Control['find']>>>,
  which: 0 | 1,
): Promise<number> {
  await found.shows.evaluate(armFeedback, found.probe);
  if (found.at) {
    const box = (await found.tap.boundingBox())!;
    await found.tap.tap({ position: { x: box.width * found.at[which], y: box.height / 2 } });
  } else await found.tap.tap();
  const shown = await page.evaluate(
    (limit) =>
      Promise.race([
        (window as unknown as { __tap: Promise<{ tapAt: number; shownAt: number }> }).__tap,
        new Promise<undefined>((resolve) => setTimeout(resolve, limit)),
      ]),
    NO_RESPONSE_MS,
  );
  return shown ? Math.round(shown.shownAt - shown.tapAt) : Number.NaN;
}

/** A car whose page has the most of the controls: a gallery of several photos, a heart, Compare and a repayment estimate. */
function benchCar(site: SiteData): string {
  const gallery = (car: SiteData['cars'][number]) =>
    defaultView(availableViews(car), site.tenant.features.default_media_view) === 'gallery' &&
    gallerySlides(car, 'start').filter((slide) => slide.kind === 'image').length > 1;
  const image = (car: SiteData['cars'][number]) =>
    car.primary_image_url ?? car.images[0]?.image.url ?? null;
  const usable = site.cars.filter((car) => isAvailable(car) && gallery(car));
  // A car the calculator estimates (not one of SPEC 8's empty-value cars), so a slider tap changes the repayment.
  const estimable = (car: SiteData['cars'][number]) =>
    (car.price ?? 0) > 0 && !calculatorReturnsEmpty(car, site.tenant.finance);
  const best =
    usable.find(
      (car) =>
        estimable(car) &&
        canFavourite(car.price, image(car)) &&
        canCompare({ price: car.price, image: image(car) }),
    ) ??
    usable[0] ??
    site.cars[0]!;
  return best.slug;
}

async function measure(
  browser: Browser,
  url: string,
  control: Control,
  cpuRate: number,
): Promise<[number, number] | undefined> {
  const context = await browser.newContext({
    viewport: VIEWPORTS.phone,
    isMobile: true,
    hasTouch: true,
  });
  // Every touch's time and Event Timing entry, recorded from before the page's own scripts run.
  await context.addInitScript(observe);
  await context.addInitScript(`{
    const touches = (window.__touches = []);
    for (const type of ['touchstart', 'pointerdown'])
      addEventListener(type, (event) => touches.push(event.timeStamp), { capture: true });
  }`);
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(IDLE_MS);
    const found = await control.find(page);
    if (!found) return undefined;
    // Scrolled to as a shopper would (by touch, which wakes nothing), then a moment to aim.
    await found.tap.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(300);
    const first = await tapOnce(page, found, 0);
    await page.waitForTimeout(BETWEEN_TAPS_MS);
    const second = await tapOnce(page, found, 1);
    return [first, second];
  } finally {
    await context.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const runs = Number(optionValue(args, 'runs') ?? 3);
  const cpuRate = Number(optionValue(args, 'cpu') ?? 4);
  const only = new RegExp(optionValue(args, 'only') ?? '', 'i');
  const { slugs, allSlugs } = await builtSlugs(args);
  const basePort = Number(process.env.PORT ?? 4380);
  const server = await startLocalServer({ slugs, allSlugs, basePort });
  const browser = await launchChromium();
  try {
    console.log(
      `Tap to feedback on a phone (390x844, touch), CPU ${cpuRate}x slower, idle ${IDLE_MS / 1000} s first; target ${TARGET_MS} ms for each tap`,
    );
    for (const slug of slugs) {
      const site = JSON.parse(readFileSync(snapshotFile(slug), 'utf8')) as SiteData;
      const origin = `http://localhost:${tenantPort(allSlugs, slug, basePort)}`;
      const urls = { car: `${origin}/cars/${benchCar(site)}`, search: `${origin}${SEARCH_PATH}` };
      console.log(`${slug}: car page ${urls.car}`);
      for (const control of CONTROLS.filter((each) => only.test(each.name))) {
        const firsts: number[] = [];
        const seconds: number[] = [];
        for (let run = 0; run < runs; run++) {
          const result = await measure(browser, urls[control.page], control, cpuRate);
          if (!result) break;
          firsts.push(result[0]);
          seconds.push(result[1]);
          console.log(
            `  ${slug}, ${control.name}, run ${run + 1}: first tap ${result[0]} ms, second tap ${result[1]} ms; load ${loadavg()[0]!.toFixed(1)}`,
          );
        }
        if (!firsts.length) {
          console.log(`${slug}, ${control.name}: not on this site`);
          continue;
        }
        console.log(
          `${slug}, ${control.name}: median of ${firsts.length}: first tap ${median(firsts)} ms, second tap ${median(seconds)} ms`,
        );
      }
    }
    console.log(
      `load ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    await server.close();
  }
}
