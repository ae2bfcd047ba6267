import { z } from 'zod';
import { fraudReportSchema } from '../rules/fraud-report.js';
import { FRAUD_REPORT_MESSAGES } from '../rules/fraud-report.js';
import { isValidNrc, normaliseNrc } from '../rules/nrc.js';
import { presignedPostSchema } from './presigned-post.js';
import { queryValue } from './query.js';

/** Evidence file types of spec part 1 §2 "Fraud Report", each with the MIME types it may be sent as (the first is canonical). */
export const EVIDENCE_TYPES = {
  pdf: ['application/pdf'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  // Browsers on machines with Excel installed report .csv as application/vnd.ms-excel.
  csv: ['text/csv', 'application/vnd.ms-excel', 'text/plain'],
} as const satisfies Record<string, readonly string[]>;
export type EvidenceExtension = keyof typeof EVIDENCE_TYPES;
export const EVIDENCE_EXTENSIONS = Object.keys(EVIDENCE_TYPES) as EvidenceExtension[];
/** For file inputs' accept attribute and messages: ".pdf, .jpg, …". */
export const EVIDENCE_ACCEPT = EVIDENCE_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** Our choices where the spec is silent: 10 MB a file, 10 files a report. */
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
export const EVIDENCE_MAX_FILES = 10;

/** Spec §9: fraud search page size 10; searches above 100 NRCs are paged; latest list 50 (minimum 10). */
export const FRAUD_PAGE_SIZE = 10;
export const FRAUD_PAGED_ABOVE = 100;
export const LATEST_DEFAULT = 50;
export const LATEST_MIN = 10;
export const LATEST_MAX = 200;
/**
 * A page of search or latest results stops before its reports weigh this many bytes of JSON and gives a
 * cursor to the rest: a Lambda answer may not pass 6 MB, and a person never needs a megabyte of reports at once.
 */
export const FRAUD_PAGE_BYTES = 1024 * 1024;
/** One search or check takes at most this many NRCs: a 100,000-line paste works, more is refused clearly. */
export const MAX_NRCS_PER_REQUEST = 100_000;
export const ATTACHMENT_LINK_SECONDS = 900;
export const WITHDRAW_REASON_MAX = 500;

/** Fraud reports an organisation may file in an hour. */
export const FRAUD_REPORTS_PER_HOUR = 20;

export const FRAUD_MESSAGES = {
  submitted: 'Fraud report submitted.',
  tooManyReports: (resetsAt: string) =>
    `Your organisation has filed ${FRAUD_REPORTS_PER_HOUR} fraud reports this hour, the most allowed. File this one after ${resetsAt}.`,
  noNrcs: 'No valid NRCs to search. Paste text containing NRCs such as 123456/78/9.',
  tooManyNrcs: `Search at most ${MAX_NRCS_PER_REQUEST.toLocaleString('en-US')} NRCs at a time. Split the list and search each part.`,
  tooManyFiles: `Attach at most ${EVIDENCE_MAX_FILES} files to one report.`,
  fileTooLarge: `Each attachment can be at most ${EVIDENCE_MAX_BYTES / 1024 / 1024} MB.`,
  fileTypeNotAllowed: `Attachments must be one of: ${EVIDENCE_EXTENSIONS.map((ext) => `.${ext}`).join(' ')}.`,
  /** Its first bytes are not what its name says (a renamed file, or one posted with a false type). */
  notWhatItClaims: (name: string, extension: string) =>
    `'${name}' is not a real .${extension} file: its content is of another kind. Attach the original file, saved as .${extension}, and file the report again.`,
  /** A report is filed as the organisation holding its payee key (spec part 1 §8's refusal, with what to do instead). */
  notYourPayeeKey: (own: readonly string[]) =>
    own.length > 0
      ? `You are not approved for this org/payee key. File the report under your organisation's payee key: ${own.join(', ')}.`
      : "You are not approved for this org/payee key. Only approved members of the organisation holding a payee key can report under it; ask your organisation's admin to approve you.",
  unknownPayeeKey: (payeeKey: string) => `No organisation holds the payee key '${payeeKey}'. Check the key, or register the organisation first.`,
  /** Withdrawing a report, and its expiry. */
  withdrawReason: `Give the reason for withdrawing this report, at most ${WITHDRAW_REASON_MAX} characters.`,
  withdrawNotYours: 'Only the admins of the organisation that filed this report, or a platform admin, can withdraw it.',
  withdrawNotFound: 'There is no fraud report with this id.',
  notActive: (status: string) => `This report is already ${status}; it no longer flags anyone.`,
  withdrawn: 'Report withdrawn. It no longer flags this NRC in registry checks or file validation.',
  expiredReason: (years: number) => `Expired ${years} year${years === 1 ? '' : 's'} after it was filed.`,
} as const;

/** The extension of a file name, lower-cased, when it is an allowed evidence type. */
export function evidenceExtension(fileName: string): EvidenceExtension | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  return ext && ext in EVIDENCE_TYPES ? (ext as EvidenceExtension) : null;
}

/** A list of NRCs (slashed or 9–11 digits), every one valid; the first bad one is named. */
const nrcList = z
  .array(z.string().max(40), { error: 'nrcs must be a list of NRCs.' })
  .min(1, FRAUD_MESSAGES.noNrcs)
  .max(MAX_NRCS_PER_REQUEST, FRAUD_MESSAGES.tooManyNrcs)
  .superRefine((list, ctx) => {
    const bad = list.findIndex((nrc) => !isValidNrc(nrc));
    if (bad >= 0) {
      ctx.addIssue({ code: 'custom', path: [bad], message: `'${list[bad]}' is not a valid NRC. ${FRAUD_REPORT_MESSAGES.nrcFormat}` });
    }
  })
  .transform((list) => [...new Set(list.map(normaliseNrc))]);

