import { EVENTS } from '../../analytics/events';
import { track } from '../../analytics/track';
import { afterPress } from '../../browser/after-press';
import { whenIdle } from '../../browser/idle';
import { hasStoredValue } from '../../directives/interaction';
import { countOf } from '../../domain/plural';
import { initImageFallback } from '../../browser/image-fallback';
import { INDEX_NAME } from '../../search/state';
import { EarlyChanges } from './early-changes';
import { pressEarly } from '../early-press';
import type { EarlyAnswers } from './early-answers';
import { DATA_ID, ROOT_ID, type SearchPageData } from './page-data';
import { isSameSearch } from '../../search/routing';
import { rememberScroll, restoreScroll } from '../../search/scroll-memory';
import { SEARCH_DOM, SEARCH_SELECTORS, showCount } from '../../search/dom-contract';
import { loaderMachine, pageHandlesEvents, shieldsReact } from './loader-phases';

/**
 * The search page's only script at load (a few KB): the page's HTML already is the search app
 * with the route's first answer (results, facets with counts, sort, pages), so React and
 * InstantSearch (./mount.tsx) load on the shopper's first touch, focus, key or hover in it. Until
 * they are live, ticks, typing and picks happen in the HTML's own fields and are handed over
 * (./early-changes.ts), and a facet tick is answered by the page itself (./early-answers.ts);
 * button and page-link clicks and Enter in a field are held and played again.
 */

const WAKE_EVENTS = [
  'focusin',
  'pointerdown',
  'pointerover',
  'touchstart',
  'keydown',
  'input',
] as const;
/** Clicks the HTML cannot act on by itself. Links to cars and checkboxes work as they are. */
const HELD_CLICKS = 'button, .pagination a';
/** What a change in a field comes with (./early-changes.ts keeps the one React reads). */
const CHANGE_EVENTS = ['click', 'input', 'change'] as const;
/**
 * The events the page handles before React is live (CHANGE_EVENTS, held clicks and Enter among
 * them); also the events React acts on at once (discrete). One in the app while React hydrates
 * made it hydrate the whole app in that task (about 750 ms at 4x CPU: a tap on a facet just after
 * 'Filters' waited that long); they are kept from React until it is live, and handled as before
 * it started.
 */
const DISCRETE_EVENTS = [
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'click',
  'auxclick',
  'contextmenu',
  'keydown',
  'keyup',
  'keypress',
  'beforeinput',
  'input',
  'change',
  'focusin',
  'focusout',
  'compositionstart',
  'compositionend',
] as const;

