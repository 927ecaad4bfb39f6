import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { getServerState, type InstantSearchServerState } from 'react-instantsearch';
import type { SearchClient } from '../../search/client';
import type { Engine } from '../../search/engine';
import type { SearchPageConfig } from '../../search/page-config';
import { loadCompareButton, PreloadedCompareButton } from '../compare/LazyCompareButton';
import SearchApp from './SearchApp';

/**
 * Build time: the search app of one route page as HTML, with the answer it was rendered from
 * (InstantSearch's server state), which the browser hydrates the same HTML with. The site's
 * engine answers at the build's time, as the page's static first page always has.
 */
export async function renderSearchApp(
  config: SearchPageConfig,
  engine: Engine,
  path: string,
): Promise<{ html: string; serverState: InstantSearchServerState }> {
  const client: SearchClient = {
    // processingTimeMS is written into the page: zero keeps two builds of the same data byte-identical.
    search: async (requests) => ({
      results: requests.map((request) => ({
        ...engine.search(request.indexName, request.params ?? {}),
        processingTimeMS: 0,
      })),
    }),
  };
  const server = { client, path };
  const compareButton = config.card.features.compare ? await loadCompareButton() : undefined;
  const app = (props: Parameters<typeof SearchApp>[0]) =>
    createElement(
      PreloadedCompareButton.Provider,
      { value: compareButton },
      createElement(SearchApp, props),
    );
  const serverState = await getServerState(app({ config, server }), { renderToString });
  return { html: renderToString(app({ config, server, serverState })), serverState };
}
