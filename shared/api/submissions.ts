import { z } from 'zod';
import { ISSUE_TYPES } from '../rules/issues.js';
import { registerDifferenceSchema } from './register.js';
import { signalBaselineSchema, signalCountsSchema, signalSchema } from './signals.js';

/** The three file types of the Submissions screen (spec part 1 §2), and PMEC's payroll register (no payee key). */
export const DOC_KINDS = ['inputs', 'stoppages', 'onboarding', 'register', 'applied'] as const;
export type DocKind = (typeof DOC_KINDS)[number];

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What each file type may be: extensions with the MIME type the file is stored as, and a size limit (ours: the spec is silent). */
export const FILE_RULES = {
  // A file of DEFAULT_MAX_ROWS rows (shared/xlsx/read-first-sheet.ts) is about 65 MB as Excel writes it.
  inputs: { types: { xlsx: XLSX_MIME }, maxBytes: 100 * 1024 * 1024 },
  stoppages: { types: { xlsx: XLSX_MIME }, maxBytes: 100 * 1024 * 1024 },
  // 300,000 employees of seven columns are about 20 MB as Excel writes them.
  register: { types: { xlsx: XLSX_MIME }, maxBytes: 100 * 1024 * 1024 },
  // What the payroll applied: one row a schedule line, five columns (a little smaller than a deduction file).
  applied: { types: { xlsx: XLSX_MIME }, maxBytes: 100 * 1024 * 1024 },
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
  return Object.keys(FILE_RULES[kind].types)
    .map((ext) => `.${ext}`)
    .join(',');
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
  xlsxOnly: 'Inputs, stoppages and registers must be Excel workbooks (.xlsx). Save the file as "Excel Workbook (.xlsx)" and try again.',
  registerOnly: "Only PMEC's admins and platform admins read the payroll register. Lenders upload inputs, stoppages and onboarding documents.",
  onboardingTypes: 'Onboarding documents must be PDF, an image (JPG, PNG), Word (DOC, DOCX), Excel (XLS, XLSX) or CSV.',
  tooLarge: (kind: DocKind) =>
    `The file is larger than ${FILE_RULES[kind].maxBytes / 1024 / 1024} MB, the limit for this file type. Split it into smaller files and try again.`,
  stillValidating: 'The file is still being validated. Wait for the results, then submit.',
  submitBlocked: (errors: number) =>
    `Submit refused: the file has ${errors.toLocaleString('en-US')} error${errors === 1 ? '' : 's'}. Fix ${errors === 1 ? 'it' : 'them'} in the file, validate again, then submit.`,
  fileChanged: 'The file changed after it was validated. Validate it again, then submit.',
  secondFile: 'A second file was sent with this upload link while the first was being checked. Validate the file again.',
  fileMissing: 'The file has not arrived in storage. Upload it again.',
  submitComplete: 'Submit complete.',
  onboardingUploaded: 'Onboarding file uploaded.',
  noRowsIngested:
    'Submission saved. No borrower rows ingested because no parsed rows were available. Run Validate before Submit next time to populate submissions.',
  ingestFailed: 'Ingest failed.',
  validationLimit: (perDay: number, nextAt: string) =>
    `Your organisation has sent its ${perDay.toLocaleString('en-US')} deduction files for validation today, the daily limit. The next can be sent from ${nextAt.slice(0, 16).replace('T', ' ')} UTC; a platform admin sets the limit on /admin.`,
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
  /** Beyond the spec: the deduction signals. */
  signals: 'comparing with last month and borrower records',
  done: 'done',
} as const;
export type UploadStage = (typeof UPLOAD_STAGES)[keyof typeof UPLOAD_STAGES];

/** The server's stage as the progress line reads it (spec part 1 §4): the screen's and the CLI's. */
export function stageText(stage: string): string {
  if (stage === UPLOAD_STAGES.fraud) return 'Checking NRCs against the fraud registry…';
  return stage === UPLOAD_STAGES.signals ? 'Comparing with last month and borrower records…' : 'Validating on server…';
}

export const UPLOAD_STATUSES = ['awaiting_file', 'validating', 'validated', 'failed', 'submitted'] as const;

/** At most this many issues of each list travel in JSON; the CSV report has them all. */
export const ISSUE_LIST_LIMIT = 200;

