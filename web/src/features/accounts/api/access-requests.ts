import type { AccessRequestResponse, EmailAvailabilityResponse } from '@shared/api/accounts';
import type { PresignedPost } from '@shared/api/presigned-post';
import { type RouteRequest, callRoute } from '@/lib/api-client';
import { postToStorage, UploadError } from '@/lib/presigned-post';
import { createAccessRequest as createAccessRequestRoute, getEmailAvailability } from '@shared/routes/accounts';

/** GET /api/email-availability: is the email free for a new account? */
export function checkEmailAvailability(email: string, signal?: AbortSignal): Promise<EmailAvailabilityResponse> {
  return callRoute(getEmailAvailability, { query: { email }, signal });
}

/** POST /api/access-requests: the pending request, with one presigned POST per document. */
export function createAccessRequest(body: RouteRequest<typeof createAccessRequestRoute>): Promise<AccessRequestResponse> {
  return callRoute(createAccessRequestRoute, { body });
}

/** Spec part 2 §8: these failures skip the remaining uploads; the request goes on without them. */
export const isAuthTypeUploadFailure = (error: unknown): boolean => error instanceof UploadError && [400, 401, 403].includes(error.status);

/** Sends one onboarding document straight to S3 through its presigned POST, in the sign-up form's words on failure. */
export async function uploadWithPresignedPost(post: PresignedPost, file: File): Promise<void> {
  await postToStorage(post, file).catch((error: unknown) => {
    if (!(error instanceof UploadError)) throw error;
    if (error.status === 0) throw new UploadError(0, error.code, 'The connection to storage was lost.');
    throw new UploadError(error.status, error.code, error.code ? `Storage refused the file (${error.code}).` : `Storage answered HTTP ${error.status}.`);
  });
}
