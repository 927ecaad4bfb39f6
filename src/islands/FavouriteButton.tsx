import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import {
  $favouriteIds,
  favouriteSavedEarly,
  FAVOURITES_KEY,
  toggleFavourite,
  type Favourite,
} from '../stores/favourites';
import { EARLY_PRESS, earlySave, takeEarlyPress } from './early-press';
import { usePressedState } from './use-pressed-state';

interface Props {
  car: Favourite;
}

/** The favourite heart on a card (SPEC 4: toggles add/remove; adding fires event 39). */
export default function FavouriteButton({ car }: Props) {
  const ids = useStore($favouriteIds);
  // The static HTML knows no browser storage: hydrate as "not saved", then show the stored state
  // (React does not patch attributes that differ at hydration).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const saved = hydrated && ids.has(car.id);
  const button = useRef<HTMLButtonElement>(null);
  usePressedState(button, saved);
  // The heart fills from aria-pressed in CSS too, so a tap held while the island wakes shows at once.
  return (
    <button
      ref={button}
      type="button"
      className="favourite"
      aria-pressed={saved}
      {...{ [EARLY_PRESS]: earlySave({ key: FAVOURITES_KEY, entry: car }) }}
      onClick={() => {
        const early = takeEarlyPress(button.current);
        if (early) favouriteSavedEarly(car, early);
        else toggleFavourite(car);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
        <path
          d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.2 4.3 2.4h2c.7-1.2 2.2-2.4 4.3-2.4 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      <span className="visually-hidden">Favourite {car.name}</span>
    </button>
  );
}
