import { useLayoutEffect } from 'react';
import type { useInstantSearch } from 'react-instantsearch';
import type { SearchClient } from '../../search/client';
import type { LazySearchClient } from '../../search/lazy-client';

/**
 * The one place the search app reaches into InstantSearch's internals (./SearchApp.tsx uses it).
 *
 * With the embedded engine loaded, a search is answered in the same task it starts in. InstantSearch
 * still draws every widget once more with the old results (status 'loading') before the answer,
 * which on a slow phone is about a quarter of a filter click's time; that drawing is skipped. Over
 * a network (Meilisearch, or the index still loading) it stays: it shows the tick at once.
 */
export function useSkipLoadingRender(
  client: SearchClient,
  addMiddlewares: ReturnType<typeof useInstantSearch>['addMiddlewares'],
) {
  useLayoutEffect(() => {
    // Only the browser's lazy client knows; the build's engine client has no such method.
    const { answersAtOnce } = client as Partial<LazySearchClient>;
    if (!answersAtOnce) return;
    return addMiddlewares(({ instantSearchInstance }) => {
      // Not public API: InstantSearch calls scheduleRender(false) as a search starts (asserted in
      // tests/unit/instantsearch-internals.test.ts, so an upgrade that changes it fails there).
      type Scheduled = ((resetStatus?: boolean) => void) & { cancel(): void };
      const instance = instantSearchInstance as unknown as {
        scheduleRender: Scheduled;
        status: string;
      };
      const render = instance.scheduleRender;
      return {
        $$type: 'skip-loading-render',
        onStateChange() {},
        subscribe() {
          const skipping = (resetStatus = true) => {
            if (!resetStatus && instance.status === 'loading' && answersAtOnce()) return;
            render(resetStatus);
          };
          instance.scheduleRender = Object.assign(skipping, { cancel: () => render.cancel() });
        },
        unsubscribe() {
          instance.scheduleRender = render;
        },
      };
    });
  }, [addMiddlewares, client]);
}
