import { randomUUID } from 'node:crypto';
import { UPLOAD_STAGES } from '../../../../shared/api/submissions.js';
import { incomingKey, presignUpload, putUpload, type UploadRecord } from '../../../data/uploads.js';
import { createApiHandler } from '../../../http/handler.js';
import { authorisePayrollAuthority } from '../../common/payroll-authority.js';
import { authorisePayeeKey } from '../access.js';
import { checkUploadRequest } from '../upload-request.js';
import * as routes from '../../../../shared/routes/submissions.js';

/**
 * POST /api/uploads: checks the form, checks that the caller may submit for the payee key (or, for the
 * payroll register, that they are a PMEC admin of the payroll authority), records
 * the upload and answers a presigned POST into `incoming/{id}/{slug}`, limited to the declared size and type.
 * Its arrival in S3 starts validation (lambdas/events/validate-upload.ts).
 */
export const handler = createApiHandler(routes.createUpload, async ({ caller: me, body }) => {
  const request = checkUploadRequest(body);
  const org =
    request.kind === 'register'
      ? await authorisePayrollAuthority(me, 'upload.create')
      : request.payeeKey
        ? await authorisePayeeKey(me, request.payeeKey, 'upload.create')
        : { orgId: null, orgName: null };

  const id = randomUUID();
  const now = new Date().toISOString();
  const record: UploadRecord = {
    id,
    status: 'awaiting_file',
    stage: UPLOAD_STAGES.awaitingFile,
    doc_kind: request.kind,
    month: request.month,
    payee_key: request.payeeKey,
    org_id: org.orgId,
    org_name: org.orgName,
    user_id: me.userId,
    user_email: me.email,
    file_name: request.fileName,
    slug: request.slug,
    size: request.size,
    content_type: request.contentType,
    key: incomingKey(id, request.slug),
    created_at: now,
    updated_at: now,
  };
  await putUpload(record);
  // The link takes no more than the size declared (within the kind's limit, checked above).
  const upload = await presignUpload(record.key, request.contentType, request.size);
  return { id, max_bytes: request.maxBytes, upload };
});
