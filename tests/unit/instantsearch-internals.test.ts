// @vitest-environment happy-dom
import instantsearch from 'instantsearch.js';
import { connectHits, connectRefinementList } from 'instantsearch.js/es/connectors';
import { createElement } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { InstantSearch, useInstantSearch } from 'react-instantsearch';
import { expect, test } from 'vitest';

// The search page skips InstantSearch's drawing of the old results as a search starts, when the
// embedded engine answers at once (useSkipLoadingRender in src/islands/search/
// skip-loading-render.ts). It does so through a method InstantSearch does not document: this
// fails first if an upgrade changes it.

type Internals = {
  scheduleRender: ((resetStatus?: boolean) => void) & { cancel(): void };
  status: string;
};

test('a search starts with scheduleRender(false) at status loading, and its answer draws with scheduleRender() at idle', async () => {
  const empty = {
    hits: [],
    nbHits: 0,
    page: 0,
    nbPages: 0,
    hitsPerPage: 20,
    processingTimeMS: 0,
    query: '',
    params: '',
  };
  const search = instantsearch({
    indexName: 'cars',
    searchClient: {
      search: async (requests: unknown[]) => ({ results: requests.map(() => empty) }),
    } as never,
  });
  search.addWidgets([connectHits(() => undefined)({})]);
  search.start();
  await new Promise((resolve) => setTimeout(resolve, 10));
  const internals = search as unknown as Internals;
  expect(typeof internals.scheduleRender).toBe('function');
  expect(typeof internals.scheduleRender.cancel).toBe('function');
  const calls: Array<[boolean | undefined, string]> = [];
  const render = internals.scheduleRender;
  internals.scheduleRender = Object.assign(
    (resetStatus?: boolean) => {
      calls.push([resetStatus, internals.status]);
      render(resetStatus);
    },
    { cancel: () => render.cancel() },
  );
  search.helper!.setQuery('ranger').search();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(calls[0]).toEqual([false, 'loading']);
  expect(calls.slice(1).some(([resetStatus]) => resetStatus !== false)).toBe(true);
  expect(internals.status).toBe('idle');
  search.dispose();
});

// The search filters leave InstantSearch's shared renderState store out (UNSTORED,
// src/islands/search/unstored.ts): a widget without getRenderState must still be drawn with each
// answer, and only be missing from the store.
test('a widget without getRenderState is drawn with every answer but not kept in renderState', async () => {
  const answer = (make?: string) => ({
    hits: [],
    nbHits: make ? 1 : 3,
    page: 0,
    nbPages: 1,
    hitsPerPage: 20,
    processingTimeMS: 0,
    query: '',
    params: '',
    facets: { make: { Toyota: 2, Kia: 1 } },
  });
  const search = instantsearch({
    indexName: 'cars',
    searchClient: {
      search: async (requests: unknown[]) => ({ results: requests.map(() => answer()) }),
    } as never,
  });
  const drawn: string[][] = [];
  const unstored = {
    ...connectRefinementList((state, isFirstRender) => {
      if (!isFirstRender)
        drawn.push(state.items.map((item) => `${item.value}${item.isRefined ? '*' : ''}`));
    })({ attribute: 'make' }),
    getRenderState: undefined,
  };
  const stored = connectRefinementList(() => undefined)({ attribute: 'model' });
  search.addWidgets([unstored as never, stored]);
  search.start();
  await new Promise((resolve) => setTimeout(resolve, 10));
  search.helper!.toggleFacetRefinement('make', 'Kia').search();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(drawn.at(-1)).toEqual(['Kia*', 'Toyota']);
  expect(drawn.length).toBeGreaterThanOrEqual(2);
  const renderState = (
    search as unknown as {
      renderState: Record<string, { refinementList?: Record<string, unknown> }>;
    }
  ).renderState;
  expect(Object.keys(renderState.cars?.refinementList ?? {})).toEqual(['model']);
  search.dispose();
});

// SearchApp tells InstantSearch's placeholder results (before the first answer) from a real answer
// by `__isArtificial`, which react-instantsearch-core sets on the results it makes up.
test('before the first answer, useInstantSearch() gives results marked __isArtificial', async () => {
  const seen: Array<boolean | undefined> = [];
  function Probe() {
    const { results } = useInstantSearch();
    seen.push((results as unknown as { __isArtificial?: boolean }).__isArtificial);
    return null;
  }
  const never = { search: () => new Promise(() => undefined) } as never;
  const root = createRoot(document.createElement('div'));
  await act(async () =>
    root.render(
      createElement(
        InstantSearch,
        { indexName: 'cars', searchClient: never },
        createElement(Probe),
      ),
    ),
  );
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every((artificial) => artificial === true)).toBe(true);
  await act(async () => root.unmount());
});

// SearchApp reads the answer's own facet counts (the car_type split of the count) from
// `_rawResults[0].facets`, which keeps every facet the engine sent, refined or not.
test("an answer's results keep the engine's facets in _rawResults[0].facets and are not artificial", async () => {
  const facets = { car_type: { new: 4, used: 2 }, make: { Toyota: 6 } };
  const search = instantsearch({
    indexName: 'cars',
    searchClient: {
      search: async (requests: unknown[]) => ({
        results: requests.map(() => ({
          hits: [],
          nbHits: 6,
          page: 0,
          nbPages: 1,
          hitsPerPage: 20,
          processingTimeMS: 0,
          query: '',
          params: '',
          facets,
        })),
      }),
    } as never,
  });
  search.addWidgets([connectRefinementList(() => undefined)({ attribute: 'car_type' })]);
  search.start();
  await new Promise((resolve) => setTimeout(resolve, 10));
  const results = search.mainIndex.getResults() as unknown as {
    _rawResults?: Array<{ facets?: unknown }>;
    __isArtificial?: boolean;
  };
  expect(results._rawResults?.[0]?.facets).toEqual(facets);
  expect(results.__isArtificial).toBeUndefined();
  search.dispose();
});
