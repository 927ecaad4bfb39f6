import { countOf } from '../../domain/plural';
import { CAR_TYPE_LABELS, CAR_TYPE_ORDER, type SearchState } from '../../search/state';

/**
 * An empty search narrowed to some car types (/search/used-cars on a site with no used stock) is a
 * dead end unless it points at the stock there is: the other car types that match the rest of the
 * search, with their counts (the Condition facet's, which leave the car type out).
 */
export interface OtherCarType {
  carType: string;
  count: number;
  /** "364 New Cars". */
  label: string;
}

export function otherCarTypes(
  state: Pick<SearchState, 'refinements'>,
  counts: Readonly<Record<string, number>> | undefined,
  noun: { singular: string; plural: string },
): OtherCarType[] {
  const chosen = state.refinements.car_type ?? [];
  if (chosen.length === 0 || !counts) return [];
  return CAR_TYPE_ORDER.filter(
    (carType) => !chosen.includes(carType) && (counts[carType] ?? 0) > 0,
  ).map((carType) => {
    const kind = CAR_TYPE_LABELS[carType] ?? carType;
    const count = counts[carType]!;
    return {
      carType,
      count,
      label: countOf(count, {
        singular: `${kind} ${noun.singular}`,
        plural: `${kind} ${noun.plural}`,
      }),
    };
  });
}

/** The same search with the car type swapped, from its first page. */
export function withCarType<State extends SearchState>(state: State, carType: string): State {
  return { ...state, page: 1, refinements: { ...state.refinements, car_type: [carType] } };
}
