import { createApiHandler, requireSignedIn } from '../../../lib/handler.js';
import { loadVisibleSubmission } from '../load.js';
import { submissionView } from '../views.js';

/** GET /api/submissions/{id}: with the ingestion counts once the rows are in borrower history. */
export const handler = createApiHandler('get-submission', async ({ caller, params }) => {
  const submission = await loadVisibleSubmission(requireSignedIn(caller), params.id);
  return submissionView(submission);
});
