import { z } from 'zod';
import { isMonth } from '../rules/dates.js';
import { extensionOf } from '../rules/file-signature.js';
import { isValidPayeeKey, normalisePayeeKey } from '../rules/payee-key.js';
import { SIGNAL_TYPES, type SignalType } from '../rules/signals.js';
import { DISPUTE_DECISIONS, DISPUTE_EVIDENCE_MAX_BYTES, DISPUTE_STATUSES, DISPUTE_TEXT_MAX, type DisputeStatus } from './disputes.js';
import { presignedPostSchema } from './presigned-post.js';

/**
 * The employee portal: what a civil servant signed in with their NRC sees of their own record, in
 * plain words. Every answer is about the caller's NRC only; the NRC is never a parameter.
 */
export const PORTAL_MONTHS = 12;

/** Where a deduction stands, as the employee is told: the lender's file under review, accepted, refused, or a stoppage. */
export const DEDUCTION_STATES = ['submitted', 'approved', 'rejected', 'stopped'] as const;
export type DeductionState = (typeof DEDUCTION_STATES)[number];
export const DEDUCTION_STATE_LABELS: Record<DeductionState, string> = {
  submitted: 'Submitted by the lender',
  approved: 'Approved',
  rejected: 'Rejected',
  stopped: 'Stopped',
};

/**
 * The signals the register and mandates add, in plain words too, written ahead of their types (spread in,
 * so this compiles before and after they join SIGNAL_TYPES; a type without words here does not compile).
 */
const REGISTER_AND_MANDATE_TEXT = {
  NOT_ON_PAYROLL: 'When the lender sent this, your NRC was not on PMEC’s payroll record.',
  AFFORDABILITY: 'Your deductions together take more of your basic pay than lenders are allowed to.',
  NO_MANDATE: 'The lender has no consent from you on record for this deduction.',
};

/** A signal in plain words: the staff's messages name rows, payee keys and other people's records. */
export const PORTAL_SIGNAL_TEXT: Record<SignalType, string> = {
  ...REGISTER_AND_MANDATE_TEXT,
  NEW: 'This deduction is new: the lender did not deduct from you the month before.',
  CHANGED: 'The amount changed from the month before.',
  MISSING: 'A deduction from the month before is missing without a stoppage.',
  IDENTITY: 'Your details on this deduction (name or employee number) differ from other records of your NRC.',
  EXPOSURE: 'Your deductions together are above the limit set for lenders.',
  STOPPAGE_UNKNOWN: 'The lender stopped a deduction that was not on record the month before.',
  DISPUTED: 'This lender deducts again after a dispute about them was decided in your favour.',
  LEFT_SERVICE: 'The payroll could not take this deduction last month: it records you as no longer in service. If that is wrong, call your HR office.',
};

export const portalSignalSchema = z.object({ type: z.enum(SIGNAL_TYPES), text: z.string() });

export const portalDeductionSchema = z.object({
  month: z.string(),
  org_name: z.string().nullable(),
  payee_key: z.string(),
  installment: z.number(),
  /** What the payroll deducted for it (ZMW) once the month's applied deductions file is recorded; null before. */
  applied: z.number().nullable().default(null),
  state: z.enum(DEDUCTION_STATES),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** Counted in what they pay this month. */
  counted: z.boolean(),
  /** A dispute of this lender's deduction (this month's or an earlier one) was upheld: never counted; the lender must stop or refund it. */
  decided_in_your_favour: z.boolean().default(false),
  signals: z.array(portalSignalSchema),
  /** The dispute on this deduction, newest, if any. */
  dispute: z.object({ id: z.string(), status: z.enum(DISPUTE_STATUSES) }).nullable(),
  /** The employee may report it now: a deduction (not a stoppage) without an undecided dispute. */
  can_report: z.boolean(),
});
export type PortalDeduction = z.infer<typeof portalDeductionSchema>;

export const portalDeductionsResponseSchema = z.object({
  nrc: z.string(),
  from_month: z.string(),
  to_month: z.string(),
  /** What they pay this month across lenders (ZMW), by the rule /history totals with. */
  total_this_month: z.number(),
  items: z.array(portalDeductionSchema),
});
export type PortalDeductionsResponse = z.infer<typeof portalDeductionsResponseSchema>;

