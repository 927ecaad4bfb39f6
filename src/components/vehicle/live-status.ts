/**
 * A vehicle page corrects itself from view.json's live car_fields: a page served from a CDN cache
 * after the car sold, was reserved or changed price must not offer what no longer applies. Every
 * change swaps text in place or hides with `visibility` (space kept), so nothing below moves.
 */
import { isAvailable } from '../../domain/stock';

export interface LiveCarFields {
  status?: unknown;
  sold?: unknown;
  reserved?: unknown;
  price?: unknown;
  price_type?: unknown;
  price_text?: unknown;
}

const conceal = (element: Element | null | undefined) => {
  if (element instanceof HTMLElement) {
    element.style.visibility = 'hidden';
    element.setAttribute('aria-hidden', 'true');
    if (element instanceof HTMLAnchorElement) element.tabIndex = -1;
  }
};

/** Turns a call-to-action link into 'Find Me Something Similar' (same element, same size). */
function toFindSimilar(link: HTMLAnchorElement, href: string): void {
  link.textContent = 'Find Me Something Similar';
  link.href = href;
  link.removeAttribute('data-live-action');
  link.dataset.testid = 'live-find-similar';
}

/** The image tag (absolutely placed over the photo, so it moves nothing). */
function setImageTag(article: HTMLElement, kind: 'sold' | 'reserved', label: string): void {
  const frame = article.querySelector('.vehicle__media-frame');
  if (!frame) return;
  let tag = frame.querySelector<HTMLElement>('[data-testid="image-tag"]');
  if (!tag) {
    tag = document.createElement('p');
    tag.dataset.testid = 'image-tag';
    // The page's styles are scoped by Astro's data-astro-cid-* attribute: without it the new tag
    // would not be placed over the photo, and would push the page down.
    for (const attribute of frame.getAttributeNames()) if (attribute.startsWith('data-astro-cid-')) tag.setAttribute(attribute, '');
    frame.prepend(tag);
  }
  tag.className = `vehicle__tag vehicle__tag--${kind}`;
  tag.textContent = label;
}

export function applyLiveStatus(fields: LiveCarFields, root: ParentNode = document): void {
  const article = root.querySelector<HTMLElement>('[data-vehicle]');
  if (!article || article.dataset.liveAvailable !== 'true') return;
  const similar = article.dataset.liveSimilar ?? '/search/new-used-and-demo-cars';
  const available = isAvailable({ status: fields.status as never, sold: fields.sold === true });
  const reserveLink = article.querySelector<HTMLAnchorElement>('[data-live-action="reserve"]');
  if (!available) {
    const price = article.querySelector<HTMLElement>('.vehicle__price');
    if (price) {
      // Keep the line's height: the SOLD tag is smaller than the price it replaces.
      price.style.minHeight = `${price.getBoundingClientRect().height}px`;
      const tag = document.createElement('span');
      tag.className = 'tag';
      tag.textContent = 'SOLD';
      price.replaceChildren(tag);
      price.dataset.testid = 'sold-label';
    }
    for (const extra of article.querySelectorAll('.vehicle__market, .vehicle__weekly')) conceal(extra);
    setImageTag(article, 'sold', article.dataset.liveSoldTag || 'JUST SOLD');
    const enquire = article.querySelector<HTMLAnchorElement>('[data-live-action="enquire"]');
    const first = reserveLink ?? enquire;
    if (first) toFindSimilar(first, similar);
    for (const link of article.querySelectorAll('[data-live-action], .vehicle__actions a[data-phone-reveal]')) conceal(link);
    // The mobile bar: its first link becomes Find Me Something Similar, the call button goes.
    const bar = document.querySelector('[data-cta-bar]');
    const barLink = bar?.querySelector<HTMLAnchorElement>('a.btn:not([data-phone-reveal])');
    if (barLink) toFindSimilar(barLink, similar);
    for (const call of bar?.querySelectorAll('a[data-phone-reveal]') ?? []) conceal(call);
    return;
  }
  if (fields.reserved === true) {
    conceal(reserveLink);
    conceal(article.querySelector('[data-live-action="trade-in"]'));
    setImageTag(article, 'reserved', 'RESERVED');
  }
  const builtPrice = Number(article.dataset.livePrice || NaN);
  if (typeof fields.price === 'number' && fields.price > 0 && fields.price !== builtPrice && typeof fields.price_text === 'string') {
    const price = article.querySelector<HTMLElement>('[data-testid="price"]');
    if (price) price.textContent = fields.price_text;
    const type = article.querySelector<HTMLElement>('.vehicle__price .price-type');
    if (type && typeof fields.price_type === 'string') type.textContent = fields.price_type;
    // The was-price and estimates were worked out from the old price.
    for (const stale of article.querySelectorAll('.was-price, .vehicle__market, .vehicle__weekly')) conceal(stale);
  }
}
