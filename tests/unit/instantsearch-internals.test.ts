import instantsearch from 'instantsearch.js';
import { connectHits } from 'instantsearch.js/es/connectors';
import { expect, test } from 'vitest';

// The search page skips InstantSearch's drawing of the old results as a search starts, when the
// embedded engine answers at once (SkipLoadingRender in src/islands/search/SearchApp.tsx). It does
// so through a method InstantSearch does not document: this fails first if an upgrade changes it.

type Internals = { scheduleRender: ((resetStatus?: boolean) => void) & { cancel(): void }; status: string };

test('a search starts with scheduleRender(false) at status loading, and its answer draws with scheduleRender() at idle', async () => {
  const empty = { hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 20, processingTimeMS: 0, query: '', params: '' };
  const search = instantsearch({
    indexName: 'cars',
    searchClient: { search: async (requests: unknown[]) => ({ results: requests.map(() => empty) }) } as never,
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
