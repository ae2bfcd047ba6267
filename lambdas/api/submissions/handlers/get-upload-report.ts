import { reportLink } from '#data/uploads/results.js';
import { ConflictError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/submissions.js';
import { loadVisibleUpload } from '../load.js';

/**
 * GET /api/uploads/{id}/report: a one-minute link to the CSV report validation wrote with every issue
 * (the JSON lists stop at ISSUE_LIST_LIMIT; a report can be far larger than an API response may be).
 */
export const handler = createApiHandler(routes.getUploadReport, async ({ caller, params }) => {
  const upload = await loadVisibleUpload(caller, params.id);
  if (upload.doc_kind === 'onboarding' || !upload.validated_at) {
    throw new ConflictError('There is no report for this upload yet. Validate the file first.', 'no_report');
  }
  const fileName = `${upload.slug.replace(/\.[^.]*$/, '')}-report.csv`;
  const link = await reportLink(upload.id, fileName);
  return { ...link, file_name: fileName };
});
