import { describe, expect, it } from 'vitest';
import { testDriveSlots, timeZoneForState } from '../../src/domain/leads/slots';
import { estimateTradeIn, lookupRego, NO_ESTIMATE_MESSAGE } from '../../src/domain/leads/trade-in';
import { leadFieldsSchema, normaliseMobile } from '../../src/domain/leads/validation';

describe('Australian mobile numbers', () => {
  it.each([
    ['0412 345 678', '0412345678'],
    ['+61 412 345 678', '0412345678'],
    ['61412345678', '0412345678'],
    ['(04) 1234-5678', '0412345678'],
    ['07 3000 1234', undefined],
    ['041234567', undefined],
    ['+1 412 345 678', undefined],
  ])('%s -> %s', (input, expected) => expect(normaliseMobile(input)).toBe(expected));
});

describe('lead form rules (SPEC 5)', () => {
  const valid = {
    name: 'Jo',
    last_name: 'Citizen',
    phone: '0412345678',
    email: 'jo@example.com',
    postcode: '4000',
    message: 'Hi',
  };
  const rules = { messageRequired: true, termsRequired: false, dealershipRequired: false };
  it.each([
    [
      'postcode of 3 digits',
      { postcode: '400' },
      'postcode',
      'Invalid postcode. Please enter a 4-digit number.',
    ],
    [
      'postcode with letters',
      { postcode: '40a0' },
      'postcode',
      'Invalid postcode. Please enter a 4-digit number.',
    ],
    ['empty comments', { message: '' }, 'message', 'Please enter your comments.'],
    [
      'bad e-mail',
      { email: 'jo@example' },
      'email',
      'Please enter a valid email address, like name@example.com.',
    ],
  ])('%s', (_name, change, field, message) => {
    const result = leadFieldsSchema(rules).safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });
  it('makes Comments optional when the dealer turns it off; Rego and opt_in are optional', () => {
    expect(
      leadFieldsSchema({ ...rules, messageRequired: false }).safeParse({ ...valid, message: '' })
        .success,
    ).toBe(true);
    expect(
      leadFieldsSchema(rules).safeParse({ ...valid, Rego: 'ABC123', opt_in: true }).success,
    ).toBe(true);
  });
  it('defaults the category to General Enquiry where a category is required', () => {
    expect(leadFieldsSchema({ ...rules, categoryRequired: true }).parse(valid).category).toBe(
      'General Enquiry',
    );
  });
});

describe('test-drive slots from opening hours', () => {
  const hours = [
    { weekday: 1, status: 'Open' as const, open: '08:00', close: '11:00' },
    { weekday: 2, status: 'Open' as const, open: '09:30', close: '11:30' },
    { weekday: 0, status: 'Closed' as const },
  ];
  // Sunday 22 November 2026, 10:00 in Brisbane.
  const now = Date.parse('2026-11-22T00:00:00Z');
  it('gives hourly slots from opening to an hour before closing, local time with offset, skipping closed days', () => {
    const slots = testDriveSlots({ hours, now, days: 3, timeZone: 'Australia/Brisbane' });
    expect(slots.map((slot) => slot.start)).toEqual([
      '2026-11-23T08:00:00+10:00',
      '2026-11-23T09:00:00+10:00',
      '2026-11-23T10:00:00+10:00',
      '2026-11-24T09:30:00+10:00',
      '2026-11-24T10:30:00+10:00',
    ]);
  });
  it('uses special hours on their date (closed or shorter)', () => {
    const special = [
      { date: '2026-11-23', status: 'Closed' as const },
      { date: '2026-11-24', status: 'Open' as const, start: '10:00', end: '11:00' },
    ];
    expect(
      testDriveSlots({ hours, special, now, days: 3, timeZone: 'Australia/Brisbane' }).map(
        (slot) => slot.start,
      ),
    ).toEqual(['2026-11-24T10:00:00+10:00']);
  });
  it('knows daylight saving in Sydney and the state time zones', () => {
    expect(testDriveSlots({ hours, now, days: 1, timeZone: 'Australia/Sydney' })[0]?.start).toBe(
      '2026-11-23T08:00:00+11:00',
    );
    expect(timeZoneForState('WA')).toBe('Australia/Perth');
  });
});

describe('trade-in estimate', () => {
  it('finds the same car for the same plate every time', () => {
    expect(lookupRego('abc 123', 'QLD', 2026)).toEqual(lookupRego('ABC123', 'qld', 2026));
  });
  it.each([
    ['8 years old', 2018, 20_000],
    ['over 100,000 km', 2024, 100_001],
  ])('gives no online estimate for a car %s', (_name, year, km) => {
    expect(estimateTradeIn({ year, make: 'Toyota', model: 'Corolla' }, km, {}, 2026)).toEqual({
      ok: false,
      error: NO_ESTIMATE_MESSAGE,
    });
  });
  it('values a 7-year-old car at 100,000 km, and lowers the offer for each problem', () => {
    const clean = estimateTradeIn(
      { year: 2019, make: 'Toyota', model: 'Corolla' },
      100_000,
      {},
      2026,
    );
    const damaged = estimateTradeIn(
      { year: 2019, make: 'Toyota', model: 'Corolla' },
      100_000,
      { accident_damage: true },
      2026,
    );
    expect(clean).toEqual({ ok: true, offer_price: 4200 });
    expect(damaged.ok && clean.ok && damaged.offer_price < clean.offer_price).toBe(true);
  });
});
