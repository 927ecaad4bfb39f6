import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  autocomplete,
  DEFAULT_RADIUS_KM,
  formatDistance,
  nearest,
  PLACE_RADIUS_KM,
  RADIUS_OPTIONS_KM,
  type LatLng,
  type Ranked,
} from '../../domain/nearest';
import { INVALID_POSTCODE, searchPlaces, type Place, type PlaceData } from '../../domain/places';
import { pluralise } from '../../domain/plural';
import type { MapMarker } from '../../site/map-markers';
import { useEarlyInput } from '../early-input';
import { fetchDealershipOptions } from './manufacturer-locations';
import { loadJson } from './load-json';

interface Props {
  /** Every dealership (location group) with its position, built with the site: the nearest search ranks these. */
  dealershipsUrl: string;
  /** Where the offline postcode and suburb data is (built with the site). */
  placesUrl: string;
}

/** SPEC 5: place suggestions wait 300 ms after the last keystroke. */
export const PLACE_DEBOUNCE_MS = 300;

const UNAVAILABLE = 'Place search is unavailable right now. Please choose a dealership by name.';

type Origin =
  | { kind: 'place'; place: Place }
  | { kind: 'device'; at: LatLng }
  | { kind: 'dealership'; dealership: MapMarker };

/**
 * Find a dealership: by name (autocomplete), nearest to the visitor (geolocation), or nearest to
 * an Australian postcode or suburb, within a radius. Thin view over src/domain/nearest and places.
 * Its data is fetched when first needed, not carried in the page: the places (260 KB gzip) when a
 * shopper types a place, the dealerships when a nearest search starts, the name search's options
 * when that field is first used.
 */
