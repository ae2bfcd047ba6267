import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { changeMemberRole } from '#data/directory/membership-changes.js';
import { getMember, listUserMemberships } from '#data/directory/memberships.js';
import { addToRole, removeFromRole } from '#data/directory/staff-users.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ConflictError, ForbiddenError, NotFoundError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { ROLE_CHANGE_MESSAGES as R, TEAM_MESSAGES as M } from '#shared/api/team.js';
import { ROLE_LABELS, type Role, roleFitsOrganisation } from '#shared/roles.js';
import * as routes from '#shared/routes/team.js';
import { resolveTeamContext } from '../team-context.js';
import { teamMemberView } from '../views.js';

/**
 * An approved member's role changes to one the caller may grant in this organisation (the spec's grant
 * table, within the organisation's kind), and only if the member's present role is one the caller may
 * grant too. The directory decides at once; the Cognito groups follow as the console's mirror.
 */
async function changeRole(caller: AuthenticatedCaller, userId: string, orgId: string | undefined, role: Role) {
  const ctx = await resolveTeamContext(caller, orgId);
  const member = await getMember(ctx.org.org_id, userId.trim());
  if (!member || member.status !== 'approved') throw new NotFoundError(R.notMember, 'member_not_found');
  if (member.user_id === caller.userId) throw new ConflictError(R.self, 'cannot_change_self');
  if (!ctx.grantable.includes(member.role) || !ctx.grantable.includes(role) || !roleFitsOrganisation(role, ctx.org.client_type)) {
    await writeAudit({
      actor: caller,
      org_id: ctx.org.org_id,
      action: 'team.member_role',
      subject: auditSubject.user(member.user_id),
      outcome: 'refused',
      details: { from: member.role, to: role },
    });
    throw new ForbiddenError(M.roleNotAllowed, 'role_not_allowed');
  }
  const before = teamMemberView(member);
  if (member.role !== role) {
    if (!(await changeMemberRole(member, role, caller.email))) throw new ConflictError('This member changed meanwhile. Load the team again.', 'member_changed');
    await addToRole(member.user_id, role);
    const others = await listUserMemberships(member.user_id);
    if (!others.some((m) => m.org_id !== member.org_id && m.status === 'approved' && m.role === member.role)) await removeFromRole(member.user_id, member.role);
  }
  const after = { ...before, role };
  await writeAudit({
    actor: caller,
    org_id: ctx.org.org_id,
    action: 'team.member_role',
    subject: auditSubject.user(member.user_id),
    outcome: 'ok',
    details: { email: member.email, before, after },
  });
  return { ok: true as const, member: after, message: R.changed(member.email, ROLE_LABELS[role]) };
}

/** PATCH /api/team/members/{id}?org_id= {role}: an approved member's new role. */
export const handler = createApiHandler(routes.changeMemberRole, async ({ caller, params, query, body }) =>
  changeRole(caller, params.id, query.org_id, body.role),
);
