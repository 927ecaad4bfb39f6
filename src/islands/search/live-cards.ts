import { cardCorrections, liveCars, type ShownCard } from '../../search/live-cards';
import type { IndexFile } from '../../search/index-file';

/**
 * A search page's result cards correct themselves from the live search index, as a vehicle page
 * does from view.json (components/vehicle/live-status.ts): the page's HTML (or the app's engine,
 * loaded earlier) may come from before a car sold or changed price. The index is served with
 * `max-age=0, must-revalidate` and an ETag, so asking again costs a 304 until a sync changes it.
 *
 * Asked at load, when the page is shown again, and every RECHECK_MS while it is on screen.
 * Corrections are an attribute on the card (CSS hides what no longer applies, keeping the space)
 * and the price's text (CarCard lets that text differ when the app hydrates), so React's markup is
 * never rearranged; cards the app draws later are corrected as they appear.
 */
const RECHECK_MS = 5_000;

const page = document.querySelector<HTMLElement>('[data-live-index]');
let live: ReturnType<typeof liveCars> | undefined;
let etag: string | null = null;
let asking = false;

function shownCards(root: ParentNode): ShownCard[] {
  return [...root.querySelectorAll<HTMLElement>('.results-grid__car[data-id]')].map((item) => ({
    id: item.dataset.id!,
    // A card corrected before counts as built that way: it is not corrected twice.
    sold: item.querySelector('.car-card[data-sold]') !== null || item.dataset.live === 'sold',
    price: (item.dataset.builtPrice ?? item.querySelector('.card__price .price')?.textContent) || undefined,
  }));
}

function correct(root: ParentNode, soldLabel: string): void {
  if (!live) return;
  const corrections = cardCorrections(shownCards(root), live);
  for (const [id, correction] of corrections) {
    const item = root.querySelector<HTMLElement>(`.results-grid__car[data-id="${CSS.escape(id)}"]`);
    const price = item?.querySelector<HTMLElement>('.card__price .price');
    if (!item) continue;
    // What the HTML said, so a later index is compared with the build, not with a correction.
    if (price && item.dataset.builtPrice === undefined) item.dataset.builtPrice = price.textContent ?? '';
    item.dataset.live = correction.kind;
    if (correction.kind === 'sold') {
      item.querySelector<HTMLElement>('.car-card__media')?.setAttribute('data-live-tag', soldLabel);
      if (price) price.textContent = soldLabel;
    } else if (price && price.textContent !== correction.price) price.textContent = correction.price;
  }
}

async function ask(soldLabel: string, indexUrl: string): Promise<void> {
  if (asking || document.visibilityState !== 'visible') return;
  asking = true;
  try {
    const response = await fetch(indexUrl);
    if (!response.ok) return;
    // The CDN's and Caddy's ETag; a server without one has Last-Modified.
    const tag = response.headers.get('etag') ?? response.headers.get('last-modified');
    // The same index as last time (a 304 the browser answered from its cache): nothing new.
    if (tag && tag === etag && live) return;
    etag = tag;
    live = liveCars((await response.json()) as IndexFile);
    correct(document, soldLabel);
  } catch {
    // Offline or between deploys: the cards stay as they are, and the next check tries again.
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
  setInterval(check, RECHECK_MS);
  document.addEventListener('visibilitychange', check);
  addEventListener('pageshow', (event) => event.persisted && check());
  // Cards the app draws (a new search, a page of results) are corrected from the index already read.
  new MutationObserver(() => correct(page, soldLabel)).observe(page, { childList: true, subtree: true });
}
