import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/disputes.js';
import { visibleDispute } from '../lookup.js';
import { disputeWithEvidence } from '../views.js';

/** GET /api/disputes/{id}: one dispute with links to its evidence; 404 to anyone who may not see it. */
export const handler = createApiHandler(routes.getDispute, async ({ caller, params }) => {
  const { dispute, rights } = await visibleDispute(caller, params.id);
  return { dispute: await disputeWithEvidence(dispute, rights) };
});
