import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import {
  COMPARE_KEY,
  compareNotice,
  parseCompareList,
  toggleInList,
  type CompareEntry,
  type CompareOutcome,
} from '../domain/compare-eligibility';

/** The localStorage key (also read before hydration: see client:interaction's `stored`). */
export { COMPARE_KEY };

/** Cars chosen to compare, kept in local storage (each dealer site is its own origin). */
export const $compare = persistentAtom<CompareEntry[]>(COMPARE_KEY, [], {
  decode: parseCompareList,
  encode: JSON.stringify,
});

/** The last add/remove/limit sentence, for the live region in the header's compare link. */
export const $compareNotice = atom<{
  text: string;
  outcome: CompareOutcome | null;
  id: string | null;
}>({ text: '', outcome: null, id: null });

/** Press Compare on a car; returns what happened (a full list is left as it was). */
export function toggleCompare(car: CompareEntry): CompareOutcome {
  const { list, outcome } = toggleInList($compare.get(), car);
  if (outcome !== 'full') $compare.set(list);
  comparePressed(car, outcome);
  return outcome;
}

/**
 * A press the page saved before the island woke (islands/early-press.ts): the list is read again
 * from storage, and the press says what happened, as a live press does.
 */
export function compareSavedEarly(car: CompareEntry, outcome: CompareOutcome): void {
  $compare.set(parseCompareList(localStorage.getItem(COMPARE_KEY)));
  comparePressed(car, outcome);
}

function comparePressed(car: CompareEntry, outcome: CompareOutcome): void {
  $compareNotice.set({
    text: compareNotice(outcome, car.name, $compare.get().length),
    outcome,
    id: car.id,
  });
}