export const evidenceUploadRequestSchema = z.object({
  file_name: z.string().trim().min(1, 'file_name is required.').max(255, 'file_name is too long (255 characters at most).'),
  size: z.number().int().min(1, 'The file is empty.').max(EVIDENCE_MAX_BYTES, FRAUD_MESSAGES.fileTooLarge),
  content_type: z.string().max(200).optional(),
});

export const evidenceUploadResponseSchema = z.object({
  /** Pass this back in the report's `attachments`. */
  key: z.string(),
  name: z.string(),
  content_type: z.string(),
  max_bytes: z.number(),
  upload: presignedPostSchema,
});

export const createFraudReportRequestSchema = fraudReportSchema.extend({
  attachments: z
    .array(z.string().max(400), { error: 'attachments must be a list of keys.' })
    .max(EVIDENCE_MAX_FILES, FRAUD_MESSAGES.tooManyFiles)
    .refine((keys) => new Set(keys).size === keys.length, 'The same attachment is listed twice.')
    .optional()
    .transform((keys) => keys ?? []),
  /** Generated by the browser per form submission: a retried request answers with the same report. */
  request_id: z.uuid('request_id must be a UUID.').optional(),
});
export type CreateFraudReportRequest = z.input<typeof createFraudReportRequestSchema>;

export const createFraudReportResponseSchema = z.object({ id: z.string(), message: z.string() });

export const fraudReportFileSchema = z.object({
  path: z.string(),
  name: z.string(),
  /** Signed link, valid for ATTACHMENT_LINK_SECONDS. */
  url: z.string(),
});

export const REPORT_STATUSES = ['active', 'withdrawn', 'expired'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const fraudReportItemSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  fi_name: z.string(),
  type: z.string(),
  nrc: z.string(),
  person_name: z.string(),
  description: z.string(),
  report_month: z.string(),
  payee_key: z.string(),
  files: z.array(fraudReportFileSchema),
  /** Only an active report flags; a withdrawn or expired one stays in search with why. */
  status: z.enum(REPORT_STATUSES),
  status_reason: z.string().nullable(),
  status_at: z.string().nullable(),
  /** A dispute of this lender's deduction from the borrower was upheld on this date. */
  disputed: z.object({ at: z.string() }).nullable(),
  /** Whether the caller may withdraw it (an admin of the filing organisation, or a platform admin). */
  can_withdraw: z.boolean(),
});
export type FraudReportItem = z.infer<typeof fraudReportItemSchema>;

/** POST /api/fraud-reports/{id}/withdraw */
export const withdrawFraudReportRequestSchema = z
  .object({
    reason: z
      .string({ error: FRAUD_MESSAGES.withdrawReason })
      .trim()
      .min(1, FRAUD_MESSAGES.withdrawReason)
      .max(WITHDRAW_REASON_MAX, FRAUD_MESSAGES.withdrawReason),
  })
  .strict();
export const withdrawFraudReportResponseSchema = z.object({ report: fraudReportItemSchema, message: z.string() });
export type WithdrawFraudReportResponse = z.infer<typeof withdrawFraudReportResponseSchema>;

export const fraudSearchRequestSchema = z.object({
  nrcs: nrcList,
  cursor: z.string().max(500).optional(),
});

export const fraudSearchResponseSchema = z.object({
  items: z.array(fraudReportItemSchema),
  /** Reports matching the whole list. */
  total: z.number(),
  /** Distinct NRCs of the list found on the registry. */
  matched_nrcs: z.number(),
  /**
   * True when results come in pages: above FRAUD_PAGED_ABOVE NRCs (FRAUD_PAGE_SIZE a page), above 200
   * reports, or when the reports pass FRAUD_PAGE_BYTES; next_cursor then leads to the rest.
   */
  paged: z.boolean(),
  next_cursor: z.string().nullable(),
});
export type FraudSearchResponse = z.infer<typeof fraudSearchResponseSchema>;

export const latestFraudReportsResponseSchema = z.object({
  items: z.array(fraudReportItemSchema),
  limit: z.number(),
  next_cursor: z.string().nullable(),
});
export type LatestFraudReportsResponse = z.infer<typeof latestFraudReportsResponseSchema>;

export const registryCheckRequestSchema = z.object({ nrcs: nrcList });
export const registryCheckResponseSchema = z.object({
  /** The NRCs (slashed) of the list that are on the registry. */
  flagged: z.array(z.string()),
});

/** GET /api/fraud-reports?limit=&cursor= (spec §9): 50 by default, at least 10, at most LATEST_MAX. */
export const latestFraudReportsQuerySchema = z.object({
  limit: queryValue((raw, refuse) => {
    if (raw === undefined || raw === '') return LATEST_DEFAULT;
    if (!/^\d{1,6}$/.test(raw.trim())) refuse(`limit must be a whole number from ${LATEST_MIN} to ${LATEST_MAX}.`, 'invalid_limit');
    return Math.min(LATEST_MAX, Math.max(LATEST_MIN, Number(raw)));
  }),
  cursor: queryValue((raw) => raw || undefined),
});
