import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { CompareEntry } from '../../domain/compare-eligibility';
import {
  $compare,
  $compareNotice,
  COMPARE_KEY,
  compareSavedEarly,
  toggleCompare,
} from '../../stores/compare';
import { EARLY_PRESS, earlySave, takeEarlyPress } from '../early-press';
import { usePressedState } from '../use-pressed-state';

interface Props {
  car: CompareEntry;
}

/**
 * The Compare toggle on a result card and a car page. Its state is aria-pressed; a press on a full
 * list changes nothing and shows why here (the header's live region reads it out).
 */
export default function CompareButton({ car }: Props) {
  const list = useStore($compare);
  const notice = useStore($compareNotice);
  // The static HTML knows no browser storage: hydrate as "not chosen", then show the stored state.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const chosen = hydrated && list.some((entry) => entry.id === car.id);
  const full = notice.outcome === 'full' && notice.id === car.id && !chosen;
  const button = useRef<HTMLButtonElement>(null);
  usePressedState(button, chosen);
  // Its look ('+' or '✓', the filled button) follows aria-pressed in CSS, so a tap held while the
  // island wakes shows at once.
  return (
    <div className="compare-toggle">
      <button
        ref={button}
        type="button"
        className="btn btn-outline btn-sm compare-toggle__button"
        aria-pressed={chosen}
        {...{ [EARLY_PRESS]: earlySave({ key: COMPARE_KEY, entry: car }) }}
        onClick={() => {
          const early = takeEarlyPress(button.current);
          if (early) compareSavedEarly(car, early);
          else toggleCompare(car);
        }}
      >
        <span aria-hidden="true" className="compare-toggle__box" /> Compare
        <span className="visually-hidden"> {car.name}</span>
      </button>
      {full && (
        <p className="compare-toggle__full">
          {notice.text} <a href="/compare">Open the comparison</a>
        </p>
      )}
    </div>
  );
}
