import { z } from 'zod';
import { DIFFERENCE_FIELDS } from '../rules/register-difference.js';

/**
 * PMEC's payroll register: who is employed, under which employee number
 * and NRC, with the mobile their codes go to. Uploaded on /upload as the `register` file kind by the payroll
 * authority's admins; Submit proposes it, and a second admin of the authority approves it before it
 * replaces the current register whole.
 */

/** An employee as the difference shows them: the mobile masked as the preview masks it. */
const differenceEmployeeSchema = z.object({
  nrc: z.string(),
  employee_number: z.string(),
  name: z.string(),
  mobile: z.string(),
  basic_pay: z.number().nullable(),
});
export type DifferenceEmployee = z.infer<typeof differenceEmployeeSchema>;

/** What a validated register changes on the current one: counts, the first rows of each kind, and the warning. */
export const registerDifferenceSchema = z.object({
  /** The register version it was compared with, null when none was current. */
  base_version: z.string().nullable(),
  /** Employees on that register. */
  current: z.number(),
  added: z.number(),
  removed: z.number(),
  changed: z.number(),
  mobile_changed: z.number(),
  /** A calm sentence when more than 2% of the current employees would be removed or change mobile. */
  warning: z.string().nullable(),
  samples: z.object({
    added: z.array(differenceEmployeeSchema),
    removed: z.array(differenceEmployeeSchema),
    changed: z.array(
      z.object({
        fields: z.array(z.enum(DIFFERENCE_FIELDS)),
        /** null when the current register's entry could not be read back. */
        before: differenceEmployeeSchema.nullable(),
        after: differenceEmployeeSchema,
      }),
    ),
  }),
});
export type RegisterDifferenceView = z.infer<typeof registerDifferenceSchema>;

/** The register proposed and awaiting a second admin of the payroll authority. */
export const proposedRegisterSchema = z.object({
  upload_id: z.string(),
  month: z.string(),
  employees: z.number(),
  /** The email of the admin who proposed it (who may not approve it). */
  proposed_by: z.string(),
  proposed_at: z.string(),
  /** After this the proposal can no longer be decided. */
  expires_at: z.string(),
  expired: z.boolean(),
  added: z.number(),
  removed: z.number(),
  changed: z.number(),
  mobile_changed: z.number(),
  difference: registerDifferenceSchema,
});
export type ProposedRegister = z.infer<typeof proposedRegisterSchema>;

export const registerResponseSchema = z.object({
  /** YYYY-MM of the current register; null (and 0 employees) before the first is approved. */
  month: z.string().nullable(),
  employees: z.number(),
  uploaded_at: z.string().nullable(),
  /** The email of who submitted it. */
  uploaded_by: z.string().nullable(),
  /** The upload it was submitted as: the upload screen waits for its own to become current. */
  upload_id: z.string().nullable(),
  /** The open proposal (one at a time), null when none. */
  proposed: proposedRegisterSchema.nullable(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const registerDecisionRequestSchema = z.object({
  decision: z.enum(['approve', 'reject'], { error: "decision must be 'approve' or 'reject'." }),
  note: z.string().trim().max(500, 'The note is too long (500 characters at most).').optional(),
});

export const registerDecisionResponseSchema = z.object({
  status: z.enum(['approved', 'rejected']),
  message: z.string(),
});

/** Proposals can be decided for this long after Submit. */
export const PROPOSAL_DAYS = 7;
/** The old mobile of an employee whose mobile changed also receives sign-in codes for this long. */
export const OLD_MOBILE_HOURS = 72;

export const REGISTER_MESSAGES = {
  proposed: (employees: number) =>
    `Register proposed: its ${employees.toLocaleString('en-US')} employee${employees === 1 ? '' : 's'} replace the current register once a second admin of the payroll authority approves it.`,
  proposalOpen: 'Another register is already proposed. A second admin of the payroll authority approves or rejects it first; then submit this one.',
  baseChanged: 'The current register changed after this file was validated, so the difference shown is out of date. Validate the file again, then submit it.',
  ownProposal: 'You proposed this register, so another admin of the payroll authority must approve or reject it.',
  noProposal: 'This register is not proposed any more: it was approved, rejected or replaced. Reload the page to see the current register.',
  expired: `This proposal expired ${PROPOSAL_DAYS} days after it was submitted and can no longer be approved. Upload the register again to propose it.`,
  approved: 'Register approved. It replaces the current register once every employee is stored.',
  rejected: 'Register rejected. The current register stays in force.',
  decidedElsewhere: 'Another admin decided this proposal at the same moment. Reload the page to see the outcome.',
  mobileChangedSms: (masked: string) => `Your payroll mobile was changed to ${masked}. If this was not you, call your HR office`,
} as const;
