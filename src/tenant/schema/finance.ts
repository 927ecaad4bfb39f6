import { z } from 'zod';

/**
 * Settings of one finance provider (a key of the cars' finance_lenders, e.g. "stratton"). The
 * calculator's limits, fees and rounding differ by lender, so they live here, not in code.
 */
export const FinanceProviderSchema = z
  .object({
    name: z
      .string()
      .optional()
      .describe(
        'Name shown in disclaimers when the lender figures give none, e.g. "Stratton Finance".',
      ),
    min_amount: z
      .number()
      .min(0)
      .default(1000)
      .describe(
        'Smallest purchase price the calculator accepts (SPEC: 1,000; 5,000 for one provider).',
      ),
    rate_min: z
      .number()
      .min(0)
      .default(0.5)
      .describe(
        'Lowest interest rate (%) the calculator accepts (SPEC: 0.5; 7.5 for one provider).',
      ),
    rate_max: z
      .number()
      .min(0)
      .default(15)
      .describe(
        'Highest interest rate (%) the calculator accepts (SPEC: 15; 14.5 for one provider).',
      ),
    establishment_fee: z
      .number()
      .min(0)
      .default(0)
      .describe(
        'Establishment fee added to the loan when the lender figures give none (SPEC: 0; 1,360.5 or 1,300 for some providers).',
      ),
    rounding_threshold: z
      .number()
      .gt(0)
      .max(1)
      .default(0.5)
      .describe(
        'The shown repayment (whole dollars) rounds up when its cents reach this fraction of a dollar, else down. 0.5 is normal rounding.',
      ),
    comparison_rate_range: z
      .tuple([z.number(), z.number()])
      .optional()
      .describe(
        'Comparison rates quoted as "from A% to B%" (SPEC: 8.38 and 19.42 for one provider); else taken from the disclaimer percentages.',
      ),
    max_age_years: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe(
        'Finance shows only for cars built within this many years (SPEC: 12 for one provider).',
      ),
    requires_comparison_rate: z
      .boolean()
      .default(false)
      .describe('Finance shows only when the lender gives a comparison rate (stricter providers).'),
  })
  .strict();

/** The fee list some variants show under the calculator (SPEC 9: establishment $395, ...). */
export const FinanceFeeSchema = z
  .object({ label: z.string().min(1), amount: z.number().min(0) })
  .strict();

/** The vehicle page's Finance Calculator panel: which variant and which limits this site uses. */
export const FinanceCalculatorSchema = z
  .object({
    variant: z
      .enum(['enquire_link', 'enquiry_modal'])
      .default('enquire_link')
      .describe(
        '"enquire_link": blue "Enquire Now" link to the finance page; "enquiry_modal": green "Get Finance Now" opening the "Finance Enquiry" form.',
      ),
    min_amount: z
      .number()
      .min(0)
      .optional()
      .describe("Overrides the provider's smallest purchase price for this site."),
    max_amount: z
      .number()
      .min(1)
      .default(250000)
      .describe('Largest purchase price the field accepts.'),
    slider_max: z.number().min(1).default(100000).describe('Upper end of the loan amount slider.'),
    slider_follows_price: z
      .boolean()
      .default(false)
      .describe(
        'When the car costs over 100,000, the slider goes up to 105% of its price (one SPEC site).',
      ),
    slider_step: z.number().gt(0).default(500),
    default_amount: z
      .number()
      .min(0)
      .default(30000)
      .describe('Purchase price the calculator starts at when the car has no price.'),
    term_max: z
      .number()
      .min(1)
      .max(7)
      .default(7)
      .describe('Longest loan term in years (SPEC: 7; 5 on some sites).'),
    rate_min: z
      .number()
      .min(0)
      .optional()
      .describe("Overrides the provider's lowest rate (SPEC: 4 in one variant)."),
    rate_max: z
      .number()
      .min(0)
      .optional()
      .describe("Overrides the provider's highest rate (SPEC: 20 in one variant)."),
    hide_interest_rate: z
      .boolean()
      .default(false)
      .describe('Hide the "Interest rate in %" input (one SPEC variant).'),
    hide_residual: z
      .boolean()
      .default(false)
      .describe('Hide the "Residual repayment (optional)" input (one SPEC variant).'),
    hide_disclaimer_toggle: z
      .boolean()
      .default(false)
      .describe(
        'Show the disclaimer in full, without "Show More" / "Show Less" (one SPEC variant).',
      ),
    fee_list: z
      .array(FinanceFeeSchema)
      .default([])
      .describe('Fees listed under the calculator (one SPEC variant).'),
    empty_when_ineligible: z
      .boolean()
      .default(false)
      .describe(
        'One SPEC variant: for a car not eligible for finance (the finance display rules fail) the calculator returns empty values (no repayment, no total), unless the provider is `ineligible_exempt_provider`.',
      ),
    ineligible_exempt_provider: z
      .string()
      .optional()
      .describe(
        'The named finance provider (a finance_lenders key, e.g. "stratton") whose calculator still quotes cars that are not eligible.',
      ),
  })
  .strict();

/** Finance settings; lender figures come with each car (finance_lenders). */
export const FinanceSchema = z
  .object({
    enabled: z.boolean().default(true).describe('Show finance estimates and the calculator.'),
    provider: z
      .string()
      .optional()
      .describe('Key of the car\'s finance_lenders entry to use, for example "stratton".'),
    default_rate: z
      .number()
      .min(0.5)
      .max(20)
      .default(10)
      .describe('Interest rate (%) used when the lender gives none.'),
    default_term_years: z.number().min(1).max(7).default(5),
    hidden_makes: z
      .array(z.string())
      .default([])
      .describe('Makes for which finance is never shown.'),
    hidden_dealerships: z
      .array(z.string())
      .default([])
      .describe('Dealership slugs whose cars never show finance.'),
    calculator: FinanceCalculatorSchema.prefault({}),
    providers: z
      .record(z.string(), FinanceProviderSchema)
      .default({})
      .describe(
        'Per-lender settings keyed like finance_lenders ("stratton", "youx"); a lender not listed gets the SPEC defaults.',
      ),
  })
  .strict();

export type Finance = z.output<typeof FinanceSchema>;
export type FinanceProvider = z.output<typeof FinanceProviderSchema>;
export type FinanceCalculator = z.output<typeof FinanceCalculatorSchema>;
