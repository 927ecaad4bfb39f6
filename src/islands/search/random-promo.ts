import { SEARCH_SELECTORS } from '../../search/dom-contract';

/**
 * A promo card with a random place (SPEC 2: "random 3 to 5") is drawn in the browser before the
 * first paint: the HTML has it at the lowest place, carrying its range, and this inline script
 * (run right after the search app's HTML) moves it. The browser may paint the grid before that
 * script runs, so a script before the app hides the grid until then (DRAWING_CLASS): a grid that
 * appears is no layout shift, a card that moves is. The app hydrates the card where it stands
 * (./mount.tsx), so nothing moves once the page shows. Constant strings: the CSP allows them by hash.
 */
export const RANDOM_PROMO_ATTRIBUTE = 'data-promo-max';
export const DRAWING_CLASS = 'promo-drawing';

export const HIDE_GRID_SCRIPT = `document.documentElement.classList.add('${DRAWING_CLASS}');`;

/** A place p has p - 1 cards before it and never trails the results: p is at most the cars shown. */
export const RANDOM_PROMO_SCRIPT = `(function () {
  try {
    var card = document.querySelector('#search-app-root ${SEARCH_SELECTORS.results} > li[${RANDOM_PROMO_ATTRIBUTE}]');
    if (!card) return;
    var grid = card.parentElement;
    var min = Number(card.getAttribute('data-promo-min'));
    var max = Math.min(Number(card.getAttribute('${RANDOM_PROMO_ATTRIBUTE}')), grid.querySelectorAll(':scope > li:not([data-promo-position])').length);
    if (!(max > min)) return;
    var place = min + Math.floor(Math.random() * (max - min + 1));
    grid.removeChild(card);
    grid.insertBefore(card, grid.children[place - 1] || null);
    card.setAttribute('data-promo-position', String(place));
  } finally {
    document.documentElement.classList.remove('${DRAWING_CLASS}');
  }
})();`;

/** The attributes of the promo card the script may move: a floating card under a random placement, alone in its range. */
export function randomPromoAttributes(
  placement: { rule: string; min?: number; max?: number },
  promo: { position?: number | null | undefined },
  fixedPositions: readonly number[],
): Record<string, number> | undefined {
  if (placement.rule !== 'random' || promo.position != null) return undefined;
  const { min = 0, max = 0 } = placement;
  if (fixedPositions.some((position) => position >= min && position <= max)) return undefined;
  return { 'data-promo-min': min, [RANDOM_PROMO_ATTRIBUTE]: max };
}
