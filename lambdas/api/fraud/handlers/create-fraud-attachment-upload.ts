import { randomUUID } from 'node:crypto';
import { presignEvidenceUpload } from '#data/registry/evidence.js';
import { BadRequestError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { EVIDENCE_MAX_BYTES, EVIDENCE_TYPES, FRAUD_MESSAGES, evidenceExtension } from '#shared/api/fraud.js';
import * as routes from '#shared/routes/fraud.js';
import { slugFileName } from '../../common/file-names.js';
import { stagingKey } from '../names.js';

/**
 * POST /api/fraud-reports/attachments: a presigned POST for one evidence file into the caller's own
 * staging area. The policy pins the key, the Content-Type and 1 byte to the declared size (at most 10 MB), so S3 itself refuses
 * anything else; the file becomes part of a report only when the report is filed.
 */
export const handler = createApiHandler(routes.createFraudAttachmentUpload, async ({ caller: me, body }) => {
  const ext = evidenceExtension(body.file_name);
  if (!ext) throw new BadRequestError(`'${slugFileName(body.file_name)}' cannot be attached. ${FRAUD_MESSAGES.fileTypeNotAllowed}`, 'file_type_not_allowed');
  const allowed: readonly string[] = EVIDENCE_TYPES[ext];
  const declared = body.content_type?.split(';')[0]?.trim().toLowerCase();
  // Browsers leave the type empty or guess it; an empty or generic one means "the usual type for the extension".
  const contentType = !declared || declared === 'application/octet-stream' ? allowed[0]! : declared;
  if (!allowed.includes(contentType)) {
    throw new BadRequestError(`A .${ext} file cannot be sent as ${contentType}. ${FRAUD_MESSAGES.fileTypeNotAllowed}`, 'file_type_not_allowed');
  }
  const key = stagingKey(me.userId, randomUUID(), body.file_name);
  const upload = await presignEvidenceUpload(key, contentType, body.size);
  return { key, name: key.split('/').pop()!, content_type: contentType, max_bytes: EVIDENCE_MAX_BYTES, upload };
});
