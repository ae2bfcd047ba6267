import { z } from 'zod';
import { nrcDigits } from '../rules/nrc.js';
import { APPLIED_STATUSES } from '../rules/repayment.js';
import { queryText } from './query.js';

/** Borrower history (spec part 2 §2 "Borrower History", §5, §8, §9). */

/** Spec part 2 §9: NRC minimum 6 digits; history window 3 months. */
export const HISTORY_MONTHS = 3;
export const HISTORY_MAX_MONTHS = 12;
export const MIN_HISTORY_NRC_DIGITS = 6;
/** No NRC is this long; a longer run of digits is not a borrower's number. */
const MAX_HISTORY_NRC_DIGITS = 20;

/** Spec part 2 §5 and §8, word for word. */
export const HISTORY_MESSAGES = {
  invalidNrc: 'Enter a valid NRC (at least 6 digits).',
  invalidMonths: `Months must be a whole number from 1 to ${HISTORY_MAX_MONTHS}.`,
  lookupFailed: 'Lookup failed.',
  noRecords: 'No records found in the last 3 months.',
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
    .pipe(
      z
        .number({ message: HISTORY_MESSAGES.invalidMonths })
        .int(HISTORY_MESSAGES.invalidMonths)
        .min(1, HISTORY_MESSAGES.invalidMonths)
        .max(HISTORY_MAX_MONTHS, HISTORY_MESSAGES.invalidMonths),
    ),
});

/** Spec part 2 §3 "Borrower history item", plus the month it is for and whether it counts in the total. */
export const historyItemSchema = z.object({
  month: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  submitted_at: z.string().nullable(),
  org_name: z.string().nullable(),
  payee_key: z.string(),
  /** 'unexpected': the payroll deducted for this lender with no schedule line (money nobody approved), its own entry. */
  kind: z.enum(['input', 'stoppage', 'unexpected']),
  installment: z.number(),
  /** True for the lender's current deduction that makes up total_monthly_installment. */
  counted: z.boolean(),
  /** Beyond the spec: 'upheld' when a dispute of this deduction was upheld. */
  dispute: z.enum(['upheld']).nullable(),
  /** True when compliance rejected the file it came from: shown, never counted. */
  rejected: z.boolean(),
  /** Filed with an employee number and no NRC; found through a record that ties the number to this NRC. */
  employee_no: z.string().nullable(),
  without_nrc: z.boolean(),
  /** What the payroll deducted (ZMW) once the month's applied deductions file is recorded; null before. */
  applied: z.number().nullable(),
  applied_status: z.enum(APPLIED_STATUSES).nullable(),
  /** The payroll's reason for a short or missing deduction (or how much over, for an excess). */
  applied_reason: z.string().nullable(),
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
  /** Across lenders, each month of the window as the payroll deducted it, and how many were deducted in full. */
  repayment: z.object({
    months: z.array(z.object({ month: z.string(), repayment: z.enum(['in_full', 'short', 'not_applied']).nullable() })),
    reconciled: z.number().int(),
    in_full: z.number().int(),
  }),
  /**
   * Beyond the spec: the identity mismatches on the borrower's record and the exposure across
   * lenders this month, from the borrower summary (rejected submissions left out), with the limits.
   */
  record: z.object({
    identity: z.array(z.string()),
    exposure: z.object({
      lenders: z.number().int(),
      total: z.number(),
      /** 'at' when the borrower has as many lenders (or as much a month) as allowed, 'over' past it. */
      limit: z.enum(['within', 'at', 'over']),
      limits: z.object({ max_lenders: z.number().int(), max_total: z.number().nullable() }),
    }),
  }),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

/**
 * The query string as it arrives. The handler parses it with historyQuerySchema itself, because a
 * refused lookup is written to the audit log before it is answered.
 */
export const historyLookupQuerySchema = z.object({ nrc: queryText, months: queryText });
