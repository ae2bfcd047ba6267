import type { AccessRequestResponse, EmailAvailabilityResponse, PresignedPost } from '@shared/api/accounts';
import { type RouteRequest, callRoute } from '@/lib/api-client';

/** GET /api/email-availability: is the email free for a new account? */
export function checkEmailAvailability(email: string, signal?: AbortSignal): Promise<EmailAvailabilityResponse> {
  return callRoute('get-email-availability', { query: { email }, signal });
}

/** POST /api/access-requests: the pending request, with one presigned POST per document. */
export function createAccessRequest(body: RouteRequest<'create-access-request'>): Promise<AccessRequestResponse> {
  return callRoute('create-access-request', { body });
}

/** An upload S3 refused or that never arrived; `status` is 0 when no answer came. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** Spec part 2 §8: these failures skip the remaining uploads; the request goes on without them. */
export const isAuthTypeUploadFailure = (error: unknown): boolean => error instanceof UploadError && [400, 401, 403].includes(error.status);

/** Sends one file straight to S3 through its presigned POST, as a browser form would. */
export async function uploadWithPresignedPost(post: PresignedPost, file: File): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(post.url, { method: 'POST', body: form });
  } catch (error) {
    throw new UploadError(0, `Network error: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    throw new UploadError(response.status, code ? `Storage refused the file (${code}).` : `Storage answered HTTP ${response.status}.`);
  }
}
