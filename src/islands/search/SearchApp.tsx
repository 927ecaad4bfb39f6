import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  InstantSearch,
  InstantSearchSSRProvider,
  useConfigure,
  useInstantSearch,
  usePagination,
  useSearchBox,
  useSortBy,
  type InstantSearchServerState,
} from 'react-instantsearch';
import { history } from 'instantsearch.js/es/lib/routers';
import { lazySearchClient } from '../../search/lazy-client';
import { retryDelayMs, type SearchClient } from '../../search/client';
import { restoreScroll } from '../../search/scroll-memory';
import type { SearchDocument } from '../../search/document';
import type { SearchPageConfig } from '../../search/page-config';
import { displayCount } from '../../search/results';
import { promoPositions } from '../../domain/promos';
import { countOf } from '../../domain/plural';
import {
  isSameSearch,
  routingFor,
  uiStateToSearchState,
  withoutFilters,
} from '../../search/routing';
import { hasFilters, INDEX_NAME, SORTS, type SearchState } from '../../search/state';
import { FacetList, KmFilter, PriceFilter } from './Filters';
import { UNSTORED } from './unstored';
import { clearEarlyMarks } from './early-marks';
import { ResultGrid } from './ResultGrid';
import { otherCarTypes, withCarType } from './other-car-types';
import { SEARCH_DOM } from '../../search/dom-contract';
import { useSkipLoadingRender } from './skip-loading-render';

/**
 * The search page app: InstantSearch over the tenant's search client, routed through the SPEC URL
 * codec. The build renders it with the route's first answer (`serverState`), so the page's HTML
 * is the app as it will look; the browser hydrates it over that HTML on the shopper's first
 * interaction (./loader.ts). When the address asks for another search than the HTML shows (a
 * shared or returned-to URL with filters), it is rendered afresh instead: the HTML's results
 * (`prerendered`) then wait in the results column for the first answer (also through an index
 * outage, SPEC 8).
 */

/**
 * Searching (and drawing a new page of cards) once typing pauses, not on every key: at a phone's
 * speed each answer's render is a long task that would hold up the next key.
 */
const QUERY_PAUSE_MS = 250;

const SearchField = memo(function SearchField() {
  const { query, refine } = useSearchBox({}, UNSTORED);
  const [value, setValue] = useState(query);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setValue(query), [query]);
  useEffect(() => () => clearTimeout(pending.current), []);
  const refineNow = (text: string) => {
    clearTimeout(pending.current);
    refine(text);
  };
  return (
    <form
      className="search-field"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        refineNow(value);
      }}
    >
      <label htmlFor="search-query">Search stock</label>
      <input
        id="search-query"
        type="search"
        value={value}
        placeholder="Make, model or keyword"
        autoComplete="off"
        onChange={(event) => {
          const text = event.currentTarget.value;
          setValue(text);
          clearTimeout(pending.current);
          pending.current = setTimeout(() => refine(text), QUERY_PAUSE_MS);
        }}
      />
    </form>
  );
});

const SORT_ITEMS = SORTS.map((sort) => ({ value: sort.value, label: sort.label }));

