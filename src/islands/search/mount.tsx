import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { InstantSearchServerState } from 'react-instantsearch';
import { pageSearchClient } from '../../search/lazy-client';
import type { SearchPageConfig } from '../../search/page-config';
import { loadCompareButton, PreloadedCompareButton } from '../compare/LazyCompareButton';
import SearchApp, { type Prerendered } from './SearchApp';
import { RANDOM_PROMO_ATTRIBUTE } from './random-promo';
import { SEARCH_SELECTORS } from '../../search/dom-contract';

/**
 * The search app's heavy half (React, InstantSearch, the search client), loaded by ./loader.ts on
 * the shopper's first interaction, or at once when the address asks for another search than the
 * page's HTML shows.
 */

export interface MountOptions {
  container: HTMLElement;
  config: SearchPageConfig;
  serverState: InstantSearchServerState;
  /** Hydrate the HTML as it is (it shows the address's search), or render afresh. */
  hydrate: boolean;
  /** The HTML's answer is out of date: search again once hydrated. */
  stale: boolean;
  /** Called once the app answers clicks and keys itself. */
  onLive: () => void;
  /** The DOM event behind each change the app acts on (see SearchAppProps.onFieldChange). */
  onFieldChange: (event: Event) => void;
}

/** Tells the loader once the app is live (it then hands over what the shopper did meanwhile). */
function Live({ onLive, children }: { onLive: () => void; children: ReactNode }) {
  useEffect(() => {
    // After InstantSearch has started (its effects run before this parent's) and one more task.
    const timer = setTimeout(onLive, 0);
    return () => clearTimeout(timer);
  }, []);
  return children;
}

/** The HTML's results and count, kept in the results column until the fresh app's first answer. */
function takePrerendered(container: HTMLElement): Prerendered | undefined {
  const parts = [
    ...container.querySelectorAll<HTMLElement>(
      `.search-results > ${SEARCH_SELECTORS.results}, .search-results > .empty-results, .search-results > .pagination`,
    ),
  ];
  if (!parts.length) return undefined;
  const results = document.createElement('div');
  results.id = 'search-static';
  results.append(...parts);
  return {
    results,
    count: container.querySelector(SEARCH_SELECTORS.resultsHeading)?.textContent ?? undefined,
  };
}

/** Where the page's script put a randomly placed promo card (see RANDOM_PROMO_SCRIPT). */
function placedPromoPositions(container: HTMLElement): number[] | undefined {
  const promo = container.querySelector<HTMLElement>(
    `${SEARCH_SELECTORS.results} > li[${RANDOM_PROMO_ATTRIBUTE}]`,
  );
  const position = Number(promo?.dataset.promoPosition);
  return Number.isInteger(position) && position > 0 ? [position] : undefined;
}

export function mountSearch({
  container,
  config,
  serverState,
  hydrate,
  stale,
  onLive,
  onFieldChange,
}: MountOptions): void {
  const client = pageSearchClient(config);
  // The index loads while React hydrates: the shopper's first search should not wait for it.
  client.warmUp();
  if (hydrate) {
    // The loader may have opened the phone's filter panel already: hydrate it as it is.
    const filtersOpen = container.querySelector(SEARCH_SELECTORS.filtersOpen) !== null;
    const promoPositions = placedPromoPositions(container);
    // The HTML holds the real Compare buttons (server-render.ts): hydrate them with the same component.
    const compareButton = config.card.features.compare
      ? loadCompareButton()
      : Promise.resolve(undefined);
    // In a transition React hydrates in short slices (at a phone's speed the whole app in one task
    // is most of a second), so the page keeps answering while it does.
    void compareButton.then((button) =>
      startTransition(() => {
        hydrateRoot(
          container,
          <PreloadedCompareButton.Provider value={button}>
            <Live onLive={onLive}>
              <SearchApp
                config={config}
                serverState={serverState}
                client={client}
                filtersOpen={filtersOpen}
                stale={stale}
                promoPositions={promoPositions}
                onFieldChange={onFieldChange}
              />
            </Live>
          </PreloadedCompareButton.Provider>,
        );
      }),
    );
    return;
  }
  const prerendered = takePrerendered(container);
  createRoot(container).render(
    <Live onLive={onLive}>
      <SearchApp config={config} client={client} prerendered={prerendered} />
    </Live>,
  );
}
