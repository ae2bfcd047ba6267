import { getUpload, type UploadRecord } from '#data/uploads/upload.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ForbiddenError, NotFoundError } from '#http/errors.js';
import { isUuid } from '#shared/ids.js';
import { canSeeUpload } from './access.js';

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
