import { consumeRateLimit, windowEndsAt } from '#data/rate-limits/windows.js';
import { API_CLIENT_MESSAGES, API_CLIENT_REQUESTS_PER_MINUTE } from '#shared/api/api-clients.js';
import { TooManyRequestsError } from './errors.js';

const WINDOW_SECONDS = 60;

/**
 * Counts one request of an API client against its own limit (pk=RATE#api-client:{id}): 429 past it.
 * Its own module: only a route open to clients reaches it, so only those functions may write the
 * window (infra/grants/common.ts; the IAM test leaves it out of the other routes' bundles).
 */
export async function countClientRequest(clientId: string, now = Date.now()): Promise<void> {
  const limit = { scope: `api-client:${clientId}`, limit: API_CLIENT_REQUESTS_PER_MINUTE, windowSeconds: WINDOW_SECONDS };
  if (!(await consumeRateLimit(limit, now))) throw new TooManyRequestsError(API_CLIENT_MESSAGES.rateLimited(windowEndsAt(WINDOW_SECONDS, now)));
}
