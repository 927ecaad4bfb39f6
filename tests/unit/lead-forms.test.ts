import { describe, expect, expectTypeOf, it } from 'vitest';
import { leadPageGate } from '../../src/domain/accounts';
import { leadEvent } from '../../src/domain/leads/events';
import {
  gatedLeadPages,
  LEAD_FORM_TABLE,
  LEAD_FORMS,
  leadForm,
  type LeadForm,
} from '../../src/domain/leads/forms';
import { leadFieldsSchema, rulesForForm } from '../../src/domain/leads/validation';
import { leadToAdf } from '../../api/outbox/adf';
import type { LeadPayload } from '../../api/outbox/payload';

const contact = {
  name: 'Sam',
  last_name: 'Lee',
  phone: '0412 345 678',
  email: 'sam@example.com',
  postcode: '3000',
};
const strictSite = { messageRequired: true, termsRequired: true, dealerships: 1 };
const relaxedSite = { messageRequired: false, termsRequired: false, dealerships: 1 };

/** The SPEC 5 field messages a form answers with for contact details alone, on a site that requires everything. */
function missingFields(form: LeadForm): string[] {
  const parsed = leadFieldsSchema(rulesForForm(form, strictSite, true)).safeParse({
    ...contact,
    terms_conditions: true,
  });
  return parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0]));
}

describe('the lead form table', () => {
  it('lists every form the API accepts, in the order of its error message', () => {
    expect(LEAD_FORMS).toEqual([
      'enquiry',
      'test_drive',
      'request_photos',
      'finance_enquiry',
      'finance_application',
      'trade_in',
      'reserve',
      'general',
    ]);
  });

  it('accepts only known form names (an unknown one fails to compile)', () => {
    expectTypeOf<'enquiry'>().toExtend<LeadForm>();
    expectTypeOf<'newsletter'>().not.toExtend<LeadForm>();
    // Checked by the typecheck: every function that decides by form name takes a LeadForm.
    expectTypeOf(leadEvent).parameter(0).toEqualTypeOf<LeadForm>();
    expectTypeOf(rulesForForm).parameter(0).toEqualTypeOf<LeadForm>();
    expect(LEAD_FORMS).not.toContain('newsletter');
  });

  it.each([
    ['enquiry', ['message']],
    ['general', ['message']],
    ['finance_enquiry', ['message']],
    ['test_drive', []],
    ['request_photos', []],
    ['finance_application', []],
    ['trade_in', []],
    ['reserve', []],
  ] as const)(
    '%s with contact details only is missing %j where the dealer requires comments',
    (form, missing) => {
      expect(missingFields(form)).toEqual(missing);
    },
  );

  it('fills in the General Enquiry category for the contact form and no other', () => {
    for (const form of LEAD_FORMS) {
      const parsed = leadFieldsSchema(rulesForForm(form, relaxedSite, false)).parse(contact);
      expect([form, parsed.category]).toEqual([
        form,
        form === 'general' ? 'General Enquiry' : undefined,
      ]);
    }
  });

  it('requires the terms box only where the dealer does, and shows it on the test drive form everywhere', () => {
    for (const form of LEAD_FORMS) {
      expect(rulesForForm(form, relaxedSite, true).termsRequired).toBe(false);
      expect(rulesForForm(form, strictSite, true).termsRequired).toBe(true);
    }
    expect(LEAD_FORMS.filter((form) => leadForm(form).termsAlwaysShown)).toEqual(['test_drive']);
  });

  it.each([
    ['enquiry', { car_type: 'new' }, 14],
    ['enquiry', { car_type: 'used' }, 15],
    ['enquiry', null, 22],
    ['request_photos', { car_type: 'used' }, 15],
    ['finance_enquiry', { car_type: 'demo' }, 14],
    ['finance_enquiry', null, 22],
    ['test_drive', { car_type: 'new' }, 17],
    ['test_drive', { car_type: 'used' }, 48],
    ['test_drive', { car_type: 'used', tag: 'Test Drive Only' }, 17],
    ['test_drive', null, 17],
    ['finance_application', null, 22],
    ['finance_application', { car_type: 'used' }, undefined],
    ['general', null, 22],
    ['general', { car_type: 'new' }, undefined],
    ['reserve', { car_type: 'new' }, undefined],
    ['trade_in', null, undefined],
    ['trade_in', { car_type: 'used' }, undefined],
  ] as const)('%s about %j fires analytics event %s', (form, car, event) => {
    expect(leadEvent(form, car)).toBe(event);
  });

  it.each([
    ['enquiry', 'buy'],
    ['test_drive', 'test-drive'],
    ['trade_in', 'trade-in'],
    ['finance_application', 'buy'],
  ] as const)('a %s lead reaches the CRM as vehicle interest "%s"', (form, interest) => {
    const lead: LeadPayload = {
      lead_id: '6f1c0c1e-8f3a-4b7e-9d0a-2b1f5e7c9a10',
      site: {
        slug: 'bayside-toyota',
        name: 'Bayside Toyota',
        url: 'https://bayside.example',
        email: 'sales@bayside.example',
        phone: '03 9000 0000',
      },
      form,
      category: null,
      subcategory: null,
      submitted_at: '2026-11-26T10:00:00.000Z',
      customer: {
        first_name: 'Sam',
        last_name: 'Lee',
        email: 'sam@example.com',
        phone: '0412345678',
        postcode: '3000',
      },
      message: null,
      car: null,
      fields: {},
    };
    expect(leadToAdf(lead)).toContain(`<vehicle interest="${interest}"`);
  });

  it('gates each lead page with its own sign-in kind, only where the site lists that kind', () => {
    expect(Object.fromEntries(gatedLeadPages())).toEqual({
      '/finance': 'finance',
      '/finance-enquiry': 'finance',
      '/personalised/finance': 'car-finance',
      '/apply-for-finance': 'car-finance',
      '/trade-in': 'trade-in',
      '/cars/trade-in': 'trade-in',
      '/sell-my-car': 'sell-my-car',
    });
    expect(leadPageGate('/sell-my-car', ['trade-in'])).toBeUndefined();
    expect(leadPageGate('/sell-my-car', ['sell-my-car'])).toBe('sell-my-car');
  });

  it('gives every form a button label, and the forms with their own heading a distinct one', () => {
    for (const form of LEAD_FORMS) expect(leadForm(form).submitLabel.length).toBeGreaterThan(0);
    expect(LEAD_FORM_TABLE.finance_application).toMatchObject({
      heading: 'Apply for Finance',
      submitLabel: 'Apply Now',
    });
    expect(LEAD_FORM_TABLE.finance_enquiry).toMatchObject({
      heading: 'Finance Enquiry',
      submitLabel: 'Send Enquiry',
    });
    expect(LEAD_FORM_TABLE.general).toMatchObject({
      heading: 'Send Us a Message',
      submitLabel: 'Send Enquiry',
    });
  });
});
