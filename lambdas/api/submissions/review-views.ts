import type { SubmissionListItem } from '../../../shared/api/submissions.js';
import type { ReviewedSubmission } from '../../data/reviews.js';

/** A submission as the reviews and reports tables read it (spec part 2 §3 "Submission"). */
export function listItemView(record: ReviewedSubmission): SubmissionListItem {
  return {
    id: record.id,
    created_at: record.created_at,
    status: record.status,
    doc_kind: record.doc_kind,
    payee_key: record.payee_key,
    upload_month: record.upload_month,
    bucket: record.bucket,
    file_kind: record.file_kind,
    file_key: record.file_key,
    file_name: record.file_name,
    row_count: record.row_count,
    org_id: record.org_id ?? null,
    org_name: record.org_name ?? null,
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
