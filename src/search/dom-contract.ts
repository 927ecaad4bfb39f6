/**
 * The search page's DOM contract: the ids, classes and attributes by which the page's early layer
 * (src/islands/search/{loader,early-answers,early-marks,mount,random-promo,live-cards}.ts) finds
 * what the React components (SearchApp, Filters, ResultGrid) render into the HTML. Both sides take
 * the names from here, so a rename changes both; `tests/unit/search-dom-contract.test.ts` checks
 * the server-rendered HTML carries each one. Test ids are for tests only: nothing here uses them.
 */

/** Names as they are written into the markup. */
export const SEARCH_DOM = {
  /** The app's outer element; with `filtersOpenClass` while the phone's filter panel is open. */
  appClass: 'search-app',
  filtersOpenClass: 'search-app--filters-open',
  /** The phone's 'Filters' button (aria-expanded follows the panel). */
  filtersToggleClass: 'search-app__filters-toggle',
  /** The results heading: 'N Cars' (SPEC 4). */
  resultsHeadingId: 'search-results-heading',
  /** The panel's 'Show Me N Cars' button. */
  showResultsAttribute: 'data-show-results',
  /** The results list (its items are cards and promos). */
  resultsAttribute: 'data-search-results',
  /** A result card's item carries the car's document id. */
  cardClass: 'results-grid__car',
  cardIdAttribute: 'data-id',
  /** When a sold car leaves the results (ms since 1970; SPEC 7's cut-off). */
  listedUntilAttribute: 'data-listed-until',
  /** A facet list (<details>), valued with its field; each value's count in `facetCountClass`. */
  facetAttribute: 'data-facet',
  facetCountClass: 'facet__count',
} as const;

/** Selectors over those names, for querySelector and closest. */
export const SEARCH_SELECTORS = {
  app: `.${SEARCH_DOM.appClass}`,
  filtersOpen: `.${SEARCH_DOM.filtersOpenClass}`,
  filtersToggle: `.${SEARCH_DOM.filtersToggleClass}`,
  resultsHeading: `#${SEARCH_DOM.resultsHeadingId}`,
  showResults: `[${SEARCH_DOM.showResultsAttribute}]`,
  results: `[${SEARCH_DOM.resultsAttribute}]`,
  /** The result cards now in the list, in order. */
  resultCards: `[${SEARCH_DOM.resultsAttribute}] > li[${SEARCH_DOM.cardIdAttribute}]`,
  cards: `.${SEARCH_DOM.cardClass}[${SEARCH_DOM.cardIdAttribute}]`,
  listedUntil: `[${SEARCH_DOM.listedUntilAttribute}]`,
  facetLists: `details[${SEARCH_DOM.facetAttribute}]`,
  facetCount: `.${SEARCH_DOM.facetCountClass}`,
} as const;

/** The card of one car (by its document id) among the results. */
export const cardSelector = (id: string, escape: (value: string) => string = CSS.escape) =>
  `.${SEARCH_DOM.cardClass}[${SEARCH_DOM.cardIdAttribute}="${escape(id)}"]`;

/** Writes the results count where the page shows it: the heading and the panel's 'Show Me' button. */
export function showCount(root: ParentNode, text: string): void {
  const heading = root.querySelector(SEARCH_SELECTORS.resultsHeading);
  if (heading) heading.textContent = text;
  const showMe = root.querySelector(SEARCH_SELECTORS.showResults);
  if (showMe) showMe.textContent = `Show Me ${text}`;
}
