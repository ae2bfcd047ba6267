import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { TEAM_MESSAGES } from '@shared/api/team';

/** Spec part 2 §8 "Team": an expired session reads as such; otherwise the server's sentence. */
export function teamErrorMessage(error: unknown): string {
  if (isApiError(error, 401)) return TEAM_MESSAGES.sessionExpired;
  return errorMessage(error);
}
