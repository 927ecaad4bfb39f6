import { z } from 'zod';
import { TEXT_MESSAGES, textProblem } from '../plain-text';
import { LEAD_FORM_TABLE, LEAD_FORMS, type LeadForm } from './forms';
import { GENERAL_ENQUIRY, LEAD_MESSAGES as M } from './messages';

/** The per-site and per-form switches of SPEC 5 that decide which fields are required. */
export interface LeadRules {
  /** Comments required (SPEC 5: unless the dealer turns it off, or the form does not ask). */
  messageRequired: boolean;
  termsRequired: boolean;
  /** More than one dealership on the site: the shopper must pick one. */
  dealershipRequired: boolean;
  /** The form shows a location picker. */
  locationRequired?: boolean;
  /** The form's category rule (LEAD_FORM_TABLE). */
  categoryRequired?: boolean;
}

/** Australian mobile: 04xx xxx xxx or +61 4xx xxx xxx; spaces, dashes and brackets are ignored. */
export function normaliseMobile(value: string): string | undefined {
  const digits = value.replace(/[\s()-]/g, '');
  const match = /^(?:\+?61|0)(4\d{8})$/.exec(digits);
  return match ? `0${match[1]}` : undefined;
}

// Every text field: no control characters (src/domain/plain-text.ts); line breaks only in a multi-line one.
const plain = (multiLine: boolean) =>
  [
    (value: string) => textProblem(value, multiLine) === undefined,
    multiLine ? TEXT_MESSAGES.multiLine : TEXT_MESSAGES.oneLine,
  ] as const;
const text = (max: number, multiLine = false) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong(max))
    .refine(...plain(multiLine));
const required = (message: string, max = 100, multiLine = false) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, M.tooLong(max))
    .refine(...plain(multiLine));
const optionalText = (max = 200) => text(max).optional().nullable();

const mobile = z
  .string({ error: M.phone })
  .refine((value) => normaliseMobile(value) !== undefined, M.phone)
  .transform((value) => normaliseMobile(value)!);
const email = z.string({ error: M.email }).trim().max(254, M.email).pipe(z.email(M.email));
const postcode = z
  .string({ error: M.postcode })
  .trim()
  .regex(/^\d{4}$/, M.postcode);
const checked = (message: string) => z.literal(true, { error: message });

/** Extra SPEC 3 lead form fields a form may send; all optional, all short. */
const optionalFields = {
  Rego: optionalText(20),
  regoState: optionalText(10),
  location: optionalText(),
  location_id: z
    .union([z.string().max(50), z.number()])
    .optional()
    .nullable(),
  dealership_id: z
    .union([z.string().max(50), z.number()])
    .optional()
    .nullable(),
  dealership_name: optionalText(),
  opt_in: z.boolean().optional().nullable(),
  manufacturer_slug: optionalText(),
  stock_number: optionalText(50),
  'Vehicle Make': optionalText(80),
  'Vehicle Model': optionalText(80),
  car_type: optionalText(20),
  vehicle_status: optionalText(40),
  page_id: optionalText(80),
  additional_services: z.array(text(100)).max(20).optional().nullable(),
  autogauge_enabled: z.boolean().optional().nullable(),
  hidden: optionalText(500),
  // Finance page query values (SPEC 2 finance link).
  preferredDealership: optionalText(),
  vehiclePriceBudget: optionalText(40),
  vin: optionalText(40),
  appointment: z.iso.datetime({ offset: true, error: M.appointment }).optional().nullable(),
  year: z.number().int().min(1900).max(2100).optional().nullable(),
  km: z.number().int().min(0).max(2_000_000).optional().nullable(),
  adjustmentAnswers: z
    .record(z.string().max(80), z.union([z.string().max(200), z.boolean(), z.number()]))
    .optional()
    .nullable(),
  offer_price: z.number().min(0).max(10_000_000).optional().nullable(),
  offer_accepted: z.boolean().optional().nullable(),
};

