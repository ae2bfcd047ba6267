import { FRAUD_MESSAGES } from '@shared/api/fraud';
import { callRoute } from '@/lib/api-client';

export class UploadError extends Error {
  override name = 'UploadError';
}

/** S3 answers a refused POST with XML: <Error><Code>…</Code><Message>…</Message></Error>. */
function s3Failure(status: number, body: string): UploadError {
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? '';
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1] ?? (status ? `status ${status}` : 'the connection failed');
  if (code === 'EntityTooLarge') return new UploadError(`Upload failed: ${FRAUD_MESSAGES.fileTooLarge}`);
  if (code === 'AccessDenied' && /expired/i.test(message)) return new UploadError('Upload failed: the upload link expired. Remove the file and attach it again.');
  return new UploadError(`Upload failed: ${message}`);
}

/** Sends a file through a presigned POST with XMLHttpRequest, which (unlike fetch) reports upload progress. */
export function postWithProgress(
  upload: { url: string; fields: Record<string, string> },
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(upload.fields)) form.append(key, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(s3Failure(xhr.status, xhr.responseText)));
    xhr.onerror = () => reject(new UploadError('Upload failed: the connection to storage was lost. Check your connection and retry.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * POST /api/fraud-reports/attachments, then the file straight to S3. Resolves with the staging key to
 * send with the report.
 */
export async function uploadAttachment(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  const grant = await callRoute('create-fraud-attachment-upload', {
    body: { file_name: file.name, size: file.size, content_type: file.type || undefined },
    signal,
  });
  await postWithProgress(grant.upload, file, onProgress, signal);
  onProgress(1);
  return grant.key;
}
