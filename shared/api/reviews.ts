import { z } from 'zod';
import { PLATFORM_ROLES } from '../roles.js';
import { queryText, queryValue } from './query.js';
import { submissionFieldsSchema, submissionReviewSchema } from './submissions.js';

/** Reviews and reports (spec part 2 §2 "Reports", "Submission Reviews", §4, §5, §7–§9). */

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
  approve: { from: 'pending', to: 'fi_approved', roles: ['compliance', ...PLATFORM_ROLES] },
  reject: { from: 'pending', to: 'rejected', roles: ['compliance', ...PLATFORM_ROLES] },
  complete: { from: 'fi_approved', to: 'approved', roles: ['pmec_admin', ...PLATFORM_ROLES] },
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

export const submissionListItemSchema = submissionFieldsSchema.extend(submissionReviewSchema.shape);
export type SubmissionListItem = z.infer<typeof submissionListItemSchema>;

/** GET /api/submissions: newest first; `next_cursor` is null once everything matching was read. */
export const submissionListResponseSchema = z.object({ items: z.array(submissionListItemSchema), next_cursor: z.string().nullable() });

const note = z.string().max(2000, 'The note is too long (2,000 characters at most).').optional();

export const decisionRequestSchema = z.object({
  decision: z.enum(REVIEW_DECISIONS, { error: 'decision must be approve, reject or complete.' }),
  note,
});

export const decisionResponseSchema = z.object({ item: submissionListItemSchema, message: z.string() });
export type DecisionResponse = z.infer<typeof decisionResponseSchema>;

export const bulkDecisionRequestSchema = decisionRequestSchema.extend({
  ids: z.array(z.string().max(100)).min(1, 'Select at least one submission.').max(REPORTS_LIMIT, `Select at most ${REPORTS_LIMIT} submissions at a time.`),
});

/** The file a bulk failure is about, so the screen can name it after the row left its list; null when the caller may not see it. */
const bulkFailedFileSchema = submissionFieldsSchema.pick({ org_name: true, payee_key: true, doc_kind: true, upload_month: true, status: true });
export type BulkFailedFile = z.infer<typeof bulkFailedFileSchema>;

export const bulkDecisionResponseSchema = z.object({
  decision: z.enum(REVIEW_DECISIONS),
  succeeded: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), error: z.string(), message: z.string(), file: bulkFailedFileSchema.nullable() })),
  message: z.string(),
});
export type BulkDecisionResponse = z.infer<typeof bulkDecisionResponseSchema>;

export const assignRequestSchema = z.object({ pmec_email: z.string().max(320).default('') });

export const pmecAdminsResponseSchema = z.object({ items: z.array(z.object({ user_id: z.string(), email: z.string() })) });

export const submissionFileResponseSchema = z.object({ url: z.string(), file_name: z.string(), expires_in: z.number() });

/** GET /api/submissions?scope=&status=&kind=&timing=&q=&cursor=&limit= */
export const submissionListQuerySchema = z.object({
  /** Absent: reviewers get the reviews list, organisation admins the reports list (API.md). */
  scope: queryValue((raw, refuse) => {
    const scope = (raw ?? '').trim().toLowerCase();
    if (scope === '') return undefined;
    if (scope !== 'reviews' && scope !== 'reports') refuse('scope must be reviews or reports.', 'invalid_scope');
    return scope as 'reviews' | 'reports';
  }),
  status: queryValue((raw, refuse) => {
    const status = (raw ?? '').trim().toLowerCase();
    if (status === '' || status === 'all') return null;
    if (!(SUBMISSION_STATUSES as readonly string[]).includes(status))
      refuse('status must be pending, fi_approved, approved, rejected or all.', 'invalid_status');
    return status as SubmissionStatus;
  }),
  kind: queryValue((raw, refuse) => {
    const kind = (raw ?? '').trim().toLowerCase();
    if (kind === '' || kind === 'all') return undefined;
    if (kind !== 'inputs' && kind !== 'stoppages') refuse('kind must be inputs, stoppages or all.', 'invalid_kind');
    return kind as 'inputs' | 'stoppages';
  }),
  /** 'late' lists only submissions made after their month's window closed. */
  timing: queryValue((raw, refuse) => {
    const timing = (raw ?? '').trim().toLowerCase();
    if (timing === '' || timing === 'all') return undefined;
    if (timing !== 'late') refuse('timing must be late or all.', 'invalid_timing');
    return 'late' as const;
  }),
  q: queryValue((raw, refuse) => {
    const q = cleanSearch(raw ?? '').toLowerCase();
    if (q === '') return undefined;
    if (q.length < SEARCH_MIN_LENGTH) refuse(REVIEW_MESSAGES.searchTooShort, 'search_too_short');
    return q;
  }),
  /** Absent: the scope's page size. */
  limit: queryValue((raw, refuse) => {
    if (raw === undefined || raw.trim() === '') return undefined;
    const limit = Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > REPORTS_LIMIT) refuse(`limit must be a whole number from 1 to ${REPORTS_LIMIT}.`, 'invalid_limit');
    return limit;
  }),
  cursor: queryText,
});
export type SubmissionListQuery = z.output<typeof submissionListQuerySchema>;
