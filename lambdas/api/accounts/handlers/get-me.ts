import { createApiHandler } from '../../../http/handler.js';
import { readCaller } from '../../../http/caller.js';
import * as routes from '../../../../shared/routes/accounts.js';

/**
 * GET /api/me: the caller's roles and memberships as the directory holds them now (never a remembered
 * read: the pending screen's "Refresh status" and a just-accepted invitation must show at once).
 * Invitations waiting for the caller's consent: the memberships with status 'invited', and platform roles.
 */
export const handler = createApiHandler(routes.getMe, async ({ caller }) => {
  const { caller: me, access } = await readCaller(caller);
  return {
    user_id: me.userId,
    email: me.email,
    roles: me.roles,
    approved: me.approved,
    memberships: access.memberships.map(({ org_id, org_name, client_type, payee_key, role, status }) => ({ org_id, org_name, client_type, payee_key, role, status })),
    platform_invitations: access.platformInvitations,
  };
});
