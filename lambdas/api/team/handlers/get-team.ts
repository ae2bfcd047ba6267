import { listOrgMembers, LIVE_STATUSES, type MemberItem } from '#data/directory/memberships.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { createApiHandler } from '#http/handler.js';
import { invitationExpired, invitationExpiresAt, type TeamResponse } from '#shared/api/team.js';
import { roleFitsOrganisation } from '#shared/roles.js';
import * as routes from '#shared/routes/team.js';
import { resolveTeamContext } from '../team-context.js';
import { teamMemberView } from '../views.js';

const newestFirst = (a: MemberItem, b: MemberItem) => (b.created_at ?? '').localeCompare(a.created_at ?? '');

/** Spec §7 /org-team-list: the organisation and its live members (removed and rejected ones are history). */
async function getTeam(caller: AuthenticatedCaller, orgId: string | undefined): Promise<TeamResponse> {
  const ctx = await resolveTeamContext(caller, orgId);
  const all = await listOrgMembers(ctx.org.org_id);
  const now = new Date();
  const expired = (m: MemberItem) => m.status === 'invited' && invitationExpired(m.created_at, now);
  const members = all.filter((m) => LIVE_STATUSES.includes(m.status) && !expired(m)).sort(newestFirst);
  // A rejected membership is an invitation its person declined (an access request's rejection makes none).
  const declined = all.filter((m) => m.status === 'rejected').sort((a, b) => (b.decided_at ?? '').localeCompare(a.decided_at ?? ''));
  const response: TeamResponse = {
    org: { org_id: ctx.org.org_id, org_name: ctx.org.org_name, client_type: ctx.org.client_type, payee_key: ctx.org.payee_key },
    members: members.map(teamMemberView),
    grantable_roles: ctx.grantable,
    declined_invitations: declined.map((m) => ({ user_id: m.user_id, email: m.email, role: m.role, declined_at: m.decided_at })),
    expired_invitations: all
      .filter(expired)
      .sort(newestFirst)
      .map((m) => ({ user_id: m.user_id, email: m.email, role: m.role, invited_at: m.created_at, expired_at: invitationExpiresAt(m.created_at)! })),
  };
  if (ctx.platformAdmin) {
    // "Effective Roles": the role each member holds in this organisation now, as the directory grants it (an
    // approved membership whose role the organisation's kind holds); roles held elsewhere are not this team's.
    response.effective_roles = members.map((m) => ({
      user_id: m.user_id,
      email: m.email,
      roles: m.status === 'approved' && roleFitsOrganisation(m.role, ctx.org.client_type) ? [m.role] : [],
    }));
  }
  return response;
}

/** GET /api/team?org_id= (spec part 2 §7 /org-team-list): the organisation and its members. */
export const handler = createApiHandler(routes.getTeam, async ({ caller, query }) => getTeam(caller, query.org_id));
