/**
 * SPEC 4 trade-in flow as state and rules, apart from React: 1. contact details (lead capture),
 * 2. the car (rego lookup and valuation), 3. the offer, or why there is none. The island
 * (src/islands/forms/TradeInForm.tsx) sends the requests and feeds their outcomes in here.
 */
import { LEAD_MESSAGES } from './messages';
import type { AdjustmentKey } from './trade-in';

export const REGO_STATES = ['QLD', 'NSW', 'ACT', 'VIC', 'TAS', 'SA', 'NT', 'WA'] as const;
export const TRADE_IN_STEPS = ['Your details', 'Your car', 'Your offer'] as const;

/** Said when the valuation gave no reason (a network fault): the lead is recorded all the same. */
export const NO_REASON = 'We could not work out an online estimate for this car.';

export interface LookedUpVehicle {
  year: number;
  make: string;
  model: string;
}

export interface CarAnswers {
  rego: string;
  regoState: string;
  km: string;
}

export interface TradeInState {
  step: 0 | 1 | 2;
  leadId: string | null;
  errors: Record<string, string>;
  /** The failed step's message (the server's, or SPEC 8's 'An unexpected error occured'). */
  failure: string | null;
  busy: boolean;
  car: CarAnswers;
  answers: Partial<Record<AdjustmentKey, boolean>>;
  vehicle: LookedUpVehicle | null;
  offer: number | null;
  /** Why there is no online estimate; set instead of `offer`. */
  noEstimate: string | null;
}

export const initialTradeIn: TradeInState = {
  step: 0,
  leadId: null,
  errors: {},
  failure: null,
  busy: false,
  car: { rego: '', regoState: 'QLD', km: '' },
  answers: {},
  vehicle: null,
  offer: null,
  noEstimate: null,
};

export type TradeInAction =
  | { type: 'edit'; field: keyof CarAnswers; value: string }
  | { type: 'answer'; key: AdjustmentKey; value: boolean }
  | { type: 'invalid'; errors: Record<string, string> }
  | { type: 'sending' }
  | { type: 'failed'; message: string; errors?: Record<string, string> | undefined }
  | { type: 'settled' }
  | { type: 'contact-sent'; leadId: string }
  | { type: 'looked-up'; vehicle: LookedUpVehicle }
  | { type: 'valued'; offer: number | null; noEstimate: string | null }
  | { type: 'car-sent' };

export function tradeInReducer(state: TradeInState, action: TradeInAction): TradeInState {
  switch (action.type) {
    case 'edit':
      return { ...state, car: { ...state.car, [action.field]: action.value } };
    case 'answer':
      return { ...state, answers: { ...state.answers, [action.key]: action.value } };
    case 'invalid':
      return { ...state, errors: action.errors, failure: null };
    case 'sending':
      return { ...state, errors: {}, failure: null, busy: true };
    case 'failed':
      return {
        ...state,
        failure: action.message,
        errors: action.errors ?? state.errors,
        busy: false,
      };
    case 'settled':
      return { ...state, busy: false };
    case 'contact-sent':
      return { ...state, leadId: action.leadId, step: 1, busy: false };
    case 'looked-up':
      return { ...state, vehicle: action.vehicle };
    case 'valued':
      return {
        ...state,
        offer: action.offer,
        noEstimate: action.offer === null ? (action.noEstimate ?? NO_REASON) : null,
      };
    case 'car-sent':
      return { ...state, step: 2, busy: false };
  }
}

/** The car step's field messages, and the kilometres as a number when they are valid. */
export function checkCarAnswers(car: CarAnswers): { errors: Record<string, string>; km: number } {
  const errors: Record<string, string> = {};
  if (!car.rego.trim()) errors.rego = 'Please enter your registration number.';
  const km = Number(car.km.replace(/[^\d]/g, ''));
  if (!car.km.trim() || !Number.isFinite(km)) errors.km = 'Please enter the kilometres.';
  return { errors, km };
}

type JsonAnswer =
  | { status: number; data: Record<string, unknown> }
  | { status: 0; error: string; returned?: string | undefined };

/** The rego lookup's car, or the message to show when it failed. */
export function lookupOutcome(
  answer: JsonAnswer,
): { vehicle: LookedUpVehicle } | { failure: string } {
  if ('error' in answer) return { failure: answer.returned ?? LEAD_MESSAGES.multiStepFailed };
  if (answer.status !== 200)
    return { failure: String(answer.data.error ?? LEAD_MESSAGES.multiStepFailed) };
  return { vehicle: answer.data.vehicle as LookedUpVehicle };
}

/** The valuation's offer, or (offer null) the refusal the server gave, else `NO_REASON`. */
export function valuationOutcome(answer: JsonAnswer): {
  offer: number | null;
  noEstimate: string | null;
} {
  const offer =
    !('error' in answer) && answer.status === 200 ? Number(answer.data.offer_price) : null;
  if (offer !== null) return { offer, noEstimate: null };
  const refusal = !('error' in answer) && answer.status === 422 ? String(answer.data.error) : null;
  return { offer: null, noEstimate: refusal ?? NO_REASON };
}

/** The '2. Valuation' step's lead fields. */
export function valuationFields(
  car: CarAnswers,
  vehicle: LookedUpVehicle,
  km: number,
  answers: TradeInState['answers'],
  offer: number | null,
) {
  return {
    Rego: car.rego,
    regoState: car.regoState,
    year: vehicle.year,
    'Vehicle Make': vehicle.make,
    'Vehicle Model': vehicle.model,
    km,
    adjustmentAnswers: answers,
    ...(offer ? { offer_price: offer } : {}),
  };
}
