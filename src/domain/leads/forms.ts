import type { SignInKind } from '../accounts';

/** What a sent lead form counts as in SPEC 7 analytics (see leadEvent). */
export type LeadEventRule =
  /** 14 new or 15 used enquiry about a car; 22 general without one. */
  | 'car enquiry'
  /** 17 new test drive (or a car tagged 'Test Drive Only'), 48 used; with or without a car. */
  | 'test drive'
  /** 22 general without a car; nothing when it is about a car. */
  | 'general enquiry'
  /** No event (the form fires its own, like the trade-in offer). */
  | 'none';

/** One lead form: everything the forms, the API, the CRM export and the pages decide by form name. */
export interface LeadFormSpec {
  /** The Comments box is the point of the form: required unless the dealer turns it off (SPEC 5). */
  messageRequired: boolean;
  /** Label of the Comments box. */
  messageLabel: string;
  /** A category is required (General Enquiry is the default). */
  categoryRequired: boolean;
  /** The terms box shows on every site (optional unless the dealer requires it), not only where required. */
  termsAlwaysShown: boolean;
  /** ADF/XML `vehicle interest` for dealer CRMs. */
  adfInterest: 'buy' | 'test-drive' | 'trade-in';
  event: LeadEventRule;
  /** Heading over the form where the page shows one, and its submit button. */
  heading?: string;
  submitLabel: string;
  /** The pages that show this form and can be gated behind sign-in, with the kind each signs in with (SPEC 6). */
  gatedPages: Readonly<Record<string, SignInKind>>;
}

/**
 * Every lead form. The key is the `form` value the browser sends to POST /api/leads; adding a form
 * is one entry here and one page that shows it.
 */
export const LEAD_FORM_TABLE = {
  enquiry: {
    messageRequired: true,
    messageLabel: 'Comments',
    categoryRequired: false,
    termsAlwaysShown: false,
    adfInterest: 'buy',
    event: 'car enquiry',
    submitLabel: 'Send Enquiry',
    gatedPages: {},
  },
  test_drive: {
    messageRequired: false,
    messageLabel: 'Message (optional)',
    categoryRequired: false,
    termsAlwaysShown: true,
    adfInterest: 'test-drive',
    event: 'test drive',
    heading: 'Book a Test Drive',
    submitLabel: 'Book a Test Drive',
    gatedPages: {},
  },
  request_photos: {
    messageRequired: false,
    messageLabel: 'Message (optional)',
    categoryRequired: false,
    termsAlwaysShown: false,
    adfInterest: 'buy',
    event: 'car enquiry',
    heading: 'Request Photos',
    submitLabel: 'Request Photos',
    gatedPages: {},
  },
  finance_enquiry: {
    messageRequired: true,
    messageLabel: 'Comments',
    categoryRequired: false,
    termsAlwaysShown: false,
    adfInterest: 'buy',
    event: 'car enquiry',
    heading: 'Finance Enquiry',
    submitLabel: 'Send Enquiry',
    // /finance-enquiry is the finance page's twin; /personalised/finance applies for one car.
    gatedPages: {
      '/finance': 'finance',
      '/finance-enquiry': 'finance',
      '/personalised/finance': 'car-finance',
    },
  },
  finance_application: {
    messageRequired: false,
    messageLabel: 'Comments',
    categoryRequired: false,
    termsAlwaysShown: false,
    adfInterest: 'buy',
    event: 'general enquiry',
    heading: 'Apply for Finance',
    submitLabel: 'Apply Now',
    gatedPages: { '/apply-for-finance': 'car-finance' },
  },
  trade_in: {
    messageRequired: false,
    messageLabel: 'Comments',
    categoryRequired: false,
    termsAlwaysShown: false,
    adfInterest: 'trade-in',
    event: 'none',
    heading: 'Your details',
    submitLabel: 'Next: Your Car',
    gatedPages: {
      '/trade-in': 'trade-in',
      '/cars/trade-in': 'trade-in',
      '/sell-my-car': 'sell-my-car',
    },
  },
  reserve: {
    messageRequired: false,
    messageLabel: 'Comments (optional)',
    categoryRequired: false,
    termsAlwaysShown: false,
    adfInterest: 'buy',
    event: 'general enquiry',
    submitLabel: 'Reserve Car Now',
    gatedPages: {},
  },
  general: {
    messageRequired: true,
    messageLabel: 'Comments',
    categoryRequired: true,
    termsAlwaysShown: false,
    adfInterest: 'buy',
    event: 'general enquiry',
    heading: 'Send Us a Message',
    submitLabel: 'Send Enquiry',
    gatedPages: {},
  },
} as const satisfies Record<string, LeadFormSpec>;

/** A lead form's name; any other string fails to compile. */
export type LeadForm = keyof typeof LEAD_FORM_TABLE;

/** The form names, in the order the API lists them in its error message. */
// Marked pure so a bundle that imports this module for something else does not load the table.
export const LEAD_FORMS = /* @__PURE__ */ Object.keys(LEAD_FORM_TABLE) as [LeadForm, ...LeadForm[]];

/** A page that shows a lead form and can be gated behind sign-in. */
export type GatedLeadPage = {
  [F in LeadForm]: keyof (typeof LEAD_FORM_TABLE)[F]['gatedPages'];
}[LeadForm];

/** Every gated lead page with the sign-in kind it signs in with. */
export function gatedLeadPages(): [GatedLeadPage, SignInKind][] {
  return Object.values(LEAD_FORM_TABLE).flatMap((form) => Object.entries(form.gatedPages)) as [
    GatedLeadPage,
    SignInKind,
  ][];
}

/** Whether a stored or received name is one of the forms. */
export function isLeadForm(name: string): name is LeadForm {
  return Object.hasOwn(LEAD_FORM_TABLE, name);
}

/** The table entry of one form. */
export function leadForm(form: LeadForm): LeadFormSpec {
  return LEAD_FORM_TABLE[form];
}
