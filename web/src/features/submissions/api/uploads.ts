import type { CreateUploadRequest, CreateUploadResponse, SubmissionResponse, UploadResponse } from '@shared/api/submissions';
import { callRoute } from '@/lib/api-client';
import { postToStorage } from '@/lib/presigned-post';
import { createUpload as createUploadRoute, getSubmission as getSubmissionRoute, getUpload as getUploadRoute, getUploadReport as getUploadReportRoute, submitUpload as submitUploadRoute } from '@shared/routes/submissions';

const POLL_MS = 600;
/** How long the screen waits for the server before saying so (it keeps working in the background). */
const PATIENCE_MS = 5 * 60_000;

export const createUpload = (body: CreateUploadRequest) => callRoute(createUploadRoute, { body });
export const getUpload = (id: string) => callRoute(getUploadRoute, { params: { id } });
export const submitUpload = (id: string) => callRoute(submitUploadRoute, { params: { id } });
export const getUploadReport = (id: string) => callRoute(getUploadReportRoute, { params: { id } });
export const getSubmission = (id: string) => callRoute(getSubmissionRoute, { params: { id } });

/** Sends the file straight to S3 with the presigned POST, reporting progress (0–100). */
export function postFileToStorage(upload: CreateUploadResponse['upload'], file: Blob, onProgress: (percent: number) => void): Promise<void> {
  return postToStorage(upload, file, { onProgress: (fraction) => onProgress(Math.round(fraction * 100)) });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls the upload until the server has validated it (or failed it), reporting each answer. */
export async function waitForValidation(id: string, onUpdate: (upload: UploadResponse) => void, isCurrent: () => boolean): Promise<UploadResponse> {
  const started = Date.now();
  for (;;) {
    const upload = await getUpload(id);
    if (!isCurrent()) return upload;
    onUpdate(upload);
    if (upload.status !== 'awaiting_file' && upload.status !== 'validating') return upload;
    if (Date.now() - started > PATIENCE_MS) throw new Error('Validation is taking longer than expected. Try Validate again in a moment.');
    await sleep(POLL_MS);
  }
}

/** Polls the submission until its rows are in borrower history; null when that takes too long to wait for. */
export async function waitForIngestion(id: string, isCurrent: () => boolean): Promise<SubmissionResponse | null> {
  const started = Date.now();
  for (;;) {
    const submission = await getSubmission(id);
    if (!isCurrent() || submission.ingestion.status !== 'pending') return submission;
    if (Date.now() - started > PATIENCE_MS) return null;
    await sleep(POLL_MS);
  }
}
