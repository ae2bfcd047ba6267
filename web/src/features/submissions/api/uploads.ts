import type { QueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/api-client';
import { PollTimeoutError, pollUntil } from '@/lib/poll';
import { routeQuery } from '@/lib/queries';
import type { SubmissionResponse, UploadResponse } from '@shared/api/submissions';
import { getSubmission, getUpload, getUploadReport as getUploadReportRoute, submitUpload as submitUploadRoute } from '@shared/routes/submissions';

/** How long the screen waits for the server before saying so (it keeps working in the background). */
const PATIENCE_MS = 5 * 60_000;

export const submitUpload = (id: string) => callRoute(submitUploadRoute, { params: { id } });
export const getUploadReport = (id: string) => callRoute(getUploadReportRoute, { params: { id } });

const validating = (upload: UploadResponse) => upload.status === 'awaiting_file' || upload.status === 'validating';

/** Polls the upload until the server has validated it (or failed it), reporting each answer (its stage). */
export async function waitForValidation(
  client: QueryClient,
  id: string,
  { onAnswer, signal }: { onAnswer: (upload: UploadResponse) => void; signal: AbortSignal },
): Promise<UploadResponse> {
  try {
    return await pollUntil(client, routeQuery(getUpload, { params: { id } }), {
      state: (upload) => `${upload.status}|${upload.stage}`,
      done: (upload) => !validating(upload),
      patienceMs: PATIENCE_MS,
      onAnswer,
      signal,
    });
  } catch (error) {
    if (error instanceof PollTimeoutError) throw new Error('Validation is taking longer than expected. Try Validate again in a moment.');
    throw error;
  }
}

/** Polls the submission until its rows are in borrower history; null when that takes too long to wait for. */
export async function waitForIngestion(client: QueryClient, id: string, signal: AbortSignal): Promise<SubmissionResponse | null> {
  try {
    return await pollUntil(client, routeQuery(getSubmission, { params: { id } }), {
      state: (submission) => submission.ingestion.status,
      done: (submission) => submission.ingestion.status !== 'pending',
      patienceMs: PATIENCE_MS,
      signal,
    });
  } catch (error) {
    if (error instanceof PollTimeoutError) return null;
    throw error;
  }
}
