import { memo, useCallback, useDeferredValue, useEffect, useId, useState } from 'react';
import { useRange, useRefinementList, type useInstantSearch } from 'react-instantsearch';
import { rangeLowerBound } from '../../search/document';
import {
  clampPriceRange,
  formatKmField,
  formatPriceField,
  parseAmountField,
  PRICE_BOUNDS,
  PRICE_STEP,
  snapToStep,
} from '../../search/price';
import { CAR_TYPE_LABELS, CAR_TYPE_ORDER } from '../../search/state';
import { UNSTORED } from './unstored';
import { SEARCH_DOM } from '../../search/dom-contract';

/** The filter panel's controls: facet checkbox lists, the price slider and fields, the km fields. */

export const FACET_LABELS: Record<string, string> = {
  car_type: 'Condition',
  make: 'Make',
  model: 'Model',
  badge: 'Badge',
  year: 'Year',
  body: 'Body Type',
  fuel: 'Fuel',
  transmission: 'Transmission',
  drive: 'Drive',
  colour: 'Colour',
  seats: 'Seats',
  location_name: 'Location',
  dealership_name: 'Dealership',
  state: 'State',
  tag: 'Tag',
  certified: 'Certified',
  weekly_price_range: 'Weekly Price',
};

type Item = { label: string; value: string; count: number; isRefined: boolean };

/** SPEC 9 facet sort: car type new, demo, used; price ranges ascending; otherwise counts descending. */
export function sortFacetItems(field: string, items: Item[]): Item[] {
  const sorted = [...items];
  if (field === 'car_type')
    sorted.sort((a, b) => CAR_TYPE_ORDER.indexOf(a.value) - CAR_TYPE_ORDER.indexOf(b.value));
  else if (field === 'weekly_price_range')
    sorted.sort((a, b) => rangeLowerBound(a.value) - rangeLowerBound(b.value));
  else
    sorted.sort(
      (a, b) => b.count - a.count || a.value.localeCompare(b.value, 'en', { numeric: true }),
    );
  return sorted.map((item) =>
    field === 'car_type' ? { ...item, label: CAR_TYPE_LABELS[item.value] ?? item.label } : item,
  );
}

const FACET_SORT: Array<'count:desc' | 'name:asc'> = ['count:desc', 'name:asc'];

/**
 * The filters are memoised: each draws again only when its own widget's state changes, not on
 * every answer the page gets (on a slow phone, re-drawing unchanged inputs was a fifth of a click).
 */
export const FacetList = memo(function FacetList({
  field,
  open,
}: {
  field: string;
  open?: boolean;
}) {
  // Widget options must keep their identity between renders, or InstantSearch re-mounts the widget.
  const transformItems = useCallback((list: Item[]) => sortFacetItems(field, list), [field]);
  const { items, refine, canToggleShowMore, isShowingMore, toggleShowMore } = useRefinementList(
    {
      attribute: field,
      limit: 10,
      showMore: true,
      showMoreLimit: 100,
      sortBy: FACET_SORT,
      transformItems,
    },
    UNSTORED,
  );
  const id = useId();
  const refined = items.some((item) => item.isRefined);
  const [expanded, setExpanded] = useState(open || refined);
  // A closed list's new counts are drawn after the answer is on screen (nobody sees them sooner):
  // on a slow phone the lists are most of a filter click's work.
  const settled = useDeferredValue(items);
  const shown = expanded || refined ? items : settled;
  if (!shown.length) return null;
  const label = FACET_LABELS[field] ?? field;
  return (
    <details
      className="facet"
      open={open || refined}
      {...{ [SEARCH_DOM.facetAttribute]: field }}
      onToggle={(event) => setExpanded(event.currentTarget.open)}
    >
      <summary>{label}</summary>
      <fieldset>
        <legend className="visually-hidden">{label}</legend>
        <FacetOptions items={shown} idPrefix={id} refine={refine} />
        {canToggleShowMore && (
          <button type="button" className="link-button" onClick={toggleShowMore}>
            {isShowingMore
              ? `Show fewer ${label.toLowerCase()} options`
              : `Show more ${label.toLowerCase()} options`}
          </button>
        )}
      </fieldset>
    </details>
  );
});

