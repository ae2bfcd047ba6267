import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { markMemberRemoved } from '#data/directory/membership-changes.js';
import { getMember, listOrgMembers, listUserMemberships, LIVE_STATUSES } from '#data/directory/memberships.js';
import { removeFromRole, signOutEverywhere } from '#data/directory/staff-users.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ConflictError, ForbiddenError, NotFoundError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { TEAM_MESSAGES as M } from '#shared/api/team.js';
import * as routes from '#shared/routes/team.js';
import { resolveTeamContext } from '../team-context.js';
import { teamMemberView } from '../views.js';

/**
 * Spec §7 /org-team-remove, by user id or email. The role goes too, unless another approved
 * membership of the same user still needs it.
 */
async function removeMember(caller: AuthenticatedCaller, idOrEmail: string, orgId: string | undefined) {
  const ctx = await resolveTeamContext(caller, orgId);
  const key = idOrEmail.trim().toLowerCase();
  const member = key.includes('@')
    ? (await listOrgMembers(ctx.org.org_id)).find((m) => m.email === key && LIVE_STATUSES.includes(m.status))
    : await getMember(ctx.org.org_id, idOrEmail.trim());
  if (!member || !LIVE_STATUSES.includes(member.status)) throw new NotFoundError(M.memberNotFound, 'member_not_found');
  if (member.user_id === caller.userId) throw new ConflictError(M.cannotRemoveSelf, 'cannot_remove_self');
  if (!ctx.grantable.includes(member.role)) throw new ForbiddenError(M.removeNotAllowed, 'remove_not_allowed');
  if (!(await markMemberRemoved(member, caller.email))) throw new ConflictError('This member changed meanwhile. Load the team again.', 'member_changed');

  if (member.status === 'approved') {
    const others = await listUserMemberships(member.user_id);
    const stillNeeded = others.some((m) => m.org_id !== member.org_id && m.status === 'approved' && m.role === member.role);
    if (!stillNeeded) await removeFromRole(member.user_id, member.role);
    // Their sessions end now; the API stops honouring the role within the caller cache's 30 seconds.
    await signOutEverywhere(member.user_id);
  }
  const after = { ...teamMemberView(member), status: 'removed' as const, approved: false, decided_at: new Date().toISOString() };
  await writeAudit({
    actor: caller,
    org_id: ctx.org.org_id,
    action: 'team.member_remove',
    subject: auditSubject.user(member.user_id),
    outcome: 'ok',
    details: { email: member.email, role: member.role, before: teamMemberView(member), after },
  });
  return { ok: true as const, member: after, message: `${member.email} was removed from ${ctx.org.org_name}.` };
}

/** DELETE /api/team/members/{id}?org_id= (spec part 2 §7 /org-team-remove): id is the user id or the email. */
export const handler = createApiHandler(routes.removeTeamMember, async ({ caller, params, query }) => removeMember(caller, params.id, query.org_id));