const SortSelect = memo(function SortSelect() {
  const { currentRefinement, options, refine } = useSortBy({ items: SORT_ITEMS }, UNSTORED);
  return (
    <div className="sort-select">
      <label htmlFor="search-sort">Sort by</label>
      <select
        id="search-sort"
        value={currentRefinement}
        onChange={(event) => refine(event.currentTarget.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
});

function Pages({ createURL }: { createURL: (page: number) => string }) {
  const { pages, currentRefinement, nbPages, isFirstPage, isLastPage, refine } = usePagination(
    { padding: 2 },
    UNSTORED,
  );
  if (nbPages <= 1) return null;
  const link = (page: number, label: string, text: string, current = false) => (
    <a
      href={createURL(page)}
      aria-label={label}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        event.preventDefault();
        refine(page);
      }}
    >
      {text}
    </a>
  );
  return (
    <nav className="pagination" aria-label="Search result pages">
      <ul>
        {!isFirstPage && <li>{link(currentRefinement - 1, 'Previous page', 'Previous')}</li>}
        {pages.map((page) => (
          <li key={page}>
            {link(page, `Page ${page + 1}`, String(page + 1), page === currentRefinement)}
          </li>
        ))}
        {!isLastPage && <li>{link(currentRefinement + 1, 'Next page', 'Next')}</li>}
      </ul>
    </nav>
  );
}

/** The HTML's results and count, kept until a freshly rendered app has its first answer. */
export interface Prerendered {
  results: HTMLElement;
  count: string | undefined;
}

/** Promo positions as the HTML has them: a random placement is fixed at its lowest position. */
function staticPromoPositions(config: SearchPageConfig): number[] {
  const { placement } = config.promos;
  return promoPositions(
    placement.rule === 'random' ? { rule: 'positions', positions: [placement.min] } : placement,
    config.hitsPerPage,
  );
}

interface SearchPageProps {
  config: SearchPageConfig;
  client: SearchClient;
  toUrl: (state: SearchState) => string;
  prerendered?: Prerendered | undefined;
  filtersOpen?: boolean | undefined;
  stale?: boolean | undefined;
  promoPositions?: number[] | undefined;
  onFieldChange?: ((event: Event) => void) | undefined;
}

function SearchPage({
  config,
  client,
  toUrl,
  prerendered,
  filtersOpen: initiallyOpen = false,
  stale = false,
  promoPositions: placed,
  onFieldChange,
}: SearchPageProps) {
  const { status, results, indexUiState, refresh, setIndexUiState, addMiddlewares } =
    useInstantSearch({ catchError: true });
  useSkipLoadingRender(client, addMiddlewares);
  const [filtersOpen, setFiltersOpen] = useState(initiallyOpen);
  const heading = useRef<HTMLHeadingElement>(null);
  const staticSlot = useRef<HTMLDivElement>(null);
  const staticCount = prerendered?.count;
  const showResults = useRef(false);
  const failures = useRef(0);
  // Set on a failed search, cleared by the next answer: the notice stays through the retries.
  const [failed, setFailed] = useState(false);
  // The first render matches the HTML it hydrates (build time; promo positions as the page placed
  // them); then live. A random promo place drawn by the page stays: moving it would shift the grid.
  const [positions, setPositions] = useState(() => placed ?? staticPromoPositions(config));
  const [nowMs, setNowMs] = useState(config.card.nowMs);
  useEffect(() => {
    if (!placed) setPositions(promoPositions(config.promos.placement, config.hitsPerPage));
    setNowMs(Date.now());
  }, [config, placed]);
  const answered = results && !(results as unknown as { __isArtificial?: boolean }).__isArtificial;
  const lastPage = useRef<number | undefined>(undefined);

  // The HTML's results wait in the results column (beside the filters) for the first answer.
  useLayoutEffect(() => {
    if (prerendered && staticSlot.current) staticSlot.current.append(prerendered.results);
  }, [prerendered]);

  // A freshly rendered app has a different layout until its first answer: coming back to the page
  // (Back from a car, a reload) lands where the shopper left it once the results are in. (A
  // hydrated app's HTML already had its layout, and ./loader.ts restored the position at load.)
  useLayoutEffect(() => {
    if (answered && prerendered) restoreScroll();
  }, [answered, prerendered]);

  // The HTML's answer is out of date (a sold car passed its cut-off): ask the engine again, once
  // InstantSearch takes searches (it skips those of the hydrating task).
  useEffect(() => {
    if (!stale) return;
    const timer = setTimeout(refresh, 0);
    return () => clearTimeout(timer);
  }, []);

  // What the page's script hid for a tick before the app was live is the app's from its first own
  // answer on (most of it this answer removed; anything kept is in this answer).
  const hydratedResults = useRef(results);
  useLayoutEffect(() => {
    if (results === hydratedResults.current) return;
    clearEarlyMarks(document);
  }, [results]);

  // SPEC 8: after a failed search, try again with back-off until the index answers.
  useEffect(() => {
    if (status !== 'error') {
      if (status === 'idle') {
        failures.current = 0;
        setFailed(false);
      }
      return;
    }
    failures.current += 1;
    setFailed(true);
    const timer = setTimeout(refresh, retryDelayMs(failures.current));
    return () => clearTimeout(timer);
  }, [status, refresh]);

  // SPEC 4: scroll back to the top of the results after a page change.
  useEffect(() => {
    if (!answered) return;
    if (lastPage.current !== undefined && lastPage.current !== results.page) {
      heading.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus({ preventScroll: true });
    }
    lastPage.current = results.page;
  }, [answered, results?.page]);

  // 'Show Me {count} {cars}' closes the panel; the heading is scrolled to once the panel is gone
  // (scrolling first left the shopper as far into the list as the panel was tall).
  useLayoutEffect(() => {
    if (filtersOpen || !showResults.current) return;
    showResults.current = false;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [filtersOpen]);

  const rawFacets = (
    results as unknown as {
      _rawResults?: Array<{ facets?: Record<string, Record<string, number>> }>;
    }
  )?._rawResults?.[0]?.facets;
  const count = answered ? displayCount(results.nbHits, rawFacets?.car_type) : undefined;
  const current = uiStateToSearchState({ [INDEX_NAME]: indexUiState });
  // The answer's hits and 'Clear Filters' are read from the state the page already has: their own
  // widgets (useHits, useClearRefinements) added work to every answer.
  const hits = answered ? (results.hits as SearchDocument[]) : [];
  const pageUrl = (page: number) => toUrl({ ...current, page: page + 1 });
  // The Condition facet's counts leave the car type out (a disjunctive facet): what each car type would hold.
  const carTypeCounts = answered
    ? (results.disjunctiveFacets?.find((facet) => facet.name === 'car_type')?.data as
        Record<string, number> | undefined)
    : undefined;
  const others =
    answered && results.nbHits === 0 ? otherCarTypes(current, carTypeCounts, config.noun) : [];

  return (
    <div
      className={`${SEARCH_DOM.appClass}${filtersOpen ? ` ${SEARCH_DOM.filtersOpenClass}` : ''}`}
      onChangeCapture={onFieldChange && ((event) => onFieldChange(event.nativeEvent))}
    >
      <button
        type="button"
        className={`btn btn-outline ${SEARCH_DOM.filtersToggleClass}`}
        aria-expanded={filtersOpen}
        aria-controls="search-filters"
        onClick={() => setFiltersOpen(!filtersOpen)}
      >
        Filters
      </button>
      <aside id="search-filters" className="search-filters" aria-label="Filters">
        <SearchField />
        <PriceFilter quickPicks={config.priceQuickPicks} setIndexUiState={setIndexUiState} />
        {config.facets.map((field, index) => (
          <FacetList key={field} field={field} open={index < 2} />
        ))}
        <KmFilter setIndexUiState={setIndexUiState} />
        <div className="search-filters__actions">
          {/* SPEC's button: the address already holds the current filters, so it closes the panel on the results. */}
          <button
            type="button"
            className="btn btn-primary"
            {...{ [SEARCH_DOM.showResultsAttribute]: true }}
            suppressHydrationWarning
            onClick={() => {
              showResults.current = true;
              setFiltersOpen(false);
            }}
          >
            {count == null ? 'Show Me Results' : `Show Me ${countOf(count, config.noun)}`}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={!hasFilters(current)}
            onClick={() => setIndexUiState(withoutFilters)}
          >
            Clear Filters
          </button>
        </div>
      </aside>
      <section className="search-results" aria-labelledby={SEARCH_DOM.resultsHeadingId}>
        <div className="search-results__bar">
          <h2
            id={SEARCH_DOM.resultsHeadingId}
            ref={heading}
            tabIndex={-1}
            className="search-results__count"
            aria-live="polite"
            suppressHydrationWarning
          >
            {count != null
              ? countOf(count, config.noun)
              : failed && staticCount
                ? staticCount
                : 'Loading results'}
          </h2>
          <SortSelect />
        </div>
        {failed && (
          <p className="search-results__error" role="alert">
            We couldn&rsquo;t update the results just now.{' '}
            {answered ? 'These are the latest we had' : 'These are the cars we listed earlier'};
            we&rsquo;ll keep trying in the background.
          </p>
        )}
        {!answered && <div ref={staticSlot} className="search-results__prerendered" />}
        {answered && results.nbHits === 0 && !failed ? (
          <div className="card empty-results">
            <div className="card__body">
              <h3>No Results Available</h3>
              <p>
                No results found for your search at this time. Please try adjusting the filters for
                more results.
              </p>
              {others.length > 0 && (
                <>
                  <p>We do have these in stock:</p>
                  <ul className="empty-results__others">
                    {others.map((other) => (
                      <li key={other.carType}>
                        <a
                          className="btn btn-primary"
                          href={toUrl(withCarType(current, other.carType))}
                        >
                          {other.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <p>
                <a
                  className={others.length > 0 ? 'btn btn-outline' : 'btn btn-primary'}
                  href={config.clearFiltersUrl}
                >
                  Clear Filters
                </a>
              </p>
            </div>
          </div>
        ) : (
          answered && (
            <ResultGrid
              hits={hits}
              config={config}
              promoPositions={positions}
              nowMs={nowMs}
              interactive
              filtersOpen={filtersOpen}
            />
          )
        )}
        {!failed && <Pages createURL={pageUrl} />}
      </section>
    </div>
  );
}

export interface SearchAppProps {
  config: SearchPageConfig;
  /** The route's first answer, computed at build; the app hydrates over the HTML made with it. */
  serverState?: InstantSearchServerState | undefined;
  /** Build time only: the site's engine and the page's own path (there is no window). */
  server?: { client: SearchClient; path: string } | undefined;
  prerendered?: Prerendered | undefined;
  /** The client the app searches with (the browser's is made by ./mount.tsx, which warms it up). */
  client?: SearchClient | undefined;
  /** The phone's filter panel is open (the page's script opens it before the app is live). */
  filtersOpen?: boolean | undefined;
  /** The server state is out of date: search again once hydrated. */
  stale?: boolean | undefined;
  /** Promo positions the page's HTML shows (its script draws a random place before the first paint). */
  promoPositions?: number[] | undefined;
  /**
   * Told of the DOM event behind every change a field of the app acts on: the page's script hands
   * over what the shopper did before the app was live, but not a change the app has acted on.
   */
  onFieldChange?: ((event: Event) => void) | undefined;
}

export default function SearchApp({
  config,
  serverState,
  server,
  prerendered,
  client: given,
  filtersOpen,
  stale,
  promoPositions,
  onFieldChange,
}: SearchAppProps) {
  const client = useMemo(
    () => server?.client ?? given ?? lazySearchClient(config),
    [config, server, given],
  );
  const routing = useMemo(() => {
    const { createURL, parseURL, stateMapping } = routingFor(config.routes, config.path);
    return {
      router: history<SearchState>({
        createURL: ({ routeState }) => createURL(routeState),
        parseURL: ({ location }) => parseURL(location.href),
        getLocation: () =>
          server
            ? (new URL(server.path, 'http://localhost') as unknown as Location)
            : window.location,
        cleanUrlOnDispose: false,
        writeDelay: 300,
        // The router writes the state it started from once (as a relative URL it never equals
        // location.href): a new entry for the same search made the first Back do nothing. Only a
        // different search gets an entry; the same one (maybe written in another order) replaces.
        push: (url) => {
          if (isSameSearch(url, window.location.href, config.routes, config.path))
            window.history.replaceState(window.history.state, '', url);
          else window.history.pushState({}, '', url);
        },
      }),
      stateMapping,
    };
  }, [config, server]);
  const toUrl = useMemo(() => routingFor(config.routes, config.path).createURL, [config]);
  const app = (
    <InstantSearch
      searchClient={client as never}
      indexName={INDEX_NAME}
      routing={routing as never}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <ConfigureHitsPerPage hitsPerPage={config.hitsPerPage} />
      <SearchPage
        config={config}
        client={client}
        toUrl={toUrl}
        prerendered={prerendered}
        filtersOpen={filtersOpen}
        stale={stale}
        promoPositions={promoPositions}
        onFieldChange={onFieldChange}
      />
    </InstantSearch>
  );
  return serverState ? (
    <InstantSearchSSRProvider {...serverState}>{app}</InstantSearchSSRProvider>
  ) : (
    app
  );
}

function ConfigureHitsPerPage({ hitsPerPage }: { hitsPerPage: number }) {
  useConfigure({ hitsPerPage }, UNSTORED);
  return null;
}
