import { describe, expect, it } from 'vitest';
import { phoneForCar, phoneForLocation } from '../../src/domain/phone';
import { PhonesSchema } from '../../src/tenant/schema/phones';

const tenant = (phones: Record<string, unknown> = {}, dealerPhone?: string) => ({
  phones: PhonesSchema.parse(phones),
  dealer: { phone: dealerPhone },
});
const car = {
  car_type: 'used' as const,
  location_id: '7',
  location: { id: '7', name: 'Cleveland', phone: '07 5550 6130' },
};
const cleveland = { id: '7', contact_detail: { phone: '07 5550 6131', opening_hours: [] } };

describe('phone for a car (Call Now) and for its location block', () => {
  it('Call Now: the per-location override, then the car-type number, then the location phone, then the defaults', () => {
    expect(
      phoneForCar(car, tenant({ used: '07 5550 6102', by_location: { '7': '07 5550 6199' } })),
    ).toBe('07 5550 6199');
    expect(phoneForCar(car, tenant({ used: '07 5550 6102', default: '1300 000 000' }))).toBe(
      '07 5550 6102',
    );
    expect(phoneForCar(car, tenant({ new: '07 5550 6101', default: '1300 000 000' }))).toBe(
      '07 5550 6130',
    );
    expect(
      phoneForCar(
        { ...car, location: undefined, location_id: undefined },
        tenant({ default: '1300 000 000' }, '07 5550 6100'),
      ),
    ).toBe('1300 000 000');
    expect(
      phoneForCar(
        { ...car, location: undefined, location_id: undefined },
        tenant({}, '07 5550 6100'),
      ),
    ).toBe('07 5550 6100');
  });

  it("the Vehicle Location block shows that location's own number, not the car-type one", () => {
    const withTypeNumber = tenant({ used: '07 5550 6102' });
    expect(phoneForCar(car, withTypeNumber)).toBe('07 5550 6102');
    expect(phoneForLocation(car, cleveland, withTypeNumber)).toBe('07 5550 6131');
    // Without the locations feed's record, the car's copy of its location.
    expect(phoneForLocation(car, undefined, withTypeNumber)).toBe('07 5550 6130');
    // The tenant's override for the location wins, as it does for Call Now.
    expect(phoneForLocation(car, cleveland, tenant({ by_location: { '7': '07 5550 6199' } }))).toBe(
      '07 5550 6199',
    );
    // A location with no number at all: the car's number.
    expect(
      phoneForLocation(
        { ...car, location: undefined },
        { id: '7', contact_detail: { opening_hours: [] } },
        withTypeNumber,
      ),
    ).toBe('07 5550 6102');
  });
});
