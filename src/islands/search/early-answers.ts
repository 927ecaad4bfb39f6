import { countOf } from '../../domain/plural';
import {
  earlyRequests,
  readEarlyAnswer,
  withTick,
  type EarlyAnswer,
} from '../../search/early-answer';
import { pageSearchClient } from '../../search/lazy-client';
import type { SearchPageConfig } from '../../search/page-config';
import { isRefinementField } from '../../search/state';
import { parseSearchUrl } from '../../search/url-codec';
import { hideEarly, holdGrid } from './early-marks';
import { SEARCH_DOM, SEARCH_SELECTORS, showCount } from '../../search/dom-contract';

/**
 * Facet ticks answered in the page's HTML while the app's code is still on its way (loaded by
 * ./loader.ts at idle, a few KB with the engine): the results count, the facet counts and the
 * cards the HTML already has that lead the new answer, drawn as soon as the engine answers. The
 * app then takes the tick over as usual and draws the rest. Its first render keeps these texts
 * (suppressHydrationWarning) and the cards hidden here are not in its answer, so it removes them
 * (./early-marks.ts).
 */

export interface EarlyAnswers {
  /** A facet box the shopper ticked or unticked in the HTML. */
  tick(input: HTMLInputElement): void;
  /** The shopper changed something else (typed, picked a sort or a price): the app answers that. */
  stop(): void;
}

function draw(root: HTMLElement, config: SearchPageConfig, answer: EarlyAnswer): void {
  const text = countOf(answer.count, config.noun);
  showCount(root, text);
  // The HTML's cards in the new first page are its first cars, in order (the same sort, filtered);
  // while the rest are on their way the grid keeps its height, with a placeholder row.
  const grid = root.querySelector<HTMLElement>(SEARCH_SELECTORS.results);
  const height = grid?.offsetHeight ?? 0;
  const wanted = new Set(answer.hitIds);
  let shown = 0;
  for (const card of root.querySelectorAll<HTMLElement>(SEARCH_SELECTORS.resultCards)) {
    const kept = wanted.has(card.getAttribute(SEARCH_DOM.cardIdAttribute)!);
    hideEarly(card, !kept);
    if (kept) shown += 1;
  }
  if (grid)
    holdGrid(
      grid,
      shown < answer.hitIds.length
        ? `Loading more ${config.noun.plural.toLowerCase()}…`
        : undefined,
      height,
    );
  for (const list of root.querySelectorAll<HTMLElement>(SEARCH_SELECTORS.facetLists)) {
    const counts = answer.facets[list.getAttribute(SEARCH_DOM.facetAttribute)!] ?? {};
    for (const input of list.querySelectorAll<HTMLInputElement>('input[type=checkbox]')) {
      const count = counts[input.value] ?? 0;
      const item = input.closest('li');
      if (item) hideEarly(item, count === 0 && !input.checked);
      const shownCount = item?.querySelector(SEARCH_SELECTORS.facetCount);
      if (shownCount && count > 0) shownCount.textContent = `(${count})`;
    }
  }
}

export function earlyAnswers(root: HTMLElement, config: SearchPageConfig): EarlyAnswers {
  const client = pageSearchClient(config);
  // The index loads and the engine prepares now, so that a tick is answered at once. In an outage
  // this load does not count towards the app's back-off (SPEC 8), and no early answer asks the
  // server again: the app's retries keep their schedule.
  const loaded = client.warmUp(true);
  let state = parseSearchUrl(location.href, config.routes);
  let latest = 0;
  let stopped = false;
  return {
    tick(input) {
      const field = input
        .closest<HTMLElement>(SEARCH_SELECTORS.facetLists)
        ?.getAttribute(SEARCH_DOM.facetAttribute);
      if (stopped || !field || !isRefinementField(field)) return;
      state = withTick(state, field, input.value, input.checked);
      const asked = ++latest;
      const asking = state;
      void loaded.then(
        (ok) =>
          ok &&
          client.search(earlyRequests(asking, config.facets, config.hitsPerPage)).then(
            ({ results }) =>
              !stopped && asked === latest && draw(root, config, readEarlyAnswer(asking, results)),
            () => undefined,
          ),
      );
    },
    stop() {
      stopped = true;
    },
  };
}
