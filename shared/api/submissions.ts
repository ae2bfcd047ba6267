import { z } from 'zod';
import { ISSUE_TYPES } from '../rules/issues.js';

/** The three file types of the Submissions screen (spec part 1 §2). */
export const DOC_KINDS = ['inputs', 'stoppages', 'onboarding'] as const;
export type DocKind = (typeof DOC_KINDS)[number];

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What each file type may be: extensions with the MIME type the file is stored as, and a size limit (ours: the spec is silent). */
export const FILE_RULES = {
  inputs: { types: { xlsx: XLSX_MIME }, maxBytes: 25 * 1024 * 1024 },
  stoppages: { types: { xlsx: XLSX_MIME }, maxBytes: 25 * 1024 * 1024 },
  onboarding: {
    types: {
      pdf: 'application/pdf',
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      png: 'image/png',
      doc: 'application/msword',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      xls: 'application/vnd.ms-excel',
      xlsx: XLSX_MIME,
      csv: 'text/csv',
    },
    maxBytes: 10 * 1024 * 1024,
  },
} as const satisfies Record<DocKind, { types: Record<string, string>; maxBytes: number }>;

/** The file chooser's accept attribute for a file type. */
export function acceptFor(kind: DocKind): string {
  return Object.keys(FILE_RULES[kind].types).map((ext) => `.${ext}`).join(',');
}

/** The MIME type a file of this name is stored as, or null when the type does not allow it. */
export function storedContentType(kind: DocKind, fileName: string): string | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  const types: Record<string, string> = FILE_RULES[kind].types;
  return Object.hasOwn(types, ext) ? (types[ext] ?? null) : null;
}

/** Texts shared by the API and the screen; those of spec part 1 word for word. */
export const SUBMISSION_MESSAGES = {
  notApproved: 'You are not approved for this org/payee key.',
  monthInFuture: 'The submission month cannot be after the current month.',
  payeeKeyInvalid: 'Payee Key looks invalid. Use letters/digits (e.g., A001).',
  fileEmpty: 'The file is empty. Choose the file again.',
  xlsxOnly: 'Inputs and stoppages must be Excel workbooks (.xlsx). Save the file as "Excel Workbook (.xlsx)" and try again.',
  onboardingTypes: 'Onboarding documents must be PDF, an image (JPG, PNG), Word (DOC, DOCX), Excel (XLS, XLSX) or CSV.',
  tooLarge: (kind: DocKind) => `The file is larger than ${FILE_RULES[kind].maxBytes / 1024 / 1024} MB, the limit for this file type. Split it into smaller files and try again.`,
  stillValidating: 'The file is still being validated. Wait for the results, then submit.',
  submitBlocked: (errors: number) =>
    `Submit refused: the file has ${errors.toLocaleString('en-US')} error${errors === 1 ? '' : 's'}. Fix ${errors === 1 ? 'it' : 'them'} in the file, validate again, then submit.`,
  fileChanged: 'The file changed after it was validated. Validate it again, then submit.',
  fileMissing: 'The file has not arrived in storage. Upload it again.',
  submitComplete: 'Submit complete.',
  onboardingUploaded: 'Onboarding file uploaded.',
  noRowsIngested:
    'Submission saved. No borrower rows ingested because no parsed rows were available. Run Validate before Submit next time to populate submissions.',
  ingestFailed: 'Ingest failed.',
} as const;

/** 'Submissions updated — inserted X, updated Y, skipped Z.' (spec part 1 §7). */
export function ingestionMessage(counts: IngestionCounts): string {
  return `Submissions updated — inserted ${counts.inserted}, updated ${counts.updated}, skipped ${counts.skipped}.`;
}

/** Where the server is with an upload (spec part 1 §4), in the order it goes through them. */
export const UPLOAD_STAGES = {
  awaitingFile: 'awaiting file',
  reading: 'reading file',
  validating: 'validating on server',
  fraud: 'checking NRCs against the fraud registry',
  done: 'done',
} as const;
export type UploadStage = (typeof UPLOAD_STAGES)[keyof typeof UPLOAD_STAGES];

