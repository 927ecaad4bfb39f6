import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { InstantSearch, useClearRefinements, useConfigure, useHits, useInstantSearch, usePagination, useSearchBox, useSortBy } from 'react-instantsearch';
import { history } from 'instantsearch.js/es/lib/routers';
import { EVENTS } from '../../analytics/events';
import { track } from '../../analytics/track';
import { lazySearchClient } from '../../search/lazy-client';
import { retryDelayMs } from '../../search/client';
import { rememberScroll, restoreScroll } from '../../search/scroll-memory';
import type { SearchDocument } from '../../search/document';
import type { SearchPageConfig } from '../../search/page-config';
import { displayCount } from '../../search/results';
import { promoPositions } from '../../domain/promos';
import { countOf } from '../../domain/plural';
import { routingFor, uiStateToSearchState } from '../../search/routing';
import { INDEX_NAME, SORTS, type SearchState } from '../../search/state';
import { FacetList, KmFilter, PriceFilter } from './Filters';
import { ResultGrid } from './ResultGrid';

/**
 * The search page island: InstantSearch over the tenant's search client, routed through the SPEC
 * URL codec. The page's pre-rendered first page (#search-static) moves into the results column
 * and stays there until the first answer (also through an index outage, SPEC 8), then leaves the
 * document (not just hidden: its cards and texts would be there twice).
 */

function SearchField() {
  const { query, refine } = useSearchBox();
  const [value, setValue] = useState(query);
  useEffect(() => setValue(query), [query]);
  return (
    <form
      className="search-field"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        refine(value);
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
          setValue(event.currentTarget.value);
          refine(event.currentTarget.value);
        }}
      />
    </form>
  );
}

const SORT_ITEMS = SORTS.map((sort) => ({ value: sort.value, label: sort.label }));

function SortSelect() {
  const { currentRefinement, options, refine } = useSortBy({ items: SORT_ITEMS });
  return (
    <div className="sort-select">
      <label htmlFor="search-sort">Sort by</label>
      <select id="search-sort" value={currentRefinement} onChange={(event) => refine(event.currentTarget.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Pages({ createURL }: { createURL: (page: number) => string }) {
  const { pages, currentRefinement, nbPages, isFirstPage, isLastPage, refine } = usePagination({ padding: 2 });
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
          <li key={page}>{link(page, `Page ${page + 1}`, String(page + 1), page === currentRefinement)}</li>
        ))}
        {!isLastPage && <li>{link(currentRefinement + 1, 'Next page', 'Next')}</li>}
      </ul>
    </nav>
  );
}

