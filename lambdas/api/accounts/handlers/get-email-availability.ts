import { ACCOUNT_MESSAGES, emailAvailabilityQuerySchema } from '../../../../shared/api/accounts.js';
import { getPendingAccessRequest } from '../../../data/access-requests.js';
import { findUserByEmail } from '../../../data/users.js';
import { consumeRateLimits } from '../../../data/rate-limit.js';
import { BadRequestError, TooManyRequestsError } from '../../../lib/errors.js';
import { createApiHandler } from '../../../lib/handler.js';
import { availabilityLimits, clientIp } from '../limits.js';

/**
 * GET /api/email-availability?email= (spec part 2 §5: checked when the email field is left).
 * Taken means an account signs in with it, or a request for it is pending. Nothing else is said.
 */
export const handler = createApiHandler('get-email-availability', async ({ query, event }) => {
  const parsed = emailAvailabilityQuerySchema.safeParse(query);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.invalidEmail, 'validation_failed');
  const { email } = parsed.data;
  if (!(await consumeRateLimits(availabilityLimits(clientIp(event), email)))) throw new TooManyRequestsError(ACCOUNT_MESSAGES.tooManyRequests);
  const [user, pending] = await Promise.all([findUserByEmail(email), getPendingAccessRequest(email)]);
  return { available: !user && !pending };
});
