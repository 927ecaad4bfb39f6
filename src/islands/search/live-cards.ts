import { cardCorrections, liveCars, type ShownCard } from '../../search/live-cards';
import type { IndexFile } from '../../search/index-file';
import { cardSelector, SEARCH_DOM, SEARCH_SELECTORS } from '../../search/dom-contract';

/**
 * A search page's result cards correct themselves from the live search index, as a vehicle page
 * does from view.json (components/vehicle/live-status.ts): the page's HTML (or the app's engine,
 * loaded earlier) may come from before a car sold or changed price. The index is served with
 * `max-age=0, must-revalidate` and an ETag, so asking again costs a 304 until a sync changes it.
 *
 * Asked at load, when the page is shown again, and every RECHECK_MS while it is on screen (less
 * often after a failed read).
 * Corrections are an attribute on the card (CSS hides what no longer applies, keeping the space)
 * and the price's text (CarCard lets that text differ when the app hydrates), so React's markup is
 * never rearranged; cards the app draws later are corrected as they appear.
 */
// An open page shows a sale at most this long after the CDN has the new index (the target is 15 s
// from the feed write, of which the sync takes 8-13 s); each ask between is a 304 from the CDN.
const RECHECK_MS = 3_000;
/** After a failed read, the next is this far off (doubling, up to 5 minutes): an origin in trouble is not polled by every open page. */
const AFTER_FAILURE_MS = 60_000;
const MAX_AFTER_FAILURE_MS = 300_000;

const page = document.querySelector<HTMLElement>('[data-live-index]');
let live: ReturnType<typeof liveCars> | undefined;
let etag: string | null = null;
let asking = false;
let failures = 0;
let lastAsked = Date.now();

function shownCards(root: ParentNode): ShownCard[] {
  return [...root.querySelectorAll<HTMLElement>(SEARCH_SELECTORS.cards)].map((item) => ({
    id: item.getAttribute(SEARCH_DOM.cardIdAttribute)!,
    // A card corrected before counts as built that way: it is not corrected twice.
    sold: item.querySelector('.car-card[data-sold]') !== null || item.dataset.live === 'sold',
    price:
      (item.dataset.builtPrice ?? item.querySelector('.card__price .price')?.textContent) ||
      undefined,
  }));
}

function correct(root: ParentNode, soldLabel: string): void {
  if (!live) return;
  const corrections = cardCorrections(shownCards(root), live);
  for (const [id, correction] of corrections) {
    const item = root.querySelector<HTMLElement>(cardSelector(id));
    const price = item?.querySelector<HTMLElement>('.card__price .price');
    if (!item) continue;
    // What the HTML said, so a later index is compared with the build, not with a correction.
    if (price && item.dataset.builtPrice === undefined)
      item.dataset.builtPrice = price.textContent ?? '';
    item.dataset.live = correction.kind;
    if (correction.kind === 'sold') {
      item.querySelector<HTMLElement>('.car-card__media')?.setAttribute('data-live-tag', soldLabel);
      if (price) price.textContent = soldLabel;
    } else if (price && price.textContent !== correction.price)
      price.textContent = correction.price;
  }
}

/** When to ask next: RECHECK_MS while reads succeed, backing off after failures. */
function nextCheckMs(): number {
  return failures === 0
    ? RECHECK_MS
    : Math.min(AFTER_FAILURE_MS * 2 ** (failures - 1), MAX_AFTER_FAILURE_MS);
}

async function ask(soldLabel: string, indexUrl: string): Promise<void> {
  if (asking || document.visibilityState !== 'visible') return;
  asking = true;
  lastAsked = Date.now();
  try {
    const response = await fetch(indexUrl);
    if (!response.ok) {
      failures += 1;
      return;
    }
    failures = 0;
    // The CDN's and Caddy's ETag; a server without one has Last-Modified.
    const tag = response.headers.get('etag') ?? response.headers.get('last-modified');
    // The same index as last time (a 304 the browser answered from its cache): nothing new.
    if (tag && tag === etag && live) return;
    etag = tag;
    live = liveCars((await response.json()) as IndexFile);
    correct(document, soldLabel);
  } catch {
    // Offline or between deploys: the cards stay as they are, and a later check tries again.
    failures += 1;
  } finally {
    asking = false;
  }
}

if (page) {
  const soldLabel = page.dataset.soldTag || 'SOLD';
  const indexUrl = page.dataset.liveIndex!;
  const check = () => void ask(soldLabel, indexUrl);
  // After the page's first paint and its own script: the index is the page's largest download.
  if (document.readyState === 'complete') setTimeout(check, 0);
  else addEventListener('load', () => setTimeout(check, 0), { once: true });
  // Each wait is counted from the last read (the load's own, a visibility change's), so a failure
  // pushes the next timed read back too.
  const schedule = (): void => {
    const wait = lastAsked + nextCheckMs() - Date.now();
    setTimeout(
      () => {
        if (Date.now() - lastAsked < nextCheckMs() || document.visibilityState !== 'visible')
          schedule();
        else void ask(soldLabel, indexUrl).finally(schedule);
      },
      Math.max(wait, 1_000),
    );
  };
  schedule();
  document.addEventListener('visibilitychange', check);
  addEventListener('pageshow', (event) => event.persisted && check());
  // Cards the app draws (a new search, a page of results) are corrected from the index already read.
  new MutationObserver(() => correct(page, soldLabel)).observe(page, {
    childList: true,
    subtree: true,
  });
}
