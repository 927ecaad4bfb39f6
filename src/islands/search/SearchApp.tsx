import { useEffect, useMemo, useRef, useState } from 'react';
import { InstantSearch, useClearRefinements, useConfigure, useHits, useInstantSearch, usePagination, useSearchBox, useSortBy } from 'react-instantsearch';
import { history } from 'instantsearch.js/es/lib/routers';
import { EVENTS } from '../../analytics/events';
import { track } from '../../analytics/track';
import { lazySearchClient } from '../../search/lazy-client';
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
 * URL codec. The page's pre-rendered first page (#search-static) stays until the first answer,
 * then leaves the document (not just hidden: its cards and texts would be there twice).
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
  const { status, error, results, indexUiState } = useInstantSearch({ catchError: true });
  const { items } = useHits<SearchDocument & Record<string, unknown>>();
  const { refine: clearAll, canRefine: canClear } = useClearRefinements();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const positions = useMemo(() => promoPositions(config.promos.placement, config.hitsPerPage), [config]);
  const answered = results && !(results as unknown as { __isArtificial?: boolean }).__isArtificial;
  const lastPage = useRef<number | undefined>(undefined);

  // The pre-rendered results go once the island has its own.
  useEffect(() => {
    if (answered) document.getElementById('search-static')?.remove();
  }, [answered]);

  // SPEC 4: scroll back to the top of the results after a page change.
  useEffect(() => {
    if (!answered) return;
    if (lastPage.current !== undefined && lastPage.current !== results.page) {
      heading.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus({ preventScroll: true });
    }
    lastPage.current = results.page;
  }, [answered, results?.page]);

  const rawFacets = (results as unknown as { _rawResults?: Array<{ facets?: Record<string, Record<string, number>> }> })?._rawResults?.[0]?.facets;
  const count = answered ? displayCount(results.nbHits, rawFacets?.car_type) : undefined;
  const current = uiStateToSearchState({ [INDEX_NAME]: indexUiState });
  const failed = status === 'error';
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
              setFiltersOpen(false);
              heading.current?.scrollIntoView({ block: 'start' });
              heading.current?.focus({ preventScroll: true });
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
            {count == null ? 'Loading results' : countOf(count, config.noun)}
          </h2>
          <SortSelect />
        </div>
        {failed && (
          <p className="search-results__error" role="alert">
            We couldn&rsquo;t update the results just now. Please try again.
            {error?.message ? <span className="visually-hidden"> ({error.message})</span> : null}
          </p>
        )}
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

function ConfigureHitsPerPage({ hitsPerPage }: { hitsPerPage: number }) {
  useConfigure({ hitsPerPage });
  return null;
}
