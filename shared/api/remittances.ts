import { z } from 'zod';
import { formatAmount } from '../rules/amount.js';
import { isCalendarDate } from '../rules/dates.js';
import { lusakaToday, REMITTANCE_STATES } from '../rules/remittance.js';
import { monthName } from '../rules/submission-window.js';

/**
 * Remittance statements: for each lender and month with a recorded reconciliation, what the payroll remitted to
 * it (the applied total, its lines, the schedule version), as PDF and CSV; what the lender's admin recorded as
 * arrived, and a difference from the statement open until either side's admin resolves it with a note.
 */
export const remittancesQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month as YYYY-MM, e.g. 2026-11.'),
});

export const statementParamsSchema = z.object({
  statement_number: z.string().max(40, 'A statement number reads RS-YYYYMM-PAYEEKEY, e.g. RS-202611-1234.'),
});

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const receiptRequestSchema = z.object({
  amount: z
    .number({ message: 'Enter the amount that arrived in ZMW, as a number, e.g. 675.00.' })
    .positive('Enter the amount that arrived in ZMW: more than 0.')
    .max(1_000_000_000, 'Enter the amount that arrived in ZMW: at most 1,000,000,000.')
    .refine(hasAtMostTwoDecimals, 'Enter the amount that arrived in ZMW with at most 2 decimals (ngwee).'),
  received_on: z
    .string({ message: 'Enter the day the money arrived as YYYY-MM-DD, e.g. 2026-11-28.' })
    .refine(isCalendarDate, 'Enter the day the money arrived as a real date, YYYY-MM-DD, e.g. 2026-11-28.')
    .refine((day) => day <= lusakaToday(), 'The day the money arrived cannot be in the future: enter the day it reached your account.'),
});
export type ReceiptRequest = z.infer<typeof receiptRequestSchema>;

export const resolutionRequestSchema = z.object({
  note: z
    .string({ message: 'Write a note saying how the difference was settled.' })
    .trim()
    .min(5, 'Write a note of at least 5 characters saying how the difference was settled.')
    .max(1000, 'Keep the note to 1,000 characters.'),
});

const receivedSchema = z.object({
  amount: z.number(),
  received_on: z.string(),
  recorded_by: z.string(),
  recorded_at: z.string(),
  /** What arrived less the statement's total: negative when less arrived. */
  difference: z.number(),
  state: z.enum(REMITTANCE_STATES),
  resolution: z.object({ note: z.string(), by: z.string(), at: z.string() }).nullable(),
});

export const statementSchema = z.object({
  statement_number: z.string(),
  payee_key: z.string(),
  org_name: z.string().nullable(),
  month: z.string(),
  schedule_version: z.number(),
  /** Total remitted: what the payroll applied for this lender. */
  total: z.number(),
  /** How many lines the statement lists. */
  lines: z.number(),
  /** Links valid one minute. */
  pdf_url: z.string(),
  csv_url: z.string(),
  received: receivedSchema.nullable(),
  /** What the caller may do with it (the server checks again). */
  can_record_receipt: z.boolean(),
  can_resolve: z.boolean(),
});
export type Statement = z.infer<typeof statementSchema>;

export const remittancesResponseSchema = z.object({ month: z.string(), items: z.array(statementSchema) });
export const statementAnswerSchema = z.object({ statement: statementSchema, message: z.string() });

const zmw = (amount: number) => `ZMW ${formatAmount(amount)}`;

export const REMITTANCE_MESSAGES = {
  unknown: (number: string) =>
    `There is no remittance statement ${number}. A statement number reads RS-YYYYMM-PAYEEKEY (e.g. RS-202611-1234) and exists once the month's applied deductions are submitted: copy it from /remittances.`,
  notYourStatement: 'Only an FI Admin of the lender this statement is addressed to may record what arrived for it. Choose your own organisation’s statement.',
  notAParty: 'Only an FI Admin of the lender or an admin of the payroll authority may resolve a difference on this statement.',
  beforeMonth: (month: string) => `The money for ${monthName(month)} cannot have arrived before the month began: check the date it reached your account.`,
  resolvedAlready: 'This statement’s difference was already resolved with a note: what arrived can no longer be changed.',
  noReceipt: 'Nothing has been recorded as arrived for this statement yet: the lender’s admin records the receipt first.',
  noDifference: 'What arrived equals the statement: there is no difference to resolve.',
  receiptChanged: 'What arrived was corrected while you wrote the note: read the statement again, and resolve it if a difference remains.',
  recorded: (amount: number, difference: number) =>
    difference === 0
      ? `Receipt recorded: ${zmw(amount)}, as the statement says.`
      : `Receipt recorded: ${zmw(amount)}, ${zmw(Math.abs(difference))} ${difference < 0 ? 'less' : 'more'} than the statement. The difference shows to both sides until it is resolved with a note.`,
  resolved: 'Difference resolved: the note is kept with the statement.',
} as const;
