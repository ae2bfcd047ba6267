import { z } from 'zod';
import { isUuid } from '../ids.js';
import { queryText, queryValue } from './query.js';

/** Dashboard metrics and billing (spec part 1 §2 "Dashboard", §3 metrics and billing responses, §6). */

/** The dashboard chart's window. */
export const SERIES_MONTHS = 12;

export const BILLING_MESSAGES = {
  notConfigured: 'Billing not configured',
  noOrganisation: 'No organisation holds that payee key or ID.',
  enterOrganisation: 'Enter a payee key or an organisation ID.',
} as const;

const count = z.number().int();
const toDate = z.object({ ytd: count, mtd: count, today: count });

export const seriesPointSchema = z.object({
  month: z.string(),
  submissions: z.number().int(),
  inputs_rows: z.number().int(),
  stoppages_rows: z.number().int(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

/** Spec part 1 §3 "Dashboard metrics response", with the scope it covers and the chart's 12 months. */
export const dashboardMetricsResponseSchema = z.object({
  /** Platform-wide for super and system admins, otherwise the caller's organisation (spec part 1 §6). */
  scope: z.enum(['platform', 'organisation']),
  org_name: z.string().nullable(),
  submissions: z.object({ ytd: count, month: count, today: count }),
  /** Of those, submitted after their month's window closed. */
  late: z.object({ ytd: count, month: count, today: count }),
  /** Borrower rows ingested from inputs files. */
  inputs: toDate.extend({ payee_key: z.string().nullable() }),
  /** Borrower rows ingested from stoppages files. */
  stoppages: toDate,
  /** Approved members. */
  team_count: z.number().int(),
  /**
   * Disputes waiting, as the caller sees them (reviewers all, an organisation's admins its
   * own); null for a caller who sees none.
   */
  disputes: z.object({ open: count, answered: count }).nullable(),
  /** The last 12 months, oldest first, ending with the current month. */
  series: z.array(seriesPointSchema),
  as_of: z.string(),
});
export type DashboardMetrics = z.infer<typeof dashboardMetricsResponseSchema>;

export const PRICING_KINDS = ['per_upload', 'flat'] as const;
export type PricingKind = (typeof PRICING_KINDS)[number];

/** Spec part 1 §3 "Billing response", with what it was worked out from. Currency ZMW (spec part 2 §9). */
const configuredBillingSchema = z.object({
  configured: z.literal(true),
  scope: z.enum(['platform', 'organisation']),
  org_name: z.string().nullable(),
  plan: z.string(),
  pricing: z.enum(['per_upload', 'flat', 'mixed']),
  price_per_upload: z.number().nullable(),
  flat_fee: z.number().nullable(),
  currency: z.literal('ZMW'),
  /** The billing period: a calendar month (Zambia time). */
  period: z.string(),
  /** Uploads (submissions) this period. */
  usage: z.number().int(),
  amount_due: z.number(),
  /** The first day of the next period. */
  next_invoice: z.string(),
  /** Organisations billed (1 for an organisation). */
  organisations: z.number().int(),
});
export type BillingResponse = z.infer<typeof configuredBillingSchema>;

/**
 * GET /api/billing: the plan, or `configured: false` when no plan applies (no organisation, no plan
 * yet, a platform admin before any plan is set) — a normal state that reads 'Billing not configured'.
 */
export const billingResponseSchema = z.discriminatedUnion('configured', [
  configuredBillingSchema,
  z.object({ configured: z.literal(false), message: z.literal(BILLING_MESSAGES.notConfigured) }),
]);

/** The plan, or null when billing is not configured (the cards then show dashes). */
export const configuredBilling = (answer: z.infer<typeof billingResponseSchema>): BillingResponse | null => (answer.configured ? answer : null);

/** Positive, at most 2 decimals: amounts in ZMW. */
const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const amountSchema = (label: string) =>
  z
    .number({ message: `${label} must be a number.` })
    .positive(`${label} must be more than 0.`)
    .max(10_000_000, `${label} must be at most ZMW 10,000,000.`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals.`);

const planNameSchema = z.string({ message: 'Enter a plan name.' }).trim().min(1, 'Enter a plan name.').max(60, 'A plan name is at most 60 characters.');

/** PUT /api/admin/billing/{org_id}: a plan name and either a price per upload or a flat monthly fee. */
export const billingPlanRequestSchema = z.discriminatedUnion(
  'pricing',
  [
    z.object({ plan_name: planNameSchema, pricing: z.literal('per_upload'), price_per_upload: amountSchema('Price per upload') }),
    z.object({ plan_name: planNameSchema, pricing: z.literal('flat'), flat_fee: amountSchema('Flat fee') }),
  ],
  { message: 'Choose a price per upload or a flat fee.' },
);
export type BillingPlanRequest = z.infer<typeof billingPlanRequestSchema>;

export const billingPlanSchema = z.object({
  plan_name: z.string(),
  pricing: z.enum(PRICING_KINDS),
  price_per_upload: z.number().nullable(),
  flat_fee: z.number().nullable(),
  currency: z.literal('ZMW'),
  updated_at: z.string(),
  updated_by_email: z.string().nullable(),
});
export type BillingPlan = z.infer<typeof billingPlanSchema>;

export const billingOrganisationSchema = z.object({
  org_id: z.string(),
  org_name: z.string(),
  payee_key: z.string().nullable(),
  client_type: z.enum(['fi', 'pmec']),
});

/** GET /api/admin/billing?q= and PUT /api/admin/billing/{org_id}: an organisation and its plan. */
export const organisationBillingResponseSchema = z.object({
  organisation: billingOrganisationSchema,
  plan: billingPlanSchema.nullable(),
});
export type OrganisationBillingResponse = z.infer<typeof organisationBillingResponseSchema>;

/** GET /api/admin/billing?q=: an organisation id or payee key, as a platform admin types it. */
export const billingOrganisationQuerySchema = z.object({ q: queryText });

/** PUT /api/admin/billing/{org_id} */
export const billingPlanParamsSchema = z.object({
  org_id: queryValue((raw, refuse) => {
    if (!isUuid(raw ?? '')) refuse('Please enter a valid Organisation ID.', 'invalid_org_id');
    return raw ?? '';
  }),
});