/** The contact and enquiry fields of one lead form under `rules`. Shared by the forms and POST /api/leads. */
export function leadFieldsSchema(rules: LeadRules) {
  return z
    .object({
      name: required(M.name),
      last_name: required(M.lastName),
      phone: mobile,
      email,
      postcode,
      message: rules.messageRequired
        ? required(M.message, 5000, true)
        : text(5000, true).optional().nullable(),
      category: rules.categoryRequired
        ? required(M.category).default(GENERAL_ENQUIRY)
        : optionalText(),
      subcategory: optionalText(),
      dealership_slug: rules.dealershipRequired ? required(M.dealership) : optionalText(),
      terms_conditions: rules.termsRequired ? checked(M.terms) : z.boolean().optional().nullable(),
      ...optionalFields,
      ...(rules.locationRequired ? { location: required(M.location) } : {}),
    })
    .strict();
}

export type LeadFields = z.output<ReturnType<typeof leadFieldsSchema>>;

/**
 * The body of POST /api/leads (see the API conventions). A continuation step of a multi-step lead
 * (with lead_id) sends only that step's fields, so its fields are checked as a partial.
 */
export function leadBodySchema(rules: LeadRules) {
  // zod 4 compiles each new object schema on first use: building one per request cost the API
  // most of its time per lead, so each distinct set of rules gets its schema once.
  const key = JSON.stringify([
    rules.messageRequired,
    rules.termsRequired,
    rules.dealershipRequired,
    rules.locationRequired,
    rules.categoryRequired,
  ]);
  let schema = bodySchemas.get(key);
  if (!schema) bodySchemas.set(key, (schema = buildLeadBodySchema(rules)));
  return schema;
}

const bodySchemas = new Map<string, ReturnType<typeof buildLeadBodySchema>>();

function buildLeadBodySchema(rules: LeadRules) {
  const fields = leadFieldsSchema(rules);
  return z
    .object({
      form: z.enum(LEAD_FORMS, { error: `form must be one of ${LEAD_FORMS.join(', ')}.` }),
      idempotency_key: z
        .string({ error: 'idempotency_key is required.' })
        .regex(
          /^[A-Za-z0-9_-]{8,100}$/,
          'idempotency_key must be 8 to 100 letters, digits, - or _.',
        ),
      started_at: z
        .number({ error: 'started_at must be the time the form was shown, in milliseconds.' })
        .int()
        .nonnegative(),
      submitted_at: z.number().int().nonnegative().optional(),
      // The honeypot: any value at all means a bot, so none is refused here (an error would name the field).
      website: z.unknown().optional(),
      car_id: z
        .union([z.string().max(80), z.number().int()])
        .optional()
        .nullable(),
      category: optionalText(),
      subcategory: optionalText(),
      lead_id: z.uuid('lead_id must be the id a previous step returned.').optional().nullable(),
      isLastStep: z.boolean().default(true),
      fields: z.record(z.string(), z.unknown(), {
        error: 'fields must be an object of form fields.',
      }),
    })
    .strict()
    .transform((body, context) => {
      const schema = body.lead_id ? fields.partial() : fields;
      const parsed = schema.safeParse({ category: body.category ?? undefined, ...body.fields });
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          context.addIssue({ ...issue, path: ['fields', ...issue.path] } as never);
        return z.NEVER;
      }
      return { ...body, fields: parsed.data as Partial<LeadFields> };
    });
}

/** zod issues as `{ field: message }`: the first message per field (a nested field by its last key). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path[0] === 'fields' ? issue.path.slice(1) : issue.path;
    const key = path.length ? String(path[0]) : '_';
    if (issue.code === 'unrecognized_keys') {
      for (const unknownKey of issue.keys)
        errors[unknownKey] ??= `${unknownKey} is not a field of this form.`;
      continue;
    }
    errors[key] ??= issue.message;
  }
  return errors;
}

/** SPEC 5 rules for one form on one site; the same on the page and in the API. A lead about a car already has its dealership. */
export function rulesForForm(
  form: LeadForm,
  site: { messageRequired: boolean; termsRequired: boolean; dealerships: number },
  hasCar: boolean,
): LeadRules {
  return {
    messageRequired: site.messageRequired && LEAD_FORM_TABLE[form].messageRequired,
    termsRequired: site.termsRequired,
    dealershipRequired: !hasCar && site.dealerships > 1,
    categoryRequired: LEAD_FORM_TABLE[form].categoryRequired,
  };
}
