import { getPendingAccessRequest } from '#data/directory/access-requests.js';
import { findUserByEmail } from '#data/directory/staff-users.js';
import { consumeRateLimits } from '#data/rate-limits/windows.js';
import { limitAddress } from '#http/client-address.js';
import { TooManyRequestsError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { ACCOUNT_MESSAGES } from '#shared/api/accounts.js';
import * as routes from '#shared/routes/accounts.js';
import { availabilityLimits } from '../limits.js';

/**
 * GET /api/email-availability?email= (spec part 2 §5: checked when the email field is left).
 * Taken means an account signs in with it, or a request for it is pending. An account never verified is
 * not taken: signing up again with its password resumes it (a new verification email). Nothing else is said.
 */
export const handler = createApiHandler(routes.getEmailAvailability, async ({ query, event }) => {
  const { email } = query;
  if (!(await consumeRateLimits(availabilityLimits(limitAddress(event), email)))) throw new TooManyRequestsError(ACCOUNT_MESSAGES.tooManyRequests);
  const [user, pending] = await Promise.all([findUserByEmail(email), getPendingAccessRequest(email)]);
  return { available: user ? user.status === 'UNCONFIRMED' : !pending };
});
