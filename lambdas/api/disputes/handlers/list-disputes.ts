import { listDisputes } from '#data/disputes/disputes.js';
import { createApiHandler } from '#http/handler.js';
import * as routes from '#shared/routes/disputes.js';
import { disputeRightsOf, mayOpen, visibleOrganisations } from '../../common/dispute-rights.js';
import { disputeView } from '../views.js';

/** GET /api/disputes?status=: reviewers see every dispute; an organisation's admins those on its payee keys. */
export const handler = createApiHandler(routes.listDisputes, async ({ caller, query }) => {
  const rights = await disputeRightsOf(caller);
  const orgIds = visibleOrganisations(rights);
  const stored = orgIds?.length === 0 ? [] : await listDisputes(query.status, orgIds);
  return { items: stored.map((d) => disputeView(d, rights)), can_open: mayOpen(rights) };
});
