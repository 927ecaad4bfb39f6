// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cardSelector,
  SEARCH_DOM,
  SEARCH_SELECTORS,
  showCount,
} from '../../src/search/dom-contract';
import { ROOT_ID } from '../../src/islands/search/page-data';

// The early layer finds the search app's parts in the server-rendered HTML by the names in
// src/search/dom-contract.ts. Each demo site's built search page (npm run build first) must carry
// every one of them, where the early layer looks, so that a renamed class or attribute fails here
// and not on a shopper's first tick.

const SEARCH_PATH = 'search/new-used-and-demo-cars/index.html';

function loadBuiltSearchPage(slug: string): HTMLElement {
  const html = readFileSync(path.join(process.cwd(), 'dist', slug, SEARCH_PATH), 'utf8');
  // The markup only: happy-dom would try to fetch the stylesheets and run the scripts.
  const markup = html.replace(/<link\b[^>]*>|<script\b[\s\S]*?<\/script>/g, '');
  return new DOMParser().parseFromString(markup, 'text/html').getElementById(ROOT_ID)!;
}

describe.each(['aurora-motors', 'bayside-toyota', 'southern-cross-motor-group', 'sunset-caravans'])(
  'the built search page of %s',
  (slug) => {
    it('holds the app, its Filters button and the results where the early layer looks', () => {
      const root = loadBuiltSearchPage(slug);
      expect(root).not.toBeNull();
      const app = root.querySelector(SEARCH_SELECTORS.app);
      expect(app).not.toBeNull();
      // The phone's panel is closed in the HTML; the loader opens it with the named class.
      expect(root.querySelector(SEARCH_SELECTORS.filtersOpen)).toBeNull();
      const toggle = root.querySelector(SEARCH_SELECTORS.filtersToggle)!;
      expect(toggle.textContent).toBe('Filters');
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(toggle.closest(SEARCH_SELECTORS.app)).toBe(app);
    });

    it('lists its cards with their ids and sold cut-offs, each found again by its id', () => {
      const root = loadBuiltSearchPage(slug);
      const cards = [...root.querySelectorAll<HTMLElement>(SEARCH_SELECTORS.resultCards)];
      expect(cards.length).toBeGreaterThan(0);
      expect(root.querySelectorAll(SEARCH_SELECTORS.cards)).toHaveLength(cards.length);
      for (const card of cards) {
        const id = card.getAttribute(SEARCH_DOM.cardIdAttribute)!;
        expect(id).not.toBe('');
        expect(root.querySelector(cardSelector(id, (value) => value))).toBe(card);
        expect(card.querySelector('article.car-card')).not.toBeNull();
      }
      for (const card of root.querySelectorAll(SEARCH_SELECTORS.listedUntil))
        expect(Number(card.getAttribute(SEARCH_DOM.listedUntilAttribute))).toBeGreaterThan(0);
    });

    it('has facet lists named by field, each value with its count', () => {
      const root = loadBuiltSearchPage(slug);
      const lists = [...root.querySelectorAll<HTMLElement>(SEARCH_SELECTORS.facetLists)];
      const fields = lists.map((list) => list.getAttribute(SEARCH_DOM.facetAttribute));
      expect(fields).toContain('price');
      const checkboxes = lists.flatMap((list) => [
        ...list.querySelectorAll<HTMLInputElement>('input[type=checkbox]'),
      ]);
      expect(checkboxes.length).toBeGreaterThan(0);
      for (const input of checkboxes)
        expect(
          input.closest('li')?.querySelector(SEARCH_SELECTORS.facetCount)?.textContent,
        ).toMatch(/^\(\d+\)$/);
    });

    it('shows a new count in the heading and on the panel’s Show Me button', () => {
      const root = loadBuiltSearchPage(slug);
      const heading = root.querySelector(SEARCH_SELECTORS.resultsHeading)!;
      expect(heading.textContent).toMatch(/^\d[\d,]* \S/);
      expect(root.querySelector(SEARCH_SELECTORS.results)).not.toBeNull();
      showCount(root, '3 Cars');
      expect(heading.textContent).toBe('3 Cars');
      expect(root.querySelector(SEARCH_SELECTORS.showResults)!.textContent).toBe('Show Me 3 Cars');
    });
  },
);
