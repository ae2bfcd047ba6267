import { z } from 'zod';
import { RECONCILIATION_STATUSES } from '../rules/reconciliation.js';

/**
 * Reconciliation per lender: each line of the month's frozen payroll schedule against what the payroll applied
 * (the applied deductions file the payroll authority uploads, doc_kind `applied`).
 */
export const RECONCILIATION_PAGE_SIZE = 50;

const countsSchema = z.object({ applied: z.number(), short: z.number(), not_applied: z.number(), unexpected: z.number() });

export const lenderTotalsSchema = z.object({
  payee_key: z.string(),
  org_name: z.string().nullable(),
  expected_total: z.number(),
  applied_total: z.number(),
  counts: countsSchema,
  lines: z.number(),
});
export type LenderTotals = z.infer<typeof lenderTotalsSchema>;

export const reconciliationQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month as YYYY-MM, e.g. 2026-11.'),
  /** Without it: the month's totals over every lender the caller may see, and the per-lender table. */
  payee_key: z.string().max(20).optional(),
  status: z.enum(RECONCILIATION_STATUSES, { error: `status must be one of ${RECONCILIATION_STATUSES.join(', ')}.` }).optional(),
  /** Lines whose NRC contains these digits. */
  nrc: z.string().max(20).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,7}$/, 'cursor is the next_cursor of the page before.')
    .optional(),
});

export const reconciliationLineSchema = z.object({
  employee_no: z.string(),
  nrc: z.string(),
  name: z.string(),
  expected: z.number(),
  applied: z.number(),
  status: z.enum(RECONCILIATION_STATUSES),
  reason: z.string().nullable(),
});

export const reconciliationResponseSchema = z.object({
  month: z.string(),
  payee_key: z.string().nullable(),
  /** The schedule version the applied file answered, and when it was submitted. */
  schedule_version: z.number(),
  submitted_at: z.string(),
  expected_total: z.number(),
  applied_total: z.number(),
  counts: countsSchema,
  lines: z.array(reconciliationLineSchema),
  next_cursor: z.string().nullable(),
  /** Every lender the caller may see (their own only, for a lender). */
  lenders: z.array(lenderTotalsSchema),
  /** The lender's lines as CSV (a link valid one minute); null without a payee key. */
  csv_url: z.string().nullable(),
});
export type ReconciliationResponse = z.infer<typeof reconciliationResponseSchema>;

export const RECONCILIATION_MESSAGES = {
  notYet: (month: string) => `No applied deductions file has been submitted for ${month} yet: the payroll authority uploads it after the payroll run.`,
  notYourPayeeKey: 'You may see the reconciliation of your own organisation’s payee keys only. Choose one of them.',
  unknownPayeeKey: (payeeKey: string) => `Payee key ${payeeKey} is not in the reconciliation of this month. Choose a lender from the list.`,
  noPayeeKey: 'Your organisation holds no payee key, so it has no reconciliation to see.',
  noSchedule: (month: string) =>
    `No payroll schedule has been frozen for ${month}: download the month’s schedule on /payroll first, then upload what the payroll applied.`,
  versionRequired: (latest: number) => `Name the schedule version this file answers (schedule_version): the latest for the month is version ${latest}.`,
  versionStale: (given: number, latest: number) =>
    `This file answers schedule version ${given}, but the latest for the month is version ${latest}. Reconcile against version ${latest}: upload the file the payroll applied for it.`,
  reconciled: (lines: number) => `Applied deductions submitted: ${lines.toLocaleString('en-US')} lines reconciled with the payroll schedule.`,
} as const;
