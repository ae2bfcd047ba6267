import { z } from 'zod';
import { isMonth } from '../rules/dates.js';
import { isValidNrc, normaliseNrc } from '../rules/nrc.js';
import { isValidPayeeKey, normalisePayeeKey } from '../rules/payee-key.js';
import { presignedPostSchema } from './presigned-post.js';
import { queryValue } from './query.js';

/**
 * Disputes of unauthorised deductions: an employee says a deduction on their payslip is
 * for a loan they never took. Reviewers open one on a deduction (NRC, payee key, month), the lender's
 * admins answer it, compliance or a platform admin decides it.
 */
export const DISPUTE_STATUSES = ['open', 'answered', 'upheld', 'dismissed'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_DECISIONS = ['upheld', 'dismissed'] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];
/** A decided dispute changes no more. */
export const isDecided = (status: DisputeStatus) => status === 'upheld' || status === 'dismissed';

export const DISPUTE_TEXT_MAX = 2_000;
/** Evidence: PDF only, 10 MB a file, at most 10 files a dispute. */
export const DISPUTE_EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
export const DISPUTE_EVIDENCE_MAX_FILES = 10;
export const DISPUTE_EVIDENCE_TYPE = 'application/pdf';
export const DISPUTE_LINK_SECONDS = 900;

/** The marker of a dispute of a deduction nobody approved, where disputes are listed. */
export const NOT_APPROVED_LABEL = 'Not approved';

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = { open: 'Open', answered: 'Answered', upheld: 'Upheld', dismissed: 'Dismissed' };

export const DISPUTE_MESSAGES = {
  nrc: 'Enter the NRC as 123456/78/9.',
  payeeKey: 'Enter the payee key: 2 to 20 letters, digits, dots, underscores or hyphens.',
  month: 'Enter the month as YYYY-MM.',
  reason: `Give the reason for the dispute, at most ${DISPUTE_TEXT_MAX} characters.`,
  message: `Write the response, at most ${DISPUTE_TEXT_MAX} characters.`,
  note: `A decision needs a note, at most ${DISPUTE_TEXT_MAX} characters.`,
  decision: "The decision is 'upheld' or 'dismissed'.",
  status: `status must be one of ${DISPUTE_STATUSES.join(', ')}.`,
  unknownPayee: (payeeKey: string) => `No organisation on the platform has the payee key ${payeeKey}.`,
  noDeduction: (nrc: string, payeeKey: string, month: string) =>
    `There is no deduction for ${nrc} by ${payeeKey} in ${month} on the platform. Check the NRC, payee key and month on the payslip.`,
  alreadyOpen: 'This deduction already has a dispute that is not decided. Open it from the list.',
  notFound: 'There is no dispute with this id, or it is not one you can see.',
  notReviewer: 'You can open disputes only on the deductions of organisations you review.',
  notLender: 'Only the admins of the organisation that owns this payee key can respond to this dispute.',
  notDecider: 'Only compliance of this organisation or of PMEC, or a platform admin, can decide this dispute.',
  notOpen: (status: DisputeStatus) => `This dispute is already ${status}; it cannot be answered now.`,
  alreadyDecided: (status: DisputeStatus) => `This dispute was already decided: ${status}. Reload to see the decision.`,
  evidenceType: 'Evidence must be a PDF file (.pdf).',
  evidenceSize: `Each evidence file can be at most ${DISPUTE_EVIDENCE_MAX_BYTES / 1024 / 1024} MB.`,
  evidenceCount: `A dispute holds at most ${DISPUTE_EVIDENCE_MAX_FILES} evidence files.`,
  /** Every upload link given counts, used or not: otherwise asking for links first would pass the cap. */
  evidenceLinksUsed: `A dispute holds at most ${DISPUTE_EVIDENCE_MAX_FILES} evidence files, and all ${DISPUTE_EVIDENCE_MAX_FILES} upload links for this one were already given. Put further pages into one of the PDFs already sent.`,
  evidenceClosed: 'This dispute is decided; no more evidence can be added.',
  opened: 'Dispute opened. The lender’s admins can now respond.',
  answered: 'Response sent. Compliance will decide the dispute.',
  decided: (decision: DisputeDecision) => `Dispute ${decision}.`,
} as const;