/** Who looked at their record: a borrower history lookup, a fraud registry read that found them, a deduction file that named them. */
export const LOOKUP_KINDS = ['history', 'fraud_registry', 'file_check', 'reconciliation'] as const;
export const LOOKUP_KIND_LABELS: Record<(typeof LOOKUP_KINDS)[number], string> = {
  history: 'Looked at your deductions',
  fraud_registry: 'Checked the fraud register',
  file_check: 'Checked your details in a file',
  reconciliation: 'Saw what the payroll deducted from your pay',
};
/** One lookup as the employee reads it: "Lender B checked your details in a file". */
export const lookupSentence = (organisation: string, kind: (typeof LOOKUP_KINDS)[number]) =>
  `${organisation} ${LOOKUP_KIND_LABELS[kind].charAt(0).toLowerCase()}${LOOKUP_KIND_LABELS[kind].slice(1)}`;
export const portalLookupsResponseSchema = z.object({
  from: z.string(),
  items: z.array(z.object({ at: z.string(), organisation: z.string(), kind: z.enum(LOOKUP_KINDS) })),
});

export const EMPLOYEE_DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: 'Waiting for the lender',
  answered: 'The lender answered; waiting for a decision',
  upheld: 'Decided in your favour',
  dismissed: 'Not upheld',
};

export const portalDisputeSchema = z.object({
  id: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  org_name: z.string().nullable(),
  payee_key: z.string(),
  month: z.string(),
  reason: z.string(),
  opened_at: z.string(),
  opened_by: z.enum(['reviewer', 'employee']),
  decision: z.object({ decision: z.enum(DISPUTE_DECISIONS), note: z.string(), at: z.string() }).nullable(),
});
export type PortalDispute = z.infer<typeof portalDisputeSchema>;
export const portalDisputesResponseSchema = z.object({ items: z.array(portalDisputeSchema) });

export const PORTAL_MESSAGES = {
  payeeKey: 'Choose the deduction you want to report.',
  month: 'Choose the month of the deduction.',
  reason: `Tell us in a few words why this deduction is wrong (at most ${DISPUTE_TEXT_MAX} characters).`,
  noDeduction: 'We found no deduction by this lender in this month on your record.',
  alreadyOpen: 'You or a reviewer already reported this deduction. You can follow it under “My reports”.',
  reported: 'Thank you. We have sent your report to the lender and to the reviewers. We will text you when it is decided.',
  evidenceType: 'Add a photo (JPEG or PNG) or a PDF.',
  evidenceSize: `The file can be at most ${DISPUTE_EVIDENCE_MAX_BYTES / 1024 / 1024} MB.`,
  evidenceEmpty: 'The file is empty.',
  evidencePair: 'Send the file’s name and size together.',
} as const;

/** What an employee may add to their report: a photo of a payslip or a form, or a PDF; each type pinned by the upload's policy. */
export const PORTAL_EVIDENCE_TYPES: Readonly<Record<string, string>> = { pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };
export const PORTAL_EVIDENCE_ACCEPT = ['.pdf', '.jpg', '.jpeg', '.png', 'application/pdf', 'image/jpeg', 'image/png'].join(',');
export const portalEvidenceType = (fileName: string): string | null => PORTAL_EVIDENCE_TYPES[extensionOf(fileName)] ?? null;

/** The report, and the evidence file's name, size and type when one goes with it (the answer then holds its upload). */
export const reportDeductionRequestSchema = z
  .object({
    payee_key: z.string({ error: PORTAL_MESSAGES.payeeKey }).trim().refine(isValidPayeeKey, PORTAL_MESSAGES.payeeKey).transform(normalisePayeeKey),
    month: z.string({ error: PORTAL_MESSAGES.month }).trim().refine(isMonth, PORTAL_MESSAGES.month),
    reason: z.string({ error: PORTAL_MESSAGES.reason }).trim().min(1, PORTAL_MESSAGES.reason).max(DISPUTE_TEXT_MAX, PORTAL_MESSAGES.reason),
    file_name: z
      .string({ error: PORTAL_MESSAGES.evidenceType })
      .trim()
      .min(1)
      .max(255)
      .refine((name) => portalEvidenceType(name) !== null, PORTAL_MESSAGES.evidenceType)
      .optional(),
    size: z
      .number({ error: PORTAL_MESSAGES.evidenceSize })
      .int()
      .min(1, PORTAL_MESSAGES.evidenceEmpty)
      .max(DISPUTE_EVIDENCE_MAX_BYTES, PORTAL_MESSAGES.evidenceSize)
      .optional(),
    content_type: z.string().max(200).optional(),
  })
  .strict()
  .refine((body) => (body.file_name === undefined) === (body.size === undefined), { message: PORTAL_MESSAGES.evidencePair, path: ['file_name'] });
export type ReportDeductionRequest = z.infer<typeof reportDeductionRequestSchema>;
export const reportDeductionResponseSchema = z.object({ dispute: portalDisputeSchema, message: z.string(), upload: presignedPostSchema.optional() });
