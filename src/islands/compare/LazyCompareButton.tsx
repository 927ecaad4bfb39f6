import { lazy, Suspense } from 'react';
import type { CompareEntry } from '../../domain/compare-eligibility';

// Fetched only when a card asks for it, so sites without compare carry none of its code.
const CompareButton = lazy(() => import('./CompareButton'));

// Holds the button's place while its code loads, so the card does not grow under the shopper.
const placeholder = (
  <div className="compare-toggle compare-toggle--pending" aria-hidden="true">
    <span className="btn btn-outline btn-sm">+ Compare</span>
  </div>
);

/** The Compare toggle inside the search island, loaded on first use. */
export function LazyCompareButton({ car }: { car: CompareEntry }) {
  return (
    <Suspense fallback={placeholder}>
      <CompareButton car={car} />
    </Suspense>
  );
}