function SearchPage({ config, toUrl }: { config: SearchPageConfig; toUrl: (state: SearchState) => string }) {
  const { status, results, indexUiState, refresh } = useInstantSearch({ catchError: true });
  const { items } = useHits<SearchDocument & Record<string, unknown>>();
  const { refine: clearAll, canRefine: canClear } = useClearRefinements();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const staticSlot = useRef<HTMLDivElement>(null);
  const [staticCount, setStaticCount] = useState<string | undefined>(undefined);
  const showResults = useRef(false);
  const failures = useRef(0);
  // Set on a failed search, cleared by the next answer: the notice stays through the retries.
  const [failed, setFailed] = useState(false);
  const positions = useMemo(() => promoPositions(config.promos.placement, config.hitsPerPage), [config]);
  const answered = results && !(results as unknown as { __isArtificial?: boolean }).__isArtificial;
  const lastPage = useRef<number | undefined>(undefined);

  // The pre-rendered results wait in the results column (beside the filters) for the first answer.
  useLayoutEffect(() => {
    const prerendered = document.getElementById('search-static');
    if (!prerendered || !staticSlot.current) return;
    const count = prerendered.querySelector('#search-static-count');
    setStaticCount(count?.textContent ?? undefined);
    count?.remove();
    staticSlot.current.append(prerendered);
  }, []);

  // The pre-rendered results go once the island has its own; coming back to the page (Back from a
  // car, a reload) then lands where the shopper left it.
  useLayoutEffect(() => {
    if (!answered) return;
    document.getElementById('search-static')?.remove();
    restoreScroll();
  }, [answered]);
  useEffect(() => rememberScroll(), []);

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

  const rawFacets = (results as unknown as { _rawResults?: Array<{ facets?: Record<string, Record<string, number>> }> })?._rawResults?.[0]?.facets;
  const count = answered ? displayCount(results.nbHits, rawFacets?.car_type) : undefined;
  const current = uiStateToSearchState({ [INDEX_NAME]: indexUiState });
  const pageUrl = (page: number) => toUrl({ ...current, page: page + 1 });

  return (
    <div className={`search-app${filtersOpen ? ' search-app--filters-open' : ''}`}>
      <button
        type="button"
        className="btn btn-outline search-app__filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls="search-filters"
        onClick={() => setFiltersOpen(!filtersOpen)}
      >
        Filters
      </button>
      <aside id="search-filters" className="search-filters" aria-label="Filters">
        <SearchField />
        <PriceFilter quickPicks={config.priceQuickPicks} />
        {config.facets.map((field, index) => (
          <FacetList key={field} field={field} open={index < 2} />
        ))}
        <KmFilter />
        <div className="search-filters__actions">
          {/* SPEC's button: the address already holds the current filters, so it closes the panel on the results. */}
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              showResults.current = true;
              setFiltersOpen(false);
            }}
          >
            {count == null ? 'Show Me Results' : `Show Me ${countOf(count, config.noun)}`}
          </button>
          <button type="button" className="btn btn-outline" disabled={!canClear} onClick={() => clearAll()}>
            Clear Filters
          </button>
        </div>
      </aside>
      <section className="search-results" aria-labelledby="search-results-heading">
        <div className="search-results__bar">
          <h2 id="search-results-heading" ref={heading} tabIndex={-1} className="search-results__count" aria-live="polite">
            {count != null ? countOf(count, config.noun) : failed && staticCount ? staticCount : 'Loading results'}
          </h2>
          <SortSelect />
        </div>
        {failed && (
          <p className="search-results__error" role="alert">
            We couldn&rsquo;t update the results just now. {answered ? 'These are the latest we had' : 'These are the cars we listed earlier'}; we&rsquo;ll keep
            trying in the background.
          </p>
        )}
        {!answered && <div ref={staticSlot} className="search-results__prerendered" />}
        {answered && results.nbHits === 0 && !failed ? (
          <div className="card empty-results">
            <div className="card__body">
              <h3>No Results Available</h3>
              <p>No results found for your search at this time. Please try adjusting the filters for more results.</p>
              <p>
                <a className="btn btn-primary" href={config.clearFiltersUrl}>
                  Clear Filters
                </a>
              </p>
            </div>
          </div>
        ) : (
          answered && <ResultGrid hits={items as SearchDocument[]} config={config} promoPositions={positions} nowMs={Date.now()} interactive />
        )}
        {!failed && <Pages createURL={pageUrl} />}
      </section>
    </div>
  );
}

export default function SearchApp({ config }: { config: SearchPageConfig }) {
  const client = useMemo(() => lazySearchClient(config), [config]);
  const routing = useMemo(() => {
    const { createURL, parseURL, stateMapping } = routingFor(config.routes, config.path);
    return {
      router: history<SearchState>({
        createURL: ({ routeState }) => createURL(routeState),
        parseURL: ({ location }) => parseURL(location.href),
        cleanUrlOnDispose: false,
        writeDelay: 300,
        // The router writes the state it started from once (as a relative URL it never equals
        // location.href): a new entry for the same search made the first Back do nothing. Only a
        // different search gets an entry; the same one (maybe written in another order) replaces.
        push: (url) => {
          if (sameSearch(url, window.location.href, createURL, parseURL)) window.history.replaceState(window.history.state, '', url);
          else window.history.pushState({}, '', url);
        },
      }),
      stateMapping,
    };
  }, [config]);
  useEffect(() => track(EVENTS.searchPageView, { path: config.path }), [config.path]);
  const toUrl = useMemo(() => routingFor(config.routes, config.path).createURL, [config]);
  return (
    <InstantSearch searchClient={client as never} indexName={INDEX_NAME} routing={routing as never} future={{ preserveSharedStateOnUnmount: true }}>
      <ConfigureHitsPerPage hitsPerPage={config.hitsPerPage} />
      <SearchPage config={config} toUrl={toUrl} />
    </InstantSearch>
  );
}

function sameSearch(a: string, b: string, createURL: (state: SearchState) => string, parseURL: (href: string) => SearchState): boolean {
  return createURL(parseURL(new URL(a, b).href)) === createURL(parseURL(b));
}

function ConfigureHitsPerPage({ hitsPerPage }: { hitsPerPage: number }) {
  useConfigure({ hitsPerPage });
  return null;
}