export const UPLOAD_STATUSES = ['awaiting_file', 'validating', 'validated', 'failed', 'submitted'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** At most this many issues of each list travel in JSON; the CSV report has them all. */
export const ISSUE_LIST_LIMIT = 200;

export const createUploadRequestSchema = z.object({
  doc_kind: z.enum(DOC_KINDS, { error: 'doc_kind must be inputs, stoppages or onboarding.' }),
  month: z.string().max(20),
  payee_key: z.string().max(100).default(''),
  file_name: z.string().trim().min(1, 'file_name is required.').max(255, 'The file name is too long (255 characters at most).'),
  size: z.number().int().nonnegative(),
  content_type: z.string().max(200).default(''),
});
export type CreateUploadRequest = z.input<typeof createUploadRequestSchema>;

export const createUploadResponseSchema = z.object({
  id: z.string(),
  max_bytes: z.number(),
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
});
export type CreateUploadResponse = z.infer<typeof createUploadResponseSchema>;

export const issueSchema = z.object({ row: z.number(), column: z.string(), type: z.enum(ISSUE_TYPES), message: z.string() });
export type IssueBody = z.infer<typeof issueSchema>;

const counts = z.object({ errors: z.number(), warnings: z.number(), fraud: z.number() });

export const uploadResponseSchema = z.object({
  id: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  stage: z.string(),
  doc_kind: z.enum(DOC_KINDS),
  month: z.string(),
  payee_key: z.string(),
  file_name: z.string(),
  created_at: z.string(),
  headers: z.array(z.string()),
  row_count: z.number(),
  preview: z.array(z.record(z.string(), z.unknown())),
  errors: z.array(issueSchema),
  warnings: z.array(issueSchema),
  fraud: z.array(issueSchema),
  /** How many issues each list holds in all (the lists above stop at ISSUE_LIST_LIMIT). */
  totals: counts,
  /** Set once submitted. */
  submission_id: z.string().nullable(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const reportLinkResponseSchema = z.object({ url: z.string(), file_name: z.string(), expires_in: z.number() });

export const submitUploadResponseSchema = z.object({
  /** null for onboarding documents: they are stored, not reviewed. */
  submission_id: z.string().nullable(),
  bucket: z.string(),
  path: z.string(),
  file_name: z.string(),
  message: z.string(),
});
export type SubmitUploadResponse = z.infer<typeof submitUploadResponseSchema>;

export const ingestionCountsSchema = z.object({ inserted: z.number(), updated: z.number(), skipped: z.number() });
export type IngestionCounts = z.infer<typeof ingestionCountsSchema>;

/** Spec part 2 §3 "Submission": the fields every view of a submission carries. */
export const submissionFieldsSchema = z.object({
  id: z.string(),
  status: z.string(),
  created_at: z.string(),
  doc_kind: z.enum(['inputs', 'stoppages']),
  payee_key: z.string(),
  upload_month: z.string(),
  bucket: z.string(),
  file_kind: z.string(),
  file_key: z.string(),
  file_name: z.string(),
  row_count: z.number(),
  org_id: z.string().nullable(),
  org_name: z.string().nullable(),
});
export type SubmissionFields = z.infer<typeof submissionFieldsSchema>;

export const submissionResponseSchema = submissionFieldsSchema.extend({
  /** pending until the rows are in borrower history, then done (with counts) or failed. */
  ingestion: z.object({ status: z.enum(['pending', 'done', 'failed']), message: z.string().nullable() }),
  counts: ingestionCountsSchema.nullable(),
});
export type SubmissionResponse = z.infer<typeof submissionResponseSchema>;

// ---- Reviews and reports (issue 7; spec part 2 §2 "Reports", "Submission Reviews", §4, §5, §7–§9) ----

/** Submission statuses (spec part 2 §4) in the order a submission goes through them. */
export const SUBMISSION_STATUSES = ['pending', 'fi_approved', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** The labels the spec shows for each status, word for word. */
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  pending: 'COMPLIANCE PENDING',
  fi_approved: 'COMPLIANCE APPROVED',
  approved: 'COMPLETED',
  rejected: 'REJECTED',
};

export function submissionStatusLabel(status: string): string {
  return (SUBMISSION_STATUS_LABELS as Record<string, string>)[status] ?? status.toUpperCase();
}

export const REVIEW_DECISIONS = ['approve', 'reject', 'complete'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/**
 * What each decision needs and gives (spec §4: approve and reject only on pending, complete only on
 * fi_approved) and who may take it (API.md: approve/reject by compliance and platform admins,
 * complete by PMEC admins and platform admins).
 */
export const DECISION_RULES = {
  approve: { from: 'pending', to: 'fi_approved', roles: ['compliance', 'super_admin', 'sys_admin'] },
  reject: { from: 'pending', to: 'rejected', roles: ['compliance', 'super_admin', 'sys_admin'] },
  complete: { from: 'fi_approved', to: 'approved', roles: ['pmec_admin', 'super_admin', 'sys_admin'] },
} as const satisfies Record<ReviewDecision, { from: SubmissionStatus; to: SubmissionStatus; roles: readonly string[] }>;

/** Assignment to a PMEC admin is open on fi_approved rows only (spec §4). */
export const ASSIGNABLE_STATUS: SubmissionStatus = 'fi_approved';

/** Spec §9: reviews page size 50 with Load more; reports show the newest 200. */
export const REVIEWS_PAGE_SIZE = 50;
export const REPORTS_LIMIT = 200;
export const SEARCH_MIN_LENGTH = 2;
/** Spec §9: signed links to review files live 60 seconds. */
export const REVIEW_FILE_LINK_SECONDS = 60;

/** Spec §5: commas, percent signs and asterisks are stripped from search text. */
export function cleanSearch(text: string): string {
  return text.replace(/[,%*]/g, '').trim().slice(0, 100);
}

const DECISION_PAST: Record<ReviewDecision, string> = { approve: 'approved', reject: 'rejected', complete: 'completed' };

/** Texts of the review screens: the spec's word for word, ours where it is silent. */
export const REVIEW_MESSAGES = {
  reasonRequired: 'Rejection requires a reason.',
  pmecEmailRequired: 'Select or type a PMEC admin email.',
  searchTooShort: `Type at least ${SEARCH_MIN_LENGTH} characters to search.`,
  noSubmissions: 'No submissions found.',
  missingPath: 'Missing upload_month or payee_key.',
  fileNotFound: 'No matching file found under inputs/ or stoppages/.',
  linkFailed: 'Could not generate download link.',
  /** Spec §8, word for word. */
  bulk: (decision: ReviewDecision, succeeded: number, failed: number) => `Bulk ${decision}: ${succeeded} succeeded, ${failed} failed.`,
  done: (decision: ReviewDecision, status: string) => `Submission ${DECISION_PAST[decision]}: now ${submissionStatusLabel(status)}.`,
  assigned: (email: string) => `Assigned to ${email}.`,
  notAllowed: (decision: ReviewDecision) =>
    decision === 'complete'
      ? 'Only PMEC admins and platform admins can mark a submission completed.'
      : `Only compliance reviewers and platform admins can ${decision} a submission.`,
  /** A decision on a row in another state: what it is now and what to do. */
  wrongState: (decision: ReviewDecision, status: string) =>
    `This submission is ${submissionStatusLabel(status)}, so it cannot be ${DECISION_PAST[decision]}: only ${submissionStatusLabel(DECISION_RULES[decision].from)} submissions can. Refresh the list to see its current state.`,
  notAssignable: (status: string) =>
    `This submission is ${submissionStatusLabel(status)}: only ${submissionStatusLabel(ASSIGNABLE_STATUS)} submissions can be assigned to a PMEC admin. Refresh the list to see its current state.`,
  notPmecAdmin: (email: string) => `${email} is not a PMEC admin. Pick one from the list, or ask a platform admin to grant the PMEC Admin role first.`,
} as const;

export const submissionListItemSchema = submissionFieldsSchema.extend({
  submitted_by_email: z.string().nullable(),
  decision_reason: z.string().nullable(),
  reviewed_by_email: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  assigned_to_email: z.string().nullable(),
  assigned_at: z.string().nullable(),
  completed_by_email: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type SubmissionListItem = z.infer<typeof submissionListItemSchema>;

/** GET /api/submissions: newest first; `next_cursor` is null once everything matching was read. */
export const submissionListResponseSchema = z.object({ items: z.array(submissionListItemSchema), next_cursor: z.string().nullable() });
export type SubmissionListResponse = z.infer<typeof submissionListResponseSchema>;

const note = z.string().max(2000, 'The note is too long (2,000 characters at most).').optional();

export const decisionRequestSchema = z.object({
  decision: z.enum(REVIEW_DECISIONS, { error: 'decision must be approve, reject or complete.' }),
  note,
});
export type DecisionRequest = z.input<typeof decisionRequestSchema>;

export const decisionResponseSchema = z.object({ item: submissionListItemSchema, message: z.string() });
export type DecisionResponse = z.infer<typeof decisionResponseSchema>;

export const bulkDecisionRequestSchema = decisionRequestSchema.extend({
  ids: z.array(z.string().max(100)).min(1, 'Select at least one submission.').max(REPORTS_LIMIT, `Select at most ${REPORTS_LIMIT} submissions at a time.`),
});
export type BulkDecisionRequest = z.input<typeof bulkDecisionRequestSchema>;

export const bulkDecisionResponseSchema = z.object({
  decision: z.enum(REVIEW_DECISIONS),
  succeeded: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), error: z.string(), message: z.string() })),
  message: z.string(),
});
export type BulkDecisionResponse = z.infer<typeof bulkDecisionResponseSchema>;

export const assignRequestSchema = z.object({ pmec_email: z.string().max(320).default('') });
export type AssignRequest = z.input<typeof assignRequestSchema>;

export const pmecAdminsResponseSchema = z.object({ items: z.array(z.object({ user_id: z.string(), email: z.string() })) });
export type PmecAdminsResponse = z.infer<typeof pmecAdminsResponseSchema>;

export const submissionFileResponseSchema = z.object({ url: z.string(), file_name: z.string(), expires_in: z.number() });
export type SubmissionFileResponse = z.infer<typeof submissionFileResponseSchema>;
