import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { compareNotice, toggleInList, type CompareEntry, type CompareOutcome } from '../domain/compare-eligibility';

/** The localStorage key (also read before hydration: see client:interaction's `stored`). */
export const COMPARE_KEY = 'compare';

/** Cars chosen to compare, kept in local storage (each dealer site is its own origin). */
export const $compare = persistentAtom<CompareEntry[]>(COMPARE_KEY, [], {
  // A hand-edited or foreign value must not break the page: anything unexpected reads as empty.
  decode: (raw) => {
    try {
      const value: unknown = JSON.parse(raw);
      return Array.isArray(value) ? value.filter(isEntry) : [];
    } catch {
      return [];
    }
  },
  encode: JSON.stringify,
});

function isEntry(value: unknown): value is CompareEntry {
  const entry = value as CompareEntry;
  return typeof entry === 'object' && entry !== null && typeof entry.id === 'string' && typeof entry.name === 'string' && typeof entry.slug === 'string';
}

/** The last add/remove/limit sentence, for the live region in the header's compare link. */
export const $compareNotice = atom<{ text: string; outcome: CompareOutcome | null; id: string | null }>({ text: '', outcome: null, id: null });

/** Press Compare on a car; returns what happened (a full list is left as it was). */
export function toggleCompare(car: CompareEntry): CompareOutcome {
  const { list, outcome } = toggleInList($compare.get(), car);
  if (outcome !== 'full') $compare.set(list);
  $compareNotice.set({ text: compareNotice(outcome, car.name, list.length), outcome, id: car.id });
  return outcome;
}
