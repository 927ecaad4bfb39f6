// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATA_ID, ROOT_ID, type SearchPageData } from '../../src/islands/search/page-data';
import { SEARCH_SELECTORS } from '../../src/search/dom-contract';

// The search page's loader over a built demo search page (npm run build first), in happy-dom: what
// the page does by itself before React, and the one hand-over. The app (./mount) and the early
// answers' engine are stand-ins that record what they are given: the real ones run in the browser
// tests (search-lazy.spec.ts, first-tap.spec.ts).

const mounted = vi.hoisted(() => [] as Array<{ onLive: () => void; hydrate: boolean }>);
const ticks = vi.hoisted(() => [] as string[]);
vi.mock('../../src/islands/search/mount', () => ({
  mountSearch: (options: { onLive: () => void; hydrate: boolean }) => mounted.push(options),
}));
vi.mock('../../src/islands/search/early-answers', () => ({
  earlyAnswers: () => ({ tick: (input: HTMLInputElement) => ticks.push(input.value), stop() {} }),
}));

const SLUG = 'bayside-toyota';
const PAGE = 'search/new-used-and-demo-cars';

function loadBuiltPage(): SearchPageData {
  const html = readFileSync(path.join(process.cwd(), 'dist', SLUG, PAGE, 'index.html'), 'utf8');
  const parsed = new DOMParser().parseFromString(
    html.replace(/<link\b[^>]*>|<script\b[\s\S]*?<\/script>/g, ''),
    'text/html',
  );
  const data = html.match(new RegExp(`<script[^>]*id="${DATA_ID}"[^>]*>([\\s\\S]*?)</script>`))!;
  document.body.innerHTML = parsed.body.innerHTML;
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = DATA_ID;
  block.textContent = data[1]!;
  document.body.append(block);
  return JSON.parse(data[1]!) as SearchPageData;
}

/** Events a listener on the app's root saw, capturing, as React's own listeners there do. */
const rootSaw: string[] = [];

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe(`the search page loader on ${SLUG}'s built page`, () => {
  let config: SearchPageData['config'];
  beforeAll(async () => {
    ({ config } = loadBuiltPage());
    // Put there before the loader's: the page must not depend on React adding its listeners last.
    for (const type of ['pointerdown', 'click'])
      document.getElementById(ROOT_ID)!.addEventListener(type, () => rootSaw.push(type), true);
    // The loader hydrates in place only on its own route's address.
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
      `http://localhost/${PAGE}`,
    );
    await import('../../src/islands/search/loader');
  });
  afterEach(() => settle());

  const root = () => document.getElementById(ROOT_ID)!;
  const toggle = () => root().querySelector<HTMLButtonElement>(SEARCH_SELECTORS.filtersToggle)!;

  it('loads no app until the shopper touches the page', async () => {
    await settle();
    expect(mounted).toHaveLength(0);
    expect(root().hasAttribute('data-live')).toBe(false);
  });

  it("opens the phone's filter panel on the first tap of Filters, before React", async () => {
    toggle().click();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(root().querySelector(SEARCH_SELECTORS.filtersOpen)).not.toBeNull();
    // The tap woke the app, once, to hydrate the HTML in place.
    await vi.waitFor(() => expect(mounted).toHaveLength(1), { timeout: 3000 });
    expect(mounted[0]!.hydrate).toBe(true);
  });

  it('answers a facet tick in the page while React hydrates, and hands over once', async () => {
    const box = root().querySelector<HTMLInputElement>(
      `${SEARCH_SELECTORS.facetLists} input[type=checkbox]`,
    )!;
    rootSaw.length = 0;
    box.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    box.click();
    expect(box.checked).toBe(true);
    await vi.waitFor(() => expect(ticks).toEqual([box.value]));
    // React, hydrating, is kept from the tap (it would hydrate the whole app in that task).
    expect(rootSaw).toEqual([]);
    expect(config.backend.kind).toBe('embedded');
    // A card's heart shows pressed at once; the tap itself is held for the app.
    const heart = root().querySelector<HTMLButtonElement>(
      `${SEARCH_SELECTORS.resultCards} button.favourite`,
    )!;
    let appGotTaps = 0;
    heart.addEventListener('click', () => (appGotTaps += 1));
    heart.click();
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(appGotTaps).toBe(0);
    mounted[0]!.onLive();
    expect(root().hasAttribute('data-live')).toBe(true);
    await vi.waitFor(() => expect(appGotTaps).toBe(1));
    // Live: the page no longer answers or holds anything; the app does.
    const second = root().querySelectorAll<HTMLInputElement>(
      `${SEARCH_SELECTORS.facetLists} input[type=checkbox]`,
    )[1]!;
    second.click();
    toggle().click();
    await settle();
    expect(ticks).toEqual([box.value]);
    expect(rootSaw).toContain('click');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(mounted).toHaveLength(1);
  });
});
