import { lazy, Suspense } from 'react';
import type { CompareEntry } from '../../domain/compare-eligibility';

// Fetched only when a card asks for it, so sites without compare carry none of its code.
const CompareButton = lazy(() => import('./CompareButton'));

/** The Compare toggle inside the search island, loaded on first use. */
export function LazyCompareButton({ car }: { car: CompareEntry }) {
  return (
    <Suspense fallback={null}>
      <CompareButton car={car} />
    </Suspense>
  );
}
