import { FRAUD_MESSAGES } from '@shared/api/fraud';
import { callRoute } from '@/lib/api-client';
import { postToStorage, UploadError } from '@/lib/presigned-post';
import { createFraudAttachmentUpload } from '@shared/routes/fraud';

/** S3's refusals a person can act on, in the fraud report form's words. */
function attachmentFailure(error: unknown): unknown {
  if (!(error instanceof UploadError)) return error;
  if (error.code === 'EntityTooLarge') return new UploadError(error.status, error.code, `Upload failed: ${FRAUD_MESSAGES.fileTooLarge}`);
  if (error.code === 'AccessDenied' && /expired/i.test(error.message)) {
    return new UploadError(error.status, error.code, 'Upload failed: the upload link expired. Remove the file and attach it again.');
  }
  return error;
}

/**
 * POST /api/fraud-reports/attachments, then the file straight to S3. Resolves with the staging key to
 * send with the report.
 */
export async function uploadAttachment(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  const grant = await callRoute(createFraudAttachmentUpload, {
    body: { file_name: file.name, size: file.size, content_type: file.type || undefined },
    signal,
  });
  await postToStorage(grant.upload, file, { onProgress, signal }).catch((error: unknown) => {
    throw attachmentFailure(error);
  });
  onProgress(1);
  return grant.key;
}
