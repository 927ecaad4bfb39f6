import { createContext, lazy, Suspense, useContext, type ComponentType } from 'react';
import type { CompareEntry } from '../../domain/compare-eligibility';

// Fetched only when a card asks for it, so sites without compare carry none of its code.
const CompareButton = lazy(() => import('./CompareButton'));

/**
 * The Compare toggle already loaded, for trees rendered to HTML and hydrated later (the search
 * app): the HTML then holds the real button, the browser hydrates the same markup, and a tap made
 * before hydration lands on the button that stays (a lazy one would be swapped in after).
 */
export const PreloadedCompareButton = createContext<
  ComponentType<{ car: CompareEntry }> | undefined
>(undefined);

/** Loads the toggle for PreloadedCompareButton. */
export async function loadCompareButton(): Promise<ComponentType<{ car: CompareEntry }>> {
  return (await import('./CompareButton')).default;
}

// Holds the button's place while its code loads, so the card does not grow under the shopper.
const placeholder = (
  <div className="compare-toggle compare-toggle--pending" aria-hidden="true">
    <span className="btn btn-outline btn-sm">+ Compare</span>
  </div>
);

/** The Compare toggle inside the search island, loaded on first use. */
export function LazyCompareButton({ car }: { car: CompareEntry }) {
  const Preloaded = useContext(PreloadedCompareButton);
  if (Preloaded) return <Preloaded car={car} />;
  return (
    <Suspense fallback={placeholder}>
      <CompareButton car={car} />
    </Suspense>
  );
}
