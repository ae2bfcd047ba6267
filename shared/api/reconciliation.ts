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
    .regex(/^\d{1,10}$/, 'cursor is the next_cursor of the page before.')
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
  /** The schedule's lenders the caller may see that no part of the month's applied deductions answers yet. */
  awaiting: z.array(z.object({ payee_key: z.string(), org_name: z.string().nullable() })),
  /** The lender's lines as CSV (a link valid one minute); null without a payee key. */
  csv_url: z.string().nullable(),
});
export type ReconciliationResponse = z.infer<typeof reconciliationResponseSchema>;

export const RECONCILIATION_MESSAGES = {
  notYet: (month: string) => `No applied deductions file has been submitted for ${month} yet: the payroll authority uploads it after the payroll run.`,
  notYourPayeeKey: 'You may see the reconciliation of your own organisation’s payee keys only. Choose one of them.',
  unknownPayeeKey: (payeeKey: string) => `Payee key ${payeeKey} is not in the reconciliation of this month. Choose a lender from the list.`,
  noPayeeKey: 'Your organisation holds no payee key, so it has no reconciliation to see.',
  staleCursor: 'The lines changed since the page before (the month’s applied file was replaced): start again from the first page.',
  noSchedule: (month: string) =>
    `No payroll schedule has been frozen for ${month}: download the month’s schedule on /payroll first, then upload what the payroll applied.`,
  versionRequired: (latest: number) => `Name the schedule version this file answers (schedule_version): the latest for the month is version ${latest}.`,
  versionStale: (given: number, latest: number) =>
    `This file answers schedule version ${given}, but the latest for the month is version ${latest}. Reconcile against version ${latest}: upload the file the payroll applied for it.`,
  awaiting: (payeeKey: string, month: string) =>
    `The payroll has not yet sent the part of ${month}'s applied deductions that covers payee key ${payeeKey}: awaiting the payroll's applied file.`,
  partOverlaps: (month: string, keys: readonly string[]) =>
    `Payee key${keys.length > 1 ? 's' : ''} ${keys.join(', ')} ${keys.length > 1 ? 'are' : 'is'} already covered by a part recorded for ${month}: each payee key comes in one part only. Leave ${keys.length > 1 ? 'them' : 'it'} out of this part, or name exactly that part's payee keys to propose replacing it.`,
  partOverWhole: (month: string) =>
    `${month}'s applied deductions came in one file covering every lender, so a part cannot be added. Submit a whole file to propose replacing it.`,
  wholeOverParts: (month: string) =>
    `${month}'s applied deductions came in parts, so a whole file cannot be recorded beside them. Replace a part with a file naming the same payee keys.`,
  partVersionRequired: (month: string, recorded: number) =>
    `Name the schedule version this part answers (schedule_version): the parts recorded for ${month} answer version ${recorded}.`,
  partVersionDiffers: (month: string, recorded: number, given: number) =>
    `The parts recorded for ${month} answer schedule version ${recorded} and this file answers version ${given}: every part of a month answers the same version. Name version ${recorded} and upload the part the payroll applied for it.`,
  /** A file naming another version than the one owed: a further part of a month in parts owes its parts' version, any other file the latest. */
  wrongVersion(month: string, given: number, owed: number, ofParts: boolean): string {
    return ofParts ? RECONCILIATION_MESSAGES.partVersionDiffers(month, owed, given) : RECONCILIATION_MESSAGES.versionStale(given, owed);
  },
  rowsOutsidePart: (keys: readonly string[], outside: readonly string[]) =>
    `This part covers payee key${keys.length > 1 ? 's' : ''} ${keys.join(', ')}, but its rows also name ${outside.slice(0, 5).join(', ')}${outside.length > 5 ? ' and more' : ''}. Put each payee key's lines in the part that covers it, or name it in this part, and upload again.`,
  partRaced: 'Another part of this month was recorded at the same moment. Press Submit again.',
  reconciled: (lines: number) => `Applied deductions submitted: ${lines.toLocaleString('en-US')} lines reconciled with the payroll schedule.`,
} as const;
