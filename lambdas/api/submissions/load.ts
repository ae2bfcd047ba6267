import { isUuid } from '../../../shared/ids.js';
import { getSubmission, type SubmissionRecord } from '../../data/submissions.js';
import { getUpload, type UploadRecord } from '../../data/uploads.js';
import type { Access } from '../../../shared/access.js';
import type { AuthenticatedCaller } from '../../lib/caller.js';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { canSeeSubmission, canSeeUpload } from './access.js';

/** The upload with this id, or 404. */
export async function uploadOr404(id: string | undefined): Promise<UploadRecord> {
  const upload = id && isUuid(id) ? await getUpload(id) : null;
  if (!upload) throw new NotFoundError('No such upload. Start again with Validate.', 'upload_not_found');
  return upload;
}

/** The upload with this id if the caller may see it: 404 when there is none, 403 when it is another organisation's. */
export async function loadVisibleUpload(me: AuthenticatedCaller, id: string | undefined): Promise<UploadRecord> {
  const upload = await uploadOr404(id);
  if (!(await canSeeUpload(me, upload))) throw new ForbiddenError('This upload belongs to another organisation.');
  return upload;
}

/**
 * The submission with this id if the caller holds the route's access over it (`access`: the roles a
 * member of its organisation needs; PMEC's reviewers oversee every organisation): 404 when there is
 * none, 403 otherwise.
 */
export async function loadVisibleSubmission(me: AuthenticatedCaller, id: string | undefined, access?: Access): Promise<SubmissionRecord> {
  const submission = id && isUuid(id) ? await getSubmission(id) : null;
  if (!submission) throw new NotFoundError('No such submission.', 'submission_not_found');
  if (!(await canSeeSubmission(me, submission, access))) throw new ForbiddenError('This submission belongs to another organisation, or your role there does not allow this.');
  return submission;
}
