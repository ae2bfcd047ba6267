import { z } from 'zod';
import { nrcDigits } from '../rules/nrc.js';

/**
 * Borrower history, dashboard metrics and billing (spec part 2 §2 "Borrower History", §5, §8, §9;
 * part 1 §2 "Dashboard", §3 metrics and billing responses, §6).
 */

/** Spec part 2 §9: NRC minimum 6 digits; history window 3 months. */
export const HISTORY_MONTHS = 3;
export const HISTORY_MAX_MONTHS = 12;
export const MIN_HISTORY_NRC_DIGITS = 6;
/** No NRC is this long; a longer run of digits is not a borrower's number. */
const MAX_HISTORY_NRC_DIGITS = 20;
/** The dashboard chart's window. */
export const SERIES_MONTHS = 12;

/** Spec part 2 §5 and §8, word for word. */
export const HISTORY_MESSAGES = {
  invalidNrc: 'Enter a valid NRC (at least 6 digits).',
  invalidMonths: `Months must be a whole number from 1 to ${HISTORY_MAX_MONTHS}.`,
  lookupFailed: 'Lookup failed.',
  noRecords: 'No records found in the last 3 months.',
} as const;

export const BILLING_MESSAGES = {
  notConfigured: 'Billing not configured',
  noOrganisation: 'No organisation holds that payee key or ID.',
  enterOrganisation: 'Enter a payee key or an organisation ID.',
} as const;

/** The NRC reduced to digits; at least 6 of them (spec part 2 §5). */
export const historyNrcSchema = z
  .string({ message: HISTORY_MESSAGES.invalidNrc })
  .transform((value) => nrcDigits(value))
  .refine((digits) => digits.length >= MIN_HISTORY_NRC_DIGITS && digits.length <= MAX_HISTORY_NRC_DIGITS, HISTORY_MESSAGES.invalidNrc);

/** GET /api/history?nrc=&months=3, as query parameters (strings). */
export const historyQuerySchema = z.object({
  nrc: historyNrcSchema,
  months: z
    .union([z.string(), z.number()], { message: HISTORY_MESSAGES.invalidMonths })
    .optional()
    .transform((value) => (value === undefined || value === '' ? HISTORY_MONTHS : Number(value)))
    .pipe(z.number({ message: HISTORY_MESSAGES.invalidMonths }).int(HISTORY_MESSAGES.invalidMonths).min(1, HISTORY_MESSAGES.invalidMonths).max(HISTORY_MAX_MONTHS, HISTORY_MESSAGES.invalidMonths)),
});
export type HistoryQuery = z.output<typeof historyQuerySchema>;

/** Spec part 2 §3 "Borrower history item", plus the month it is for and whether it counts in the total. */
export const historyItemSchema = z.object({
  month: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  submitted_at: z.string().nullable(),
  org_name: z.string().nullable(),
  payee_key: z.string(),
  kind: z.enum(['input', 'stoppage']),
  installment: z.number(),
  /** True for the lender's current deduction that makes up total_monthly_installment. */
  counted: z.boolean(),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const historyResponseSchema = z.object({
  /** The NRC as stored (slashed when it can be). */
  nrc: z.string(),
  name: z.string().nullable(),
  months: z.number().int(),
  from_month: z.string(),
  to_month: z.string(),
  /** Newest month first. */
  items: z.array(historyItemSchema),
  /** What the borrower pays each month across lenders: each lender's latest deduction, when still running. */
  total_monthly_installment: z.number(),
  /** How many lenders make up that total. */
  active_lenders: z.number().int(),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

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
  /** Borrower rows ingested from inputs files. */
  inputs: toDate.extend({ payee_key: z.string().nullable() }),
  /** Borrower rows ingested from stoppages files. */
  stoppages: toDate,
  /** Approved members. */
  team_count: z.number().int(),
  /** The last 12 months, oldest first, ending with the current month. */
  series: z.array(seriesPointSchema),
  as_of: z.string(),
});
export type DashboardMetrics = z.infer<typeof dashboardMetricsResponseSchema>;

export const PRICING_KINDS = ['per_upload', 'flat'] as const;
export type PricingKind = (typeof PRICING_KINDS)[number];

/** Spec part 1 §3 "Billing response", with what it was worked out from. Currency ZMW (spec part 2 §9). */
export const billingResponseSchema = z.object({
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
export type BillingResponse = z.infer<typeof billingResponseSchema>;

/** Positive, at most 2 decimals: amounts in ZMW. */
const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const amountSchema = (label: string) =>
  z
    .number({ message: `${label} must be a number.` })
    .positive(`${label} must be more than 0.`)
    .max(10_000_000, `${label} must be at most ZMW 10,000,000.`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals.`);

const planNameSchema = z
  .string({ message: 'Enter a plan name.' })
  .trim()
  .min(1, 'Enter a plan name.')
  .max(60, 'A plan name is at most 60 characters.');

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
