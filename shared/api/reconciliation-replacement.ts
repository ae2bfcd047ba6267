import { z } from 'zod';
import { PROPOSAL_DAYS } from './register.js';

/**
 * A second applied deductions file for a month replaces the first only through four eyes: its Submit proposes it,
 * another admin of the payroll authority approves or rejects it, seeing the totals per lender the proposer saw.
 */
const monthField = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month as YYYY-MM, e.g. 2026-11.');

const totalsSchema = z.object({ expected_total: z.number(), applied_total: z.number(), lines: z.number() });

/** One lender of either file: its totals in the month's recorded file and in the proposed one (null when absent there). */
export const lenderChangeSchema = z.object({
  payee_key: z.string(),
  org_name: z.string().nullable(),
  current: totalsSchema.nullable(),
  proposed: totalsSchema.nullable(),
  /** Applied total of the proposed file less that of the recorded one (ZMW). */
  applied_change: z.number(),
});
export type LenderChange = z.infer<typeof lenderChangeSchema>;

export const appliedReplacementSchema = z.object({
  upload_id: z.string(),
  month: z.string(),
  file_name: z.string(),
  schedule_version: z.number(),
  proposed_by: z.string(),
  proposed_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
  /** The recorded file it replaces. */
  replaces: z.object({ upload_id: z.string(), submitted_by: z.string(), submitted_at: z.string() }),
  lenders: z.array(lenderChangeSchema),
  current_applied_total: z.number(),
  proposed_applied_total: z.number(),
  /** The caller proposed it: another admin decides. */
  own: z.boolean(),
});
export type AppliedReplacement = z.infer<typeof appliedReplacementSchema>;

export const appliedReplacementQuerySchema = z.object({ month: monthField });
export const appliedReplacementResponseSchema = z.object({ month: z.string(), proposal: appliedReplacementSchema.nullable() });

export const appliedDecisionRequestSchema = z.object({
  decision: z.enum(['approve', 'reject'], { error: "decision must be 'approve' or 'reject'." }),
  note: z.string().trim().max(500, 'The note is too long (500 characters at most).').optional(),
});
export const appliedDecisionResponseSchema = z.object({ status: z.enum(['approved', 'rejected']), message: z.string() });

/** A replacement can be decided for this long after its Submit (as a register proposal). */
export const REPLACEMENT_DAYS = PROPOSAL_DAYS;

export const REPLACEMENT_MESSAGES = {
  proposed: (month: string) =>
    `Replacement proposed: this file replaces the applied deductions file recorded for ${month} once another admin of the payroll authority approves it on /reconciliation.`,
  proposalOpen: (month: string) =>
    `Another replacement of ${month}'s applied deductions file is already proposed. Another admin of the payroll authority approves or rejects it first (on /reconciliation); then submit this one.`,
  ownProposal: 'You proposed this replacement, so another admin of the payroll authority must approve or reject it.',
  noProposal: 'This file is not proposed any more: it was approved, rejected or replaced. Reload the page to see the month as it stands.',
  expired: `This replacement expired ${REPLACEMENT_DAYS} days after it was submitted and can no longer be approved. Submit the file again to propose it.`,
  decidedElsewhere: 'Another admin decided this replacement at the same moment. Reload the page to see the outcome.',
  recordedChanged:
    'The month’s recorded applied file changed after this replacement was proposed, so the totals shown are out of date. Reject it and submit the file again.',
  approved: (month: string) => `Replacement approved: ${month}'s reconciliation and remittance statements now come from this file; the file before is kept.`,
  rejected: (month: string) => `Replacement rejected: ${month}'s recorded applied file stays in force.`,
} as const;
