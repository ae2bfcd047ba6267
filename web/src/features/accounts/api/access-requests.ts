import { callRoute } from '@/lib/api-client';
import type { EmailAvailabilityResponse } from '@shared/api/accounts';
import { getEmailAvailability } from '@shared/routes/accounts';

/** GET /api/email-availability: is the email free for a new account? */
export function checkEmailAvailability(email: string, signal?: AbortSignal): Promise<EmailAvailabilityResponse> {
  return callRoute(getEmailAvailability, { query: { email }, signal });
}
