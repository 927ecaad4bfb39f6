import { describe, expect, it } from 'vitest';
import {
  checkCarAnswers,
  initialTradeIn,
  lookupOutcome,
  NO_REASON,
  tradeInReducer,
  valuationFields,
  valuationOutcome,
  type TradeInAction,
  type TradeInState,
} from '../../src/domain/leads/trade-in-flow';

const run = (...actions: TradeInAction[]): TradeInState =>
  actions.reduce(tradeInReducer, initialTradeIn);

describe('trade-in flow (SPEC 4)', () => {
  it('goes from details to the car once the first step has a lead id, keeping it for the next steps', () => {
    const state = run({ type: 'sending' }, { type: 'contact-sent', leadId: 'L-1' });
    expect(state).toMatchObject({ step: 1, leadId: 'L-1', busy: false, failure: null });
  });

  it('shows a failed step with the server message and field errors, and lets the shopper try again', () => {
    const failed = run(
      { type: 'sending' },
      {
        type: 'failed',
        message: 'An unexpected error occured',
        errors: { email: 'Please enter a valid email.' },
      },
    );
    expect(failed).toMatchObject({
      step: 0,
      busy: false,
      failure: 'An unexpected error occured',
      errors: { email: 'Please enter a valid email.' },
    });
    expect(tradeInReducer(failed, { type: 'sending' })).toMatchObject({
      failure: null,
      errors: {},
      busy: true,
    });
  });

  it('asks for the plate and the kilometres in plain words, and reads "85,000 km" as 85000', () => {
    expect(checkCarAnswers({ rego: ' ', regoState: 'QLD', km: '' }).errors).toEqual({
      rego: 'Please enter your registration number.',
      km: 'Please enter the kilometres.',
    });
    expect(checkCarAnswers({ rego: 'ABC123', regoState: 'QLD', km: '85,000 km' })).toEqual({
      errors: {},
      km: 85000,
    });
  });

  it('keeps what the shopper typed and ticked on the car step', () => {
    const state = run(
      { type: 'edit', field: 'rego', value: 'XYZ789' },
      { type: 'edit', field: 'regoState', value: 'VIC' },
      { type: 'answer', key: 'tyres_worn', value: true },
    );
    expect(state.car).toEqual({ rego: 'XYZ789', regoState: 'VIC', km: '' });
    expect(state.answers).toEqual({ tyres_worn: true });
  });

  it("ends with an offer, or with the reason there is none (the server's, else a plain one)", () => {
    expect(valuationOutcome({ status: 200, data: { offer_price: 18_400 } })).toEqual({
      offer: 18_400,
      noEstimate: null,
    });
    expect(
      valuationOutcome({ status: 422, data: { error: 'Too old for an online estimate.' } }),
    ).toEqual({
      offer: null,
      noEstimate: 'Too old for an online estimate.',
    });
    expect(valuationOutcome({ status: 0, error: 'offline' })).toEqual({
      offer: null,
      noEstimate: NO_REASON,
    });
    const noOffer = run({ type: 'valued', offer: null, noEstimate: null }, { type: 'car-sent' });
    expect(noOffer).toMatchObject({ step: 2, offer: null, noEstimate: NO_REASON });
  });

  it("names a failed plate lookup with the server's error or SPEC 8's fallback", () => {
    expect(
      lookupOutcome({ status: 404, data: { error: 'No car is registered to that plate.' } }),
    ).toEqual({ failure: 'No car is registered to that plate.' });
    expect(lookupOutcome({ status: 0, error: 'offline' })).toEqual({
      failure: 'An unexpected error occured',
    });
    expect(
      lookupOutcome({
        status: 200,
        data: { vehicle: { year: 2021, make: 'Mazda', model: 'CX-5' } },
      }),
    ).toEqual({
      vehicle: { year: 2021, make: 'Mazda', model: 'CX-5' },
    });
  });

  it("sends the car and the offer as the '2. Valuation' step's fields, leaving out an offer there is none of", () => {
    const vehicle = { year: 2021, make: 'Mazda', model: 'CX-5' };
    const car = { rego: 'ABC123', regoState: 'NSW', km: '40000' };
    expect(valuationFields(car, vehicle, 40_000, { accident_damage: true }, 21_300)).toEqual({
      Rego: 'ABC123',
      regoState: 'NSW',
      year: 2021,
      'Vehicle Make': 'Mazda',
      'Vehicle Model': 'CX-5',
      km: 40_000,
      adjustmentAnswers: { accident_damage: true },
      offer_price: 21_300,
    });
    expect(valuationFields(car, vehicle, 40_000, {}, null)).not.toHaveProperty('offer_price');
  });
});
