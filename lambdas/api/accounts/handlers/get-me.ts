import { requestsOfEmail } from '#data/directory/access-decisions.js';
import { actFor, readCaller, requestedOrganisation } from '#http/caller.js';
import { createApiHandler } from '#http/handler.js';
import type { OwnAccessRequest } from '#shared/api/accounts.js';
import * as routes from '#shared/routes/accounts.js';

/** The latest access request this account filed (a request of the same email by another account is not theirs). */
async function latestRequest(userId: string, email: string): Promise<OwnAccessRequest | null> {
  const own = (await requestsOfEmail(email)).filter((r) => r.user_sub === userId).sort((a, b) => b.created_at.localeCompare(a.created_at));
  const r = own[0];
  if (!r) return null;
  return {
    id: r.id,
    status: r.status,
    client_type: r.client_type,
    org_name: r.org_name,
    payee_key: r.payee_key,
    created_at: r.created_at,
    decided_at: r.decided_at ?? null,
    decision_note: r.decision_note ?? null,
  };
}

/**
 * GET /api/me: the caller's roles and memberships as the directory holds them now (never a remembered
 * read: the pending screen's "Refresh status" and a just-accepted invitation must show at once).
 * Invitations waiting for the caller's consent: the memberships with status 'invited', and platform roles.
 * `organisations` are those the caller may act for; `roles` are as they act on this request (the
 * organisation `X-Acting-Org` names, their only one, or the platform): the screens the SPA offers.
 * A header naming an organisation they are not a member of is not refused here: `acting_org_id` is
 * then null, so the SPA forgets that choice. `access_request`: the latest request the account filed, so the
 * pending screen can say what became of it.
 */
export const handler = createApiHandler(routes.getMe, async ({ caller, event }) => {
  const { caller: whole, access } = await readCaller(caller);
  const acting = actFor(whole, requestedOrganisation(event));
  const me = typeof acting === 'string' ? whole : acting;
  return {
    user_id: me.userId,
    email: me.email,
    roles: me.roles,
    approved: me.approved,
    memberships: access.memberships.map(({ org_id, org_name, client_type, payee_key, role, status, decided_at }) => ({
      org_id,
      org_name,
      client_type,
      payee_key,
      role,
      status,
      decided_at,
    })),
    platform_invitations: access.platformInvitations,
    organisations: whole.organisations.map(({ org_id, org_name, client_type, role }) => ({ org_id, org_name, client_type, role })),
    platform_roles: whole.platformRoles.filter((r) => r === 'super_admin' || r === 'sys_admin'),
    acting_org_id: me.actingOrgId,
    access_request: await latestRequest(whole.userId, whole.email),
  };
});
