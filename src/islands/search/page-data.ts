import type { InstantSearchServerState } from 'react-instantsearch';
import type { SearchPageConfig } from '../../search/page-config';

/** What a search page's HTML hands its script (SearchRoutePage.astro writes it, ./loader.ts reads it). */
export interface SearchPageData {
  config: SearchPageConfig;
  /** The route's first answer the HTML was rendered with (InstantSearch's server state). */
  serverState: InstantSearchServerState;
  /** localStorage keys whose value changes what the app shows (a saved favourite): wake when idle. */
  storedKeys: string[];
  /** When each sold car the HTML counts passes its cut-off (ms, ascending). */
  listedUntil: number[];
}

/** The id of the page's JSON data block. */
export const DATA_ID = 'search-app-data';
/** The id of the element the app is rendered in. */
export const ROOT_ID = 'search-app-root';