const text = (message: string) => z.string({ error: message }).trim().min(1, message).max(DISPUTE_TEXT_MAX, message);

export const openDisputeRequestSchema = z
  .object({
    nrc: z.string({ error: DISPUTE_MESSAGES.nrc }).transform(normaliseNrc).refine(isValidNrc, DISPUTE_MESSAGES.nrc),
    payee_key: z.string({ error: DISPUTE_MESSAGES.payeeKey }).trim().refine(isValidPayeeKey, DISPUTE_MESSAGES.payeeKey).transform(normalisePayeeKey),
    month: z.string({ error: DISPUTE_MESSAGES.month }).trim().refine(isMonth, DISPUTE_MESSAGES.month),
    reason: text(DISPUTE_MESSAGES.reason),
  })
  .strict();
export type OpenDisputeRequest = z.infer<typeof openDisputeRequestSchema>;

export const respondDisputeRequestSchema = z.object({ message: text(DISPUTE_MESSAGES.message) }).strict();
export const decideDisputeRequestSchema = z
  .object({ decision: z.enum(DISPUTE_DECISIONS, { error: DISPUTE_MESSAGES.decision }), note: text(DISPUTE_MESSAGES.note) })
  .strict();

export const disputeEvidenceRequestSchema = z
  .object({
    file_name: z
      .string({ error: DISPUTE_MESSAGES.evidenceType })
      .trim()
      .min(1)
      .max(255)
      .refine((name) => /\.pdf$/i.test(name), DISPUTE_MESSAGES.evidenceType),
    size: z.number().int().min(1, 'The file is empty.').max(DISPUTE_EVIDENCE_MAX_BYTES, DISPUTE_MESSAGES.evidenceSize),
    content_type: z.string().max(200).optional(),
  })
  .strict();
export const disputeEvidenceResponseSchema = z.object({ key: z.string(), name: z.string(), max_bytes: z.number(), upload: presignedPostSchema });

export const listDisputesQuerySchema = z.object({
  status: queryValue((raw, refuse) => {
    if (raw === undefined || raw === '' || raw === 'all') return null;
    return DISPUTE_STATUSES.find((s) => s === raw.trim().toLowerCase()) ?? refuse(DISPUTE_MESSAGES.status, 'validation_failed');
  }),
});

const partySchema = z.object({ email: z.string(), at: z.string() });
/** `url` is null for a file that is not what its name says (a PDF; an employee's photo too): it is listed, never served. */
export const disputeEvidenceSchema = z.object({
  name: z.string(),
  party: z.enum(['reviewer', 'lender', 'employee']),
  url: z.string().nullable(),
  not_pdf: z.boolean(),
});

export const disputeSchema = z.object({
  id: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  nrc: z.string(),
  payee_key: z.string(),
  month: z.string(),
  org_name: z.string().nullable(),
  reason: z.string(),
  opened: partySchema,
  /** A reviewer opened it on someone's behalf, or the employee did from the portal (then `opened.email` is empty). */
  opened_by: z.enum(['reviewer', 'employee']),
  /** "Not approved": a deduction the payroll took with no approved line (UNEXPECTED in the month's reconciliation). */
  not_approved: z.boolean(),
  response: partySchema.extend({ message: z.string() }).nullable(),
  decision: partySchema.extend({ decision: z.enum(DISPUTE_DECISIONS), note: z.string() }).nullable(),
  /** Only on GET /api/disputes/{id}: links valid for DISPUTE_LINK_SECONDS. */
  evidence: z.array(disputeEvidenceSchema).optional(),
  /** What this caller may do now: the server decides, the screen only shows it. */
  can_respond: z.boolean(),
  can_decide: z.boolean(),
  can_add_evidence: z.boolean(),
});
export type DisputeView = z.infer<typeof disputeSchema>;

export const disputeResponseSchema = z.object({ dispute: disputeSchema, message: z.string().optional() });
export const disputeListResponseSchema = z.object({ items: z.array(disputeSchema), can_open: z.boolean() });
