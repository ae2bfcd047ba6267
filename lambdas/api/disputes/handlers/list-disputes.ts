import * as routes from '../../../../shared/routes/disputes.js';
import { listDisputes } from '../../../data/disputes.js';
import { createApiHandler } from '../../../lib/handler.js';
import { disputeRightsOf } from '../rights.js';
import { disputeView } from '../views.js';

/** GET /api/disputes?status=: reviewers see every dispute; an organisation's admins those on its payee keys. */
export const handler = createApiHandler(routes.listDisputes, async ({ caller, query }) => {
  const rights = await disputeRightsOf(caller);
  const stored = rights.reviewer ? await listDisputes(query.status, null) : rights.adminOf.size ? await listDisputes(query.status, [...rights.adminOf]) : [];
  return { items: stored.map((d) => disputeView(d, rights)), can_open: rights.reviewer };
});
