/**
 * A vehicle page corrects itself from view.json's live car_fields: a page served from a CDN cache
 * after the car sold, was reserved or changed price shows what a page built in that state shows.
 * What shows is decided by the build's own rule (vehicleShown, src/domain/vehicle/shown.ts) over
 * the car fields the page carries (script[data-live-rule]); the parts it decides carry data-live.
 *
 * Nothing the shopper is looking at may move (CLS 0): a part whose removal or insertion would move
 * something in view is concealed at once (invisible, inert) and closed up once that moves nothing
 * in view (it, or everything after it in its column, is out of view). See layout-safe.ts.
 */
import { calculatorReturnsEmpty } from '../../domain/finance/estimate';
import { formatPrice } from '../../domain/format';
import {
  calculatorStartFor,
  vehicleShown,
  withLiveFields,
  type LiveFields,
  type ShownCar,
  type ShownSettings,
  type VehicleShown,
} from '../../domain/vehicle/shown';
import { astroProp } from './astro-props';
import { LayoutChanges } from './layout-safe';

export type LiveCarFields = LiveFields;

/** Which data-live parts show for a state. */
function partsShown(shown: VehicleShown): Record<string, boolean> {
  return {
    'price-block': shown.priced,
    'was-price': shown.wasPrice !== undefined,
    market: shown.belowMarket !== undefined,
    weekly: shown.weekly !== undefined,
    reserve: shown.actions.reserve,
    enquire: Boolean(shown.actions.enquireLabel),
    call: shown.actions.call,
    'trade-in': shown.tradeIn,
    'finance-link': shown.financeLink,
    'price-tools': shown.available,
    'finance-calculator': shown.financeCalculator,
    'get-finance': shown.getFinance,
    fuel: shown.fuel,
    delivery: shown.delivery,
    'enquiry-forms': shown.enquiryForms,
  };
}

/** The template's content (a built sold page's markup), ready to insert. */
function fromTemplate(article: ParentNode, name: string): Element | undefined {
  const template = article.querySelector<HTMLTemplateElement>(
    `template[data-live-template="${name}"]`,
  );
  return template?.content.firstElementChild?.cloneNode(true) as Element | undefined;
}

/** Turns a call-to-action link into 'Find Me Something Similar' (same element, same size). */
function toFindSimilar(link: HTMLAnchorElement, href: string): void {
  link.textContent = 'Find Me Something Similar';
  link.href = href;
  link.removeAttribute('data-live');
  link.dataset.testid = 'live-find-similar';
}

/** The image tag (absolutely placed over the photo, so it moves nothing). */
function setImageTag(article: HTMLElement, tag: VehicleShown['tag']): void {
  const frame = article.querySelector('.vehicle__media-frame');
  if (!frame) return;
  let element = frame.querySelector<HTMLElement>('[data-testid="image-tag"]');
  if (!tag) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('p');
    element.dataset.testid = 'image-tag';
    // The page's styles are scoped by Astro's data-astro-cid-* attribute: without it the new tag
    // would not be placed over the photo, and would push the page down.
    for (const attribute of frame.getAttributeNames())
      if (attribute.startsWith('data-astro-cid-')) element.setAttribute(attribute, '');
    frame.prepend(element);
  }
  element.className = `vehicle__tag vehicle__tag--${tag.kind}`;
  element.textContent = tag.label;
}

