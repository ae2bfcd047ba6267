import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/submissions.js';
import { loadVisibleSubmission } from '../../common/submission.js';
import { submissionView } from '../views.js';

/** GET /api/submissions/{id}: with the ingestion counts once the rows are in borrower history. */
export const handler = createApiHandler(routes.getSubmission, async ({ caller, params }) => {
  const submission = await loadVisibleSubmission(caller, params.id);
  return submissionView(submission);
});
