import type { ReviewedSubmission } from '#data/submissions/reviews.js';
import type { SubmissionListItem } from '#shared/api/reviews.js';
import { reviewFields, submissionFields } from '../common/submission.js';

/** A submission as the reviews and reports tables read it (spec part 2 §3 "Submission"), with who reviewed it. */
export function listItemView(record: ReviewedSubmission): SubmissionListItem {
  return { ...submissionFields(record), ...reviewFields(record) };
}
