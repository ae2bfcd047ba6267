import { getDispute, type StoredDispute } from '#data/disputes/disputes.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { NotFoundError } from '#http/errors.js';
import { DISPUTE_MESSAGES } from '#shared/api/disputes.js';
import { UUID_PATTERN } from '#shared/ids.js';
import { canSee, disputeRightsOf, type DisputeRights } from '../common/dispute-rights.js';

const ID = new RegExp(`^${UUID_PATTERN}$`);

/**
 * The dispute with this id and the caller's rights on it; 404 for an unknown id and for a dispute the
 * caller may not see (another organisation learns nothing, not even that it exists).
 */
export async function visibleDispute(me: AuthenticatedCaller, id: string): Promise<{ dispute: StoredDispute; rights: DisputeRights }> {
  const [dispute, rights] = await Promise.all([ID.test(id) ? getDispute(id) : null, disputeRightsOf(me)]);
  if (!dispute || !canSee(rights, dispute)) throw new NotFoundError(DISPUTE_MESSAGES.notFound);
  return { dispute, rights };
}
