import type { SubmissionListItem } from '../../../shared/api/reviews.js';
import type { ReviewedSubmission } from '../../data/reviews.js';
import { submissionFields } from '../common/submission.js';

/** A submission as the reviews and reports tables read it (spec part 2 §3 "Submission"), with who reviewed it. */
export function listItemView(record: ReviewedSubmission): SubmissionListItem {
  return {
    ...submissionFields(record),
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