/** A finance link's vehiclePriceBudget for the new price. */
function withBudget(href: string, price: number): string {
  const url = new URL(href, location.href);
  if (!url.searchParams.has('vehiclePriceBudget')) return href;
  url.searchParams.set('vehiclePriceBudget', String(Math.round(price)));
  return url.origin === location.origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/**
 * The Finance Calculator island, while not yet hydrated (it hydrates when scrolled to), starts
 * from the new price: its props are rewritten as the build would have written them. Its server
 * markup shows the old figures, so it renders afresh rather than hydrating that markup (a
 * mismatch React would report), and stays invisible until then. An island already hydrated keeps
 * what the shopper has in it.
 */
function restartCalculator(article: HTMLElement, car: ShownCar, settings: ShownSettings): void {
  const island = article.querySelector<HTMLElement>(
    '[data-live="finance-calculator"] astro-island[component-url*="FinanceCalculator"][ssr]',
  );
  const raw = island?.getAttribute('props');
  if (!island || !raw) return;
  const props = JSON.parse(raw) as Record<string, unknown>;
  const { lender, rules, initial } = calculatorStartFor(car, settings);
  props.initial = astroProp(initial);
  props.rules = astroProp(rules);
  props.empty = astroProp(calculatorReturnsEmpty(car, settings.finance));
  props.lender = astroProp(
    lender
      ? { paymentWeek: lender.paymentWeek ?? null, paymentMonth: lender.paymentMonth ?? null }
      : undefined,
  );
  const href = props.financeHref;
  if (Array.isArray(href) && typeof href[1] === 'string')
    props.financeHref = astroProp(withBudget(href[1], car.price!));
  const youx = props.youxRequest;
  if (Array.isArray(youx) && youx[1] && typeof youx[1] === 'object')
    (youx[1] as Record<string, unknown>).purchasePrice = astroProp(car.price);
  // Read when it hydrates: render the component anew in place of the server markup.
  island.setAttribute('client', 'only');
  island.style.visibility = 'hidden';
  island.addEventListener('astro:hydrate', () => island.style.removeProperty('visibility'), {
    once: true,
  });
  island.setAttribute('props', JSON.stringify(props));
}

/** The watchlist button of a sold car shows only once saved (SPEC 4): one not saved goes. */
function watchlistButton(article: HTMLElement): HTMLElement | undefined {
  const island = article.querySelector<HTMLElement>(
    'astro-island[component-url*="WatchlistButton"]',
  );
  if (!island) return undefined;
  if (!island.hasAttribute('ssr') && island.querySelector('[aria-pressed="true"]'))
    return undefined;
  return island;
}

/** New words for a data-live-text part; the markup's spaces around them stay (they take room in the line). */
function setText(root: ParentNode, name: string, text: string): void {
  for (const element of root.querySelectorAll(`[data-live-text="${name}"]`))
    element.textContent = (element.textContent ?? '').replace(/\S(?:[\s\S]*\S)?/, text);
}

export function applyLiveStatus(fields: LiveCarFields, root: Document = document): void {
  const article = root.querySelector<HTMLElement>('[data-vehicle]');
  if (!article || article.dataset.liveAvailable !== 'true') return;
  const rule = article.querySelector('script[data-live-rule]');
  if (!rule?.textContent) return;
  const { car: builtCar, settings } = JSON.parse(rule.textContent) as {
    car: ShownCar;
    settings: ShownSettings;
  };
  const car = withLiveFields(builtCar, fields);
  const shown = vehicleShown(car, settings);
  const changes = new LayoutChanges(root);
  const similar = article.dataset.liveSimilar ?? '/search/new-used-and-demo-cars';
  const bar = root.querySelector<HTMLElement>('[data-cta-bar]');

  if (!shown.available) {
    // The first call to action becomes 'Find Me Something Similar' where it is: a built sold
    // page has that one button.
    const first = article.querySelector<HTMLAnchorElement>(
      '[data-live-actions] a[data-live="reserve"], [data-live-actions] a[data-live="enquire"]',
    );
    if (first) toFindSimilar(first, similar);
    const barLink = bar?.querySelector<HTMLAnchorElement>('a[data-live="enquire"]');
    if (barLink) toFindSimilar(barLink, similar);
    const price = article.querySelector<HTMLElement>('.vehicle__sidebar [data-live="price-block"]');
    const sold = fromTemplate(article, 'sold-label');
    if (price && sold) changes.replace(price, sold);
    const notice = fromTemplate(article, 'sold-notice');
    const noticePlace = article.querySelector('template[data-live-template="sold-notice"]');
    if (notice && noticePlace) changes.insertAfter(noticePlace, notice);
    const watchlist = watchlistButton(article);
    if (watchlist) changes.hide(watchlist);
  }
  // Calls to action hidden while in view keep their space: a word on the sale or reservation stands there.
  const noteFor = !shown.available ? 'sold' : car.reserved && !builtCar.reserved ? 'reserved' : '';
  const actions = article.querySelector<HTMLElement>('[data-live-actions]');
  const note = noteFor && fromTemplate(article, `actions-note-${noteFor}`);
  if (actions && note) changes.cover(actions, note as HTMLElement);

  const builtPrice = Number(article.dataset.livePrice || NaN);
  if (shown.priced && car.price !== builtPrice) {
    setText(root, 'price', formatPrice(car.price!));
    if (car.price_type) setText(root, 'price-type', car.price_type);
    if (shown.wasPrice !== undefined) setText(article, 'was-price', formatPrice(shown.wasPrice));
    if (shown.belowMarket !== undefined) setText(article, 'market', formatPrice(shown.belowMarket));
    if (shown.weekly) setText(root, 'weekly', formatPrice(shown.weekly.weekly));
    for (const link of root.querySelectorAll<HTMLAnchorElement>(
      '[data-live="finance-link"], [data-live-href="finance"]',
    )) {
      link.setAttribute('href', withBudget(link.getAttribute('href') ?? '', car.price!));
    }
    restartCalculator(article, car, settings);
  }

  setImageTag(article, shown.tag);
  const parts = partsShown(shown);
  for (const element of root.querySelectorAll<HTMLElement>('[data-live]')) {
    const show = parts[element.dataset.live ?? ''];
    if (show === false) changes.hide(element);
  }
  changes.start();
}