export const createUploadRequestSchema = z.object({
  doc_kind: z.enum(DOC_KINDS, { error: 'doc_kind must be inputs, stoppages, onboarding, register or applied.' }),
  month: z.string().max(20),
  payee_key: z.string().max(100).default(''),
  file_name: z.string().trim().min(1, 'file_name is required.').max(255, 'The file name is too long (255 characters at most).'),
  size: z.number().int().nonnegative(),
  content_type: z.string().max(200).default(''),
  /** An applied deductions file: the version of the month's frozen payroll schedule it answers. */
  schedule_version: z.number().int().positive().optional(),
  /** An applied deductions file in parts: the payee keys this part covers, every line of theirs and no other. Without it, the whole month. */
  part_payee_keys: z.array(z.string().max(100)).min(1, 'Name at least one payee key this part covers, or none for the whole month.').max(5000).optional(),
});
export type CreateUploadRequest = z.input<typeof createUploadRequestSchema>;

export const createUploadResponseSchema = z.object({
  id: z.string(),
  max_bytes: z.number(),
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
});
export type CreateUploadResponse = z.infer<typeof createUploadResponseSchema>;

/** row: null for a finding about the whole file (shown as 'File'). */
export const issueSchema = z.object({ row: z.number().nullable(), column: z.string(), type: z.enum(ISSUE_TYPES), message: z.string() });

const counts = z.object({ errors: z.number(), warnings: z.number(), fraud: z.number() });

/** An upload as the API shows it. The stored record (lambdas/data/uploads/upload.ts) declares these fields through this schema. */
export const uploadResponseSchema = z.object({
  id: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  /** One of UPLOAD_STAGES when written; an upload stored under an older stage's words shows them. */
  stage: z.string(),
  doc_kind: z.enum(DOC_KINDS),
  month: z.string(),
  /** Normalised; '' for an onboarding document sent without one. */
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
  /** The deduction signals: null until a validated inputs or stoppages file has them. */
  signal_counts: signalCountsSchema.nullable(),
  signal_baseline: signalBaselineSchema.nullable(),
  /** At most SIGNAL_PAGE_SIZE of each type; GET /api/uploads/{id}/signals pages through the rest. */
  signals: z.array(signalSchema),
  /** A payroll register's difference from the current register; null for other files and before validation. */
  register_difference: registerDifferenceSchema.nullable(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const reportLinkResponseSchema = z.object({ url: z.string(), file_name: z.string(), expires_in: z.number() });

export const submitUploadResponseSchema = z.object({
  /** null for onboarding documents and registers: they are stored, not reviewed. */
  submission_id: z.string().nullable(),
  bucket: z.string(),
  path: z.string(),
  file_name: z.string(),
  message: z.string(),
  /** Submitted after its month's window closed; false for onboarding documents. */
  late: z.boolean(),
  /** A payroll register's Submit proposes it: a second admin of the payroll authority approves it. */
  status: z.enum(['proposed']).optional(),
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
  /** The deduction signals found when it was validated; null for a file validated before them. */
  signal_counts: signalCountsSchema.nullable(),
  signal_baseline: signalBaselineSchema.nullable(),
  /** Submitted after its month's window closed. */
  late: z.boolean(),
});
export type SubmissionFields = z.infer<typeof submissionFieldsSchema>;

/** Where a submission stands in review: who submitted, decided, was assigned and completed it, when, and a rejection's reason. */
export const submissionReviewSchema = z.object({
  submitted_by_email: z.string().nullable(),
  decision_reason: z.string().nullable(),
  reviewed_by_email: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  assigned_to_email: z.string().nullable(),
  assigned_at: z.string().nullable(),
  completed_by_email: z.string().nullable(),
  completed_at: z.string().nullable(),
});

export type SubmissionReview = z.infer<typeof submissionReviewSchema>;

export const submissionResponseSchema = submissionFieldsSchema.extend({
  ...submissionReviewSchema.shape,
  /** pending until the rows are in borrower history, then done (with counts) or failed. */
  ingestion: z.object({ status: z.enum(['pending', 'done', 'failed']), message: z.string().nullable() }),
  counts: ingestionCountsSchema.nullable(),
});
export type SubmissionResponse = z.infer<typeof submissionResponseSchema>;