function start(root: HTMLElement, data: SearchPageData): void {
  const { config } = data;
  const matches = isSameSearch(location.href, config.path, config.routes, config.path);
  // Past a sold car's cut-off the HTML counts a car a query would not.
  const stale = data.listedUntil.length > 0 && Date.now() >= data.listedUntil[0]!;
  const held: Array<() => void> = [];
  const early = new EarlyChanges();
  // asleep -> waking -> hydrating -> live (./loader-phases.ts).
  const machine = loaderMachine();
  const handling = () => pageHandlesEvents(machine.phase);
  // Facet ticks answered before the app is live (the embedded engine only: it answers without a
  // round trip). Loaded at idle, unless the shopper asked to save data, or on the first interaction.
  let answers: Promise<EarlyAnswers | undefined> | undefined;
  const loadAnswers = () =>
    (answers ??=
      config.backend.kind === 'embedded'
        ? import('./early-answers').then(({ earlyAnswers }) => earlyAnswers(root, config))
        : Promise.resolve(undefined));
  const answerEarly = (event: Event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) return;
    if (field instanceof HTMLInputElement && field.type === 'checkbox') {
      // React reads a tick from its click; the box's own change comes after it.
      if (event.type === 'change') void loadAnswers().then((early) => early?.tick(field));
    } else void answers?.then((early) => early?.stop());
  };
  // recordChange, holdClick and holdEnter: called by onPageEvent (below) while the page handles events.
  const recordChange = (event: Event) => {
    early.record(event);
    answerEarly(event);
  };

  const holdClick = (event: MouseEvent) => {
    const target =
      event.target instanceof Element ? event.target.closest<HTMLElement>(HELD_CLICKS) : null;
    if (!target || !root.contains(target)) return;
    event.preventDefault();
    event.stopPropagation();
    wake();
    // The phone's Filters button opens the panel at once (the app hydrates it open); the rest wait.
    const app = target.closest(SEARCH_SELECTORS.app);
    if (target.matches(SEARCH_SELECTORS.filtersToggle) && app) {
      const open = app.classList.toggle(SEARCH_DOM.filtersOpenClass);
      target.setAttribute('aria-expanded', String(open));
    } else {
      // A card's Compare or heart shows the press now; the app acts on it when the tap is replayed.
      pressEarly(target);
      held.push(() => target.isConnected && target.click());
    }
  };
  // Enter in a field would submit the HTML's form (a page load); the app commits a typed amount on it.
  const holdEnter = (event: KeyboardEvent) => {
    const target = event.target;
    if (event.key !== 'Enter' || !(target instanceof HTMLInputElement)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push(() =>
      target.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
      ),
    );
    wake();
  };
  // The page's own handling and the shield listen on the window, capturing: an event in the app
  // reaches them before any listener on the app's root, where React puts its own, whenever React
  // adds those. In order: held clicks, held Enter, recorded changes, then the shield.
  const onPageEvent = (event: Event) => {
    if (!(event.target instanceof Node) || !root.contains(event.target) || !handling()) return;
    if (event.type === 'click') holdClick(event as MouseEvent);
    if (event.type === 'keydown') holdEnter(event as KeyboardEvent);
    if ((CHANGE_EVENTS as readonly string[]).includes(event.type)) recordChange(event);
    if (shieldsReact(machine.phase)) event.stopImmediatePropagation();
  };

  const replayHeld = () => {
    const next = held.shift();
    if (!next) return;
    next();
    setTimeout(replayHeld, 0);
  };

  function wake(event?: Event) {
    if (!machine.step('wake')) return;
    for (const type of WAKE_EVENTS) root.removeEventListener(type, wake);
    // The early answers' engine is the app's: its index loads once.
    void loadAnswers();
    // Once the page is idle, after the press that came with this hover or focus and the frame that
    // answers it: asking for the app's code adds a preload per module, 50 ms on a slow phone, and
    // running it is one long task (an idle moment between a touch and its click let it in first).
    afterPress(event, () => whenIdle(loadApp, 200));
  }

  function loadApp() {
    void import('./mount').then(({ mountSearch }) => {
      machine.step('hydrate');
      mountSearch({
        container: root,
        config,
        serverState: data.serverState,
        hydrate: matches,
        stale,
        onFieldChange: (event) => early.seen(event),
        onLive: () => machine.step('handOver') && handOver(),
      });
    });
  }

  /** The one hand-over to React: the page stops handling events and plays React what it kept. */
  function handOver() {
    // For tests and benches: the app answers by itself from here on.
    root.dataset.live = '';
    for (const type of DISCRETE_EVENTS) window.removeEventListener(type, onPageEvent, true);
    void answers?.then((answering) => answering?.stop());
    early.replay();
    setTimeout(replayHeld, 0);
  }

  rememberScroll();
  track(EVENTS.searchPageView, { path: config.path });
  if (!matches) {
    wake();
    return;
  }
  // The HTML has the app's final layout: the position the shopper left can be restored now.
  restoreScroll();
  for (const type of WAKE_EVENTS) root.addEventListener(type, wake, { passive: true });
  for (const type of DISCRETE_EVENTS) window.addEventListener(type, onPageEvent, true);
  if (stale) dropExpired(root, data);
  if (data.storedKeys.length)
    whenIdle(
      () => machine.phase === 'asleep' && hasStoredValue({ local: data.storedKeys }) && wake(),
    );
  whenIdle(() => !saveData() && loadAnswers());
}

/**
 * Sold cars past their cut-off since the build leave the HTML's results and counts at once (the
 * heavy app is not needed for that; it searches again when it wakes, and its first render keeps
 * these texts: suppressHydrationWarning).
 */
function dropExpired(root: HTMLElement, data: SearchPageData): void {
  const now = Date.now();
  for (const card of root.querySelectorAll<HTMLElement>(SEARCH_SELECTORS.listedUntil))
    if (Number(card.getAttribute(SEARCH_DOM.listedUntilAttribute)) <= now) card.hidden = true;
  const expired = data.listedUntil.filter((time) => time <= now).length;
  const first = (
    data.serverState.initialResults[INDEX_NAME]?.results?.[0] as { nbHits?: number } | undefined
  )?.nbHits;
  if (first === undefined) return;
  showCount(root, countOf(Math.max(0, first - expired), data.config.noun));
}

/** The shopper's browser asks for less data (Save-Data, a 2G connection): nothing is fetched ahead. */
function saveData(): boolean {
  const connection = (
    navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }
  ).connection;
  return connection?.saveData === true || /2g/.test(connection?.effectiveType ?? '');
}

// Cards are HTML until the app wakes: a photo that fails before then needs the page-level fallback.
initImageFallback();
const root = document.getElementById(ROOT_ID);
const text = document.getElementById(DATA_ID)?.textContent;
if (root && text) start(root, JSON.parse(text) as SearchPageData);
