/**
 * SPEC 9: similar cars load within 500 px of view. This is all the vehicle page runs up front:
 * an observer. The search client, the index and the rendering load (dynamic import) only when
 * the block comes that close, so a shopper who never scrolls down downloads none of it.
 */

export const SIMILAR_ROOT_MARGIN = '500px';

/** SPEC 8 "Similar cars failure logged, block empty": no error text for the shopper. */
export function similarCarsFailed(section: HTMLElement, error: unknown): void {
  section.hidden = true;
  console.error('Similar cars failed to load', error);
}

export function initSimilarCars(): void {
  const section = document.querySelector<HTMLElement>('[data-similar-cars]');
  if (!section) return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      import('./similar-cars-load')
        .then(({ loadSimilarCars }) => loadSimilarCars(section))
        .catch((error: unknown) => similarCarsFailed(section, error));
    },
    { rootMargin: SIMILAR_ROOT_MARGIN },
  );
  observer.observe(section);
}