export default function DealerLocator({ dealershipsUrl, placesUrl }: Props) {
  const ids = useId();
  const [dealerQuery, setDealerQuery] = useState('');
  const [dealerOpen, setDealerOpen] = useState(false);
  const [activeDealer, setActiveDealer] = useState(-1);
  const [placeQuery, setPlaceQuery] = useState('');
  const [suggestions, setSuggestions] = useState<Place[]>([]);
  const [activePlace, setActivePlace] = useState(-1);
  const [radius, setRadius] = useState<number>(DEFAULT_RADIUS_KM);
  const [origin, setOrigin] = useState<Origin | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // Every dealership, once a nearest search (by place or by position) has asked for them.
  const [dealerships, setDealerships] = useState<MapMarker[] | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The name search's options come live from GET /api/manufacturer-locations (SPEC 7), asked for
  // once, when the field is first used; a failure leaves no options (SPEC 8).
  const [dealerOptions, setDealerOptions] = useState<MapMarker[]>([]);
  const optionsRequested = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  const placeInput = useRef<HTMLInputElement>(null);
  // What the last search was for: the typed text handed over after it is no new input.
  const searched = useRef<string | undefined>(undefined);
  useEarlyInput(root);
  function loadDealerships() {
    loadJson<MapMarker[]>(dealershipsUrl)
      .then(setDealerships)
      .catch((failure: unknown) => {
        console.warn('Dealership list failed to load', failure);
        setOrigin(undefined);
        setError(UNAVAILABLE);
      });
  }
  function loadDealerOptions() {
    if (optionsRequested.current) return;
    optionsRequested.current = true;
    void fetchDealershipOptions().then(setDealerOptions);
  }

  const dealerMatches = useMemo(
    () => autocomplete(dealerOptions, (d) => `${d.name} ${d.address}`, dealerQuery).slice(0, 10),
    [dealerOptions, dealerQuery],
  );

  // Place suggestions, debounced (SPEC 5: 300 ms).
  useEffect(() => {
    clearTimeout(timer.current);
    if (!placeQuery.trim()) {
      setSuggestions([]);
      return;
    }
    timer.current = setTimeout(() => {
      loadJson<PlaceData>(placesUrl)
        .then((data) => {
          setSuggestions(searchPlaces(data, placeQuery));
          setActivePlace(-1);
        })
        .catch((failure: unknown) => console.warn('Place search failed', failure));
    }, PLACE_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [placeQuery, placesUrl]);

  // Undefined while the dealerships of a nearest search are still on their way.
  const results: Ranked<MapMarker>[] | undefined = useMemo(() => {
    if (!origin) return [];
    if (origin.kind === 'dealership') return [{ item: origin.dealership, distanceKm: 0 }];
    if (!dealerships) return undefined;
    const from = origin.kind === 'place' ? origin.place : origin.at;
    return nearest(dealerships, (d) => d, from, radius);
  }, [origin, radius, dealerships]);

  function pickPlace(place: Place) {
    setPlaceQuery(place.label);
    setSuggestions([]);
    setError(undefined);
    setRadius(PLACE_RADIUS_KM); // SPEC 4: choosing a place searches 250 km and lists up to 5
    setOrigin({ kind: 'place', place });
    loadDealerships();
  }

  async function submitPlace(event: React.FormEvent) {
    event.preventDefault();
    // The field, not the state: a search sent while the island wakes (Enter straight after typing)
    // can arrive before the typed text is handed to the state (early-input.ts).
    const query = (placeInput.current?.value ?? placeQuery).trim();
    searched.current = query;
    if (!query) return;
    setBusy(true);
    try {
      const data = await loadJson<PlaceData>(placesUrl);
      const [first] = searchPlaces(data, query, 1);
      if (first) pickPlace(first);
      else {
        setOrigin(undefined);
        setError(INVALID_POSTCODE);
      }
    } catch (failure) {
      console.warn('Place search failed', failure);
      setError(UNAVAILABLE);
    } finally {
      setBusy(false);
    }
  }

  function useMyLocation() {
    setError(undefined);
    if (!('geolocation' in navigator)) {
      setError('Your browser cannot share your location. Search by postcode or suburb instead.');
      return;
    }
    setBusy(true);
    loadDealerships(); // while the browser asks the shopper
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setBusy(false);
        setOrigin({
          kind: 'device',
          at: { lat: position.coords.latitude, lng: position.coords.longitude },
        });
      },
      () => {
        setBusy(false);
        setError('We could not get your location. Search by postcode or suburb instead.');
      },
      { timeout: 10_000, maximumAge: 600_000 },
    );
  }

  function pickDealer(dealership: MapMarker) {
    setDealerQuery(dealership.name);
    setDealerOpen(false);
    setError(undefined);
    setOrigin({ kind: 'dealership', dealership });
  }

  function listKeys<T>(
    event: React.KeyboardEvent,
    items: T[],
    active: number,
    setActive: (index: number) => void,
    choose: (item: T) => void,
    close: () => void,
  ) {
    if (event.key === 'ArrowDown' && items.length) {
      event.preventDefault();
      setActive(Math.min(items.length - 1, active + 1));
    } else if (event.key === 'ArrowUp' && items.length) {
      event.preventDefault();
      setActive(Math.max(0, active - 1));
    } else if (event.key === 'Enter' && active >= 0 && items[active]) {
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === 'Escape') close();
  }

  const dealerListId = `${ids}-dealers`;
  const placeListId = `${ids}-places`;
  const errorId = `${ids}-error`;
  const showDealerList = dealerOpen && dealerQuery.trim() !== '' && dealerMatches.length > 0;

  return (
    <div className="dealer-locator" ref={root}>
      <div className="dealer-locator__fields">
        <div className="dealer-locator__field dealer-locator__combo">
          <label htmlFor={`${ids}-dealer`}>Search dealerships by name</label>
          <input
            id={`${ids}-dealer`}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={showDealerList}
            aria-controls={dealerListId}
            aria-activedescendant={
              showDealerList && activeDealer >= 0 ? `${dealerListId}-${activeDealer}` : undefined
            }
            value={dealerQuery}
            onFocus={loadDealerOptions}
            onChange={(event) => {
              loadDealerOptions();
              setDealerQuery(event.target.value);
              setDealerOpen(true);
              setActiveDealer(-1);
              if (!event.target.value) setOrigin(undefined);
            }}
            onKeyDown={(event) =>
              listKeys(event, dealerMatches, activeDealer, setActiveDealer, pickDealer, () =>
                setDealerOpen(false),
              )
            }
            onBlur={() => setTimeout(() => setDealerOpen(false), 150)}
          />
          <ul
            id={dealerListId}
            role="listbox"
            aria-label="Dealerships"
            className="dealer-locator__list"
            hidden={!showDealerList}
          >
            {dealerMatches.map((dealership, index) => (
              <li
                key={dealership.id}
                id={`${dealerListId}-${index}`}
                role="option"
                aria-selected={index === activeDealer}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pickDealer(dealership)}
              >
                {dealership.name} <span>{dealership.address}</span>
              </li>
            ))}
          </ul>
        </div>

        <form
          className="dealer-locator__field dealer-locator__combo"
          onSubmit={submitPlace}
          role="search"
          aria-label="Find the nearest dealership"
        >
          <label htmlFor={`${ids}-place`}>Postcode or suburb</label>
          <div className="dealer-locator__inline">
            <input
              id={`${ids}-place`}
              ref={placeInput}
              type="text"
              role="combobox"
              inputMode="search"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={suggestions.length > 0}
              aria-controls={placeListId}
              aria-activedescendant={
                suggestions.length && activePlace >= 0 ? `${placeListId}-${activePlace}` : undefined
              }
              aria-invalid={error === INVALID_POSTCODE ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              value={placeQuery}
              placeholder="e.g. 4000 or Capalaba"
              onChange={(event) => {
                setPlaceQuery(event.target.value);
                if (event.target.value.trim() !== searched.current) setError(undefined);
                if (!event.target.value) setOrigin(undefined);
              }}
              onKeyDown={(event) =>
                listKeys(event, suggestions, activePlace, setActivePlace, pickPlace, () =>
                  setSuggestions([]),
                )
              }
            />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Search
            </button>
          </div>
          <ul
            id={placeListId}
            role="listbox"
            aria-label="Places"
            className="dealer-locator__list"
            hidden={suggestions.length === 0}
          >
            {suggestions.map((place, index) => (
              <li
                key={`${place.label}-${index}`}
                id={`${placeListId}-${index}`}
                role="option"
                aria-selected={index === activePlace}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pickPlace(place)}
              >
                {place.label}
              </li>
            ))}
          </ul>
        </form>

        <div className="dealer-locator__field">
          <label htmlFor={`${ids}-radius`}>Search radius</label>
          <select
            id={`${ids}-radius`}
            value={radius}
            onChange={(event) => setRadius(Number(event.target.value))}
          >
            {RADIUS_OPTIONS_KM.map((km) => (
              <option key={km} value={km}>
                {km} km
              </option>
            ))}
          </select>
        </div>

        <div className="dealer-locator__field dealer-locator__geo">
          <button type="button" className="btn btn-outline" onClick={useMyLocation} disabled={busy}>
            Find my nearest dealership
          </button>
        </div>
      </div>

      <p id={errorId} className="dealer-locator__error" role="alert">
        {error ?? ''}
      </p>

      <div aria-live="polite" className="dealer-locator__results">
        {origin && !results && (
          <p className="dealer-locator__summary">Finding the nearest dealerships...</p>
        )}
        {origin && results && (
          <>
            <h2 className="dealer-locator__summary">
              {results.length === 0
                ? `No dealerships within ${radius} km`
                : origin.kind === 'dealership'
                  ? origin.dealership.name
                  : `${results.length} nearest ${pluralise(results.length, 'dealership')} within ${radius} km${origin.kind === 'place' ? ` of ${origin.place.label}` : ''}`}
            </h2>
            <ol className="dealer-locator__ranked" data-results>
              {results.map(({ item, distanceKm }) => (
                <li key={item.id} data-dealership={item.id}>
                  <a href={item.detailsHref} className="dealer-locator__name">
                    {item.name}
                  </a>
                  {origin.kind !== 'dealership' && (
                    <span className="dealer-locator__distance">{formatDistance(distanceKm)}</span>
                  )}
                  <span>{item.address}</span>
                  {item.phone && <a href={`tel:${item.phone.replace(/\s/g, '')}`}>{item.phone}</a>}
                  <a href={item.stockHref}>
                    View Our Stock<span className="visually-hidden"> at {item.name}</span>
                  </a>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
    </div>
  );
}
