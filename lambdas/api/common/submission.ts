import { getSubmission, type SubmissionRecord } from '#data/submissions/submissions.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ForbiddenError, NotFoundError } from '#http/errors.js';
import { type Access, APPROVED } from '#shared/access.js';
import type { SubmissionFields, SubmissionReview } from '#shared/api/submissions.js';
import { isUuid } from '#shared/ids.js';
import { displayFileName } from '#shared/rules/display-name.js';
import { mayActOn } from './object-access.js';

/** A submission: its organisation's members with the route's roles, and reviewers overseeing it (API.md). */
export function canSeeSubmission(
  me: AuthenticatedCaller,
  submission: { submitted_by: string; org_id: string | null },
  access: Access = APPROVED,
): Promise<boolean> {
  return mayActOn(me, access, { userId: submission.submitted_by, orgId: submission.org_id }, { oversight: true });
}

/**
 * The submission with this id if the caller holds the route's access over it (`access`: the roles a
 * member of its organisation needs; PMEC's reviewers oversee every organisation): 404 when there is
 * none, 403 otherwise.
 */
export async function loadVisibleSubmission(me: AuthenticatedCaller, id: string | undefined, access?: Access): Promise<SubmissionRecord> {
  const submission = id && isUuid(id) ? await getSubmission(id) : null;
  if (!submission) throw new NotFoundError('No such submission.', 'submission_not_found');
  if (!(await canSeeSubmission(me, submission, access)))
    throw new ForbiddenError('This submission belongs to another organisation, or your role there does not allow this.');
  return submission;
}

/** Where it stands in review (shared/api/submissions.ts submissionReviewSchema). */
export function reviewFields(record: SubmissionRecord): SubmissionReview {
  return {
    submitted_by_email: record.submitted_by_email ?? null,
    decision_reason: record.decision_reason ?? null,
    reviewed_by_email: record.reviewed_by_email ?? null,
    reviewed_at: record.reviewed_at ?? null,
    assigned_to_email: record.assigned_to_email ?? null,
    assigned_at: record.assigned_at ?? null,
    completed_by_email: record.completed_by_email ?? null,
    completed_at: record.completed_at ?? null,
  };
}

/** The fields every view of a submission carries (shared/api/submissions.ts submissionFieldsSchema). */
export function submissionFields(record: SubmissionRecord): SubmissionFields {
  return {
    id: record.id,
    status: record.status,
    created_at: record.created_at,
    doc_kind: record.doc_kind,
    payee_key: record.payee_key,
    upload_month: record.upload_month,
    bucket: record.bucket,
    file_kind: record.file_kind,
    file_key: record.file_key,
    file_name: displayFileName(record.file_name),
    row_count: record.row_count,
    org_id: record.org_id ?? null,
    org_name: record.org_name ?? null,
    signal_counts: record.signal_counts ?? null,
    signal_baseline: record.signal_baseline ?? null,
    late: record.late === true,
  };
}
