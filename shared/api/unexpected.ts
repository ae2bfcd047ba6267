import { z } from 'zod';
import { isMonth } from '../rules/dates.js';
import { isValidPayeeKey, normalisePayeeKey } from '../rules/payee-key.js';
import { DISPUTE_TEXT_MAX } from './disputes.js';
import { portalDisputeSchema } from './portal.js';

/**
 * Deductions the payroll took with no approved line (UNEXPECTED in a month's reconciliation), as the employee
 * whose pay it was sees them on the portal, each reportable in one tap as a dispute marked "not approved".
 */
export const portalUnexpectedSchema = z.object({
  /** The deduction's id on the employee's record: `{month}#{payee key}#{employee number}`. */
  id: z.string(),
  month: z.string(),
  payee_key: z.string(),
  org_name: z.string().nullable(),
  amount: z.number(),
  /** The reconciliation's reason (an excess over the scheduled amount says how much). */
  reason: z.string().nullable(),
  /** The dispute opened on it from the portal, once reported. */
  dispute_id: z.string().nullable(),
});
export type PortalUnexpected = z.infer<typeof portalUnexpectedSchema>;
export const portalUnexpectedResponseSchema = z.object({ items: z.array(portalUnexpectedSchema) });

export const UNEXPECTED_MESSAGES = {
  id: 'Choose the deduction you want to report.',
  reason: `Tell us in a few words what happened (at most ${DISPUTE_TEXT_MAX} characters), or leave the reason we suggest.`,
  notFound: 'We found no deduction without approval with this id on your record. Reload the page and choose it from the list.',
  noLender: (payeeKey: string) =>
    `No lender on the platform has the payee key ${payeeKey} yet, so this report cannot reach one. Call your HR office and show them this deduction.`,
  alreadyReported: 'You already reported this deduction. You can follow it under “My reports”.',
  reported: 'Thank you. We have sent your report to the lender and to the reviewers. We will text you when it is decided.',
  /** The dispute's reason when the employee gives none: what the payroll did, in their words. */
  defaultReason: (amount: string) => `ZMW ${amount} was taken from my pay without an approved deduction. I did not agree to it.`,
} as const;

const ID = /^\d{4}-\d{2}#[^#]{2,20}#[^#]{1,40}$/;

export const reportUnexpectedRequestSchema = z
  .object({
    id: z
      .string({ error: UNEXPECTED_MESSAGES.id })
      .trim()
      .refine((id) => ID.test(id) && isMonth(id.slice(0, 7)) && isValidPayeeKey(id.split('#')[1] ?? ''), UNEXPECTED_MESSAGES.id)
      .transform((id) => {
        const [month, payeeKey, employeeNo] = id.split('#') as [string, string, string];
        return `${month}#${normalisePayeeKey(payeeKey)}#${employeeNo}`;
      }),
    reason: z.string({ error: UNEXPECTED_MESSAGES.reason }).trim().max(DISPUTE_TEXT_MAX, UNEXPECTED_MESSAGES.reason).optional(),
  })
  .strict();
export type ReportUnexpectedRequest = z.infer<typeof reportUnexpectedRequestSchema>;
export const reportUnexpectedResponseSchema = z.object({ dispute: portalDisputeSchema, message: z.string() });
