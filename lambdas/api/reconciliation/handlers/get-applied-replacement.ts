import { openAppliedProposal } from '#data/payroll/applied-proposals.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/reconciliation.js';
import { authoriseRegisterKeeper } from '../../common/register-keepers.js';
import { replacementView } from '../replacement.js';

/**
 * GET /api/reconciliation/replacement?month=: the month's proposed replacement of its applied file, for the payroll
 * authority's admins (one proposes, another decides) and platform admins; null when none is open.
 */
export const handler = createApiHandler(routes.getAppliedReplacement, async ({ caller: me, query }) => {
  await authoriseRegisterKeeper(me, 'applied.read');
  const proposal = await openAppliedProposal(query.month);
  return { month: query.month, proposal: proposal ? replacementView(proposal, me.userId) : null };
});
