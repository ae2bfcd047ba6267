import { bucketName } from '#adapters/aws-clients.js';
import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { storedFileExists, storedFileLink } from '#data/submissions/reviews.js';
import { ConflictError, NotFoundError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { REVIEW_FILE_LINK_SECONDS, REVIEW_MESSAGES } from '#shared/api/reviews.js';
import * as routes from '#shared/routes/reviews.js';
import { displayFileName } from '#shared/rules/display-name.js';
import { loadVisibleSubmission } from '../../common/submission.js';

/**
 * GET /api/submissions/{id}/file: a 60-second link to the submitted workbook (spec part 2 §9). The route
 * admits reviewers and organisation admins; the object check asks for those roles in the submission's
 * organisation (PMEC's reviewers oversee every organisation). Each link handed out is audited: the file holds NRCs.
 */
export const handler = createApiHandler(routes.getSubmissionFile, async ({ caller: me, params }) => {
  const submission = await loadVisibleSubmission(me, params.id, routes.getSubmissionFile.access);
  if (!submission.upload_month || !submission.payee_key) throw new ConflictError(REVIEW_MESSAGES.missingPath, 'missing_path');
  if (submission.bucket !== bucketName('uploads') || !(await storedFileExists(submission.file_key))) {
    throw new NotFoundError(REVIEW_MESSAGES.fileNotFound, 'file_not_found');
  }
  const url = await storedFileLink(submission.file_key, submission.file_name);
  await writeAudit({
    actor: me,
    org_id: submission.org_id,
    action: 'submission.file_open',
    subject: auditSubject.submission(submission.id),
    outcome: 'ok',
    details: { file_key: submission.file_key, expires_in: REVIEW_FILE_LINK_SECONDS },
  });
  return { url, file_name: displayFileName(submission.file_name), expires_in: REVIEW_FILE_LINK_SECONDS };
});