/** A list's checkboxes: skipped while a closed list still shows its settled items. */
const FacetOptions = memo(function FacetOptions({
  items,
  idPrefix,
  refine,
}: {
  items: Item[];
  idPrefix: string;
  refine: (value: string) => void;
}) {
  return (
    <ul>
      {items.map((item, index) => (
        <li key={item.value}>
          {/* Values may hold spaces, which an id must not. */}
          {/* The value lets the page's script answer a tick before the app is live (./early-answers.ts), */}
          {/* and keeps the counts it drew (suppressHydrationWarning). */}
          <input
            id={`${idPrefix}-${index}`}
            type="checkbox"
            value={item.value}
            checked={item.isRefined}
            onChange={() => refine(item.value)}
          />
          <label htmlFor={`${idPrefix}-${index}`}>
            {item.label}{' '}
            <span className={SEARCH_DOM.facetCountClass} suppressHydrationWarning>
              {`(${item.count})`}
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
});

/** Bounds of the current range refinement, from the connector's `start` ([-Infinity, Infinity] when none). */
function refinedBounds(start: readonly (number | undefined)[]): { min?: number; max?: number } {
  const [min, max] = start;
  return {
    min: Number.isFinite(min) ? min : undefined,
    max: Number.isFinite(max) ? max : undefined,
  };
}

/** InstantSearch's setter of the page's UI state (passed down: a hook per filter re-drew it on every answer). */
export type SetIndexUiState = ReturnType<typeof useInstantSearch>['setIndexUiState'];

/**
 * Set a range refinement exactly as given (undefined = no bound), through the UI state. The range
 * connector's own refine() refuses a bound outside the stock's current min-max, which dropped a
 * typed 'Price from' below the cheapest car (kept in the field, missing from the URL and wiped by
 * the next change).
 */
function useSetRange(attribute: 'price' | 'km', setIndexUiState: SetIndexUiState) {
  return useCallback(
    (min: number | undefined, max: number | undefined) =>
      setIndexUiState((state) => {
        const range = { ...state.range };
        if (min == null && max == null) delete range[attribute];
        else range[attribute] = `${min ?? ''}:${max ?? ''}`;
        return { ...state, range, page: undefined };
      }),
    [attribute, setIndexUiState],
  );
}

/** A typed amount as a bound: nothing, or zero for a lower bound, means no bound. */
function typedBound(value: number | undefined, which: 'min' | 'max'): number | undefined {
  if (value == null || !Number.isFinite(value)) return undefined;
  return which === 'min' && value <= 0 ? undefined : value;
}

interface RangeFilterProps {
  setIndexUiState: SetIndexUiState;
}

type SetRange = (min: number | undefined, max: number | undefined) => void;

export function PriceFilter({
  quickPicks,
  setIndexUiState,
}: RangeFilterProps & { quickPicks: readonly number[] }) {
  // The widget's stock range changes with every answer; the controls draw only the refined bounds.
  const { min, max } = refinedBounds(useRange({ attribute: 'price' }, UNSTORED).start);
  return (
    <PriceControls
      min={min}
      max={max}
      setRange={useSetRange('price', setIndexUiState)}
      quickPicks={quickPicks}
    />
  );
}

const PriceControls = memo(function PriceControls({
  min,
  max,
  setRange,
  quickPicks,
}: {
  min: number | undefined;
  max: number | undefined;
  setRange: SetRange;
  quickPicks: readonly number[];
}) {
  const current = { min, max };
  const [draft, setDraft] = useState({
    min: current.min ?? PRICE_BOUNDS.min,
    max: current.max ?? PRICE_BOUNDS.max,
  });
  const [fields, setFields] = useState({
    min: formatPriceField(current.min),
    max: formatPriceField(current.max),
  });
  const id = useId();
  useEffect(() => {
    setDraft({ min: current.min ?? PRICE_BOUNDS.min, max: current.max ?? PRICE_BOUNDS.max });
    setFields({ min: formatPriceField(current.min), max: formatPriceField(current.max) });
  }, [current.min, current.max]);

  // A handle let go at its end of the slider means no bound on that side; the other bound stays as
  // refined (it may be a typed amount beyond the slider's ends).
  const applySlider = (which: 'min' | 'max') => {
    const min =
      which === 'min' ? (draft.min <= PRICE_BOUNDS.min ? undefined : draft.min) : current.min;
    const max =
      which === 'max' ? (draft.max >= PRICE_BOUNDS.max ? undefined : draft.max) : current.max;
    setRange(min, max);
  };
  const slide = (which: 'min' | 'max', value: number) => {
    const next = clampPriceRange(
      which === 'min' ? snapToStep(value) : draft.min,
      which === 'max' ? snapToStep(value) : draft.max,
      which,
    );
    setDraft(next);
    setFields({ min: formatPriceField(next.min), max: formatPriceField(next.max) });
  };
  const commitField = (which: 'min' | 'max', text: string) => {
    const value = typedBound(parseAmountField(text), which);
    const min = which === 'min' ? value : current.min;
    const max = which === 'max' ? value : current.max;
    // SPEC 5: min capped to max - 1, max floored to min + 1 (the typed side gives way).
    if (min != null && max != null && min >= max)
      setRange(which === 'min' ? max - 1 : min, which === 'max' ? min + 1 : max);
    else setRange(min, max);
  };

  return (
    <details className="facet facet--price" open {...{ [SEARCH_DOM.facetAttribute]: 'price' }}>
      <summary>Price</summary>
      <fieldset>
        <legend className="visually-hidden">Price</legend>
        <div className="slider">
          <label htmlFor={`${id}-min-slider`}>Minimum price</label>
          <input
            id={`${id}-min-slider`}
            type="range"
            min={PRICE_BOUNDS.min}
            max={PRICE_BOUNDS.max}
            step={PRICE_STEP}
            value={draft.min}
            aria-valuetext={formatPriceField(draft.min)}
            onChange={(event) => slide('min', Number(event.currentTarget.value))}
            onPointerUp={() => applySlider('min')}
            onKeyUp={() => applySlider('min')}
          />
          <label htmlFor={`${id}-max-slider`}>Maximum price</label>
          <input
            id={`${id}-max-slider`}
            type="range"
            min={PRICE_BOUNDS.min}
            max={PRICE_BOUNDS.max}
            step={PRICE_STEP}
            value={draft.max}
            aria-valuetext={formatPriceField(draft.max)}
            onChange={(event) => slide('max', Number(event.currentTarget.value))}
            onPointerUp={() => applySlider('max')}
            onKeyUp={() => applySlider('max')}
          />
        </div>
        <div className="amount-fields">
          {(['min', 'max'] as const).map((which) => (
            <div key={which}>
              <label htmlFor={`${id}-${which}`}>
                {which === 'min' ? 'Price from' : 'Price to'}
              </label>
              <input
                id={`${id}-${which}`}
                inputMode="numeric"
                list={`${id}-picks`}
                placeholder={which === 'min' ? 'Any' : 'Any'}
                value={fields[which]}
                onChange={(event) => setFields({ ...fields, [which]: event.currentTarget.value })}
                onBlur={(event) => {
                  const value = parseAmountField(event.currentTarget.value);
                  setFields({ ...fields, [which]: formatPriceField(value) });
                  commitField(which, event.currentTarget.value);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') commitField(which, event.currentTarget.value);
                }}
              />
            </div>
          ))}
          <datalist id={`${id}-picks`}>
            {quickPicks.map((pick) => (
              <option key={pick} value={formatPriceField(pick)} />
            ))}
          </datalist>
        </div>
      </fieldset>
    </details>
  );
});

export function KmFilter({ setIndexUiState }: RangeFilterProps) {
  const { start, range } = useRange({ attribute: 'km' }, UNSTORED);
  const { min, max } = refinedBounds(start);
  const setRange = useSetRange('km', setIndexUiState);
  // No field for stock without kilometres (all new cars, caravans without odometers).
  if (range.max == null || !Number.isFinite(range.max) || range.max === 0) return null;
  return <KmControls min={min} max={max} setRange={setRange} />;
}

const KmControls = memo(function KmControls({
  min,
  max,
  setRange,
}: {
  min: number | undefined;
  max: number | undefined;
  setRange: SetRange;
}) {
  const current = { min, max };
  const [fields, setFields] = useState({
    min: formatKmField(current.min),
    max: formatKmField(current.max),
  });
  const id = useId();
  useEffect(
    () => setFields({ min: formatKmField(current.min), max: formatKmField(current.max) }),
    [current.min, current.max],
  );
  const commit = (which: 'min' | 'max', text: string) => {
    const value = typedBound(parseAmountField(text), which);
    setFields({ ...fields, [which]: formatKmField(value) });
    setRange(which === 'min' ? value : current.min, which === 'max' ? value : current.max);
  };
  return (
    <details
      className="facet"
      open={current.min != null || current.max != null}
      {...{ [SEARCH_DOM.facetAttribute]: 'km' }}
    >
      <summary>Kilometres</summary>
      <fieldset>
        <legend className="visually-hidden">Kilometres</legend>
        <div className="amount-fields">
          {(['min', 'max'] as const).map((which) => (
            <div key={which}>
              <label htmlFor={`${id}-${which}`}>
                {which === 'min' ? 'Kilometres from' : 'Kilometres to'}
              </label>
              <input
                id={`${id}-${which}`}
                inputMode="numeric"
                placeholder="Any"
                value={fields[which]}
                onChange={(event) => setFields({ ...fields, [which]: event.currentTarget.value })}
                onBlur={(event) => commit(which, event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') commit(which, event.currentTarget.value);
                }}
              />
            </div>
          ))}
        </div>
      </fieldset>
    </details>
  );
});
