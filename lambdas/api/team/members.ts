import { PLATFORM_ADMIN_MESSAGES } from '../../../shared/api/admin.js';
import { type AddTeamMemberRequest, TEAM_MESSAGES as M, type TeamMember, type TeamResponse } from '../../../shared/api/team.js';
import { writeAudit } from '../../data/audit.js';
import { getMember, listOrgMembers, listUserMemberships, LIVE_STATUSES, type MemberItem } from '../../data/memberships.js';
import { createMembership, deleteNewMember, markMemberRemoved, MembershipExistsError } from '../../data/team.js';
import { addToRole, type CognitoUser, findUserByEmail, inviteUser, removeFromRole, rolesOfUser, UserExistsError } from '../../data/users.js';
import type { AuthenticatedCaller } from '../../lib/caller.js';
import { ConflictError, ForbiddenError, HttpError, NotFoundError } from '../../lib/errors.js';
import { resolveTeamContext } from './team-context.js';

export function toTeamMember(m: MemberItem): TeamMember {
  return { id: m.user_id, user_id: m.user_id, email: m.email, role: m.role, status: m.status, approved: m.status === 'approved', created_at: m.created_at, decided_at: m.decided_at };
}

const newestFirst = (a: MemberItem, b: MemberItem) => (b.created_at ?? '').localeCompare(a.created_at ?? '');

/** Spec §7 /org-team-list: the organisation and its live members (removed and rejected ones are history). */
export async function getTeam(caller: AuthenticatedCaller, orgId: string | undefined): Promise<TeamResponse> {
  const ctx = await resolveTeamContext(caller, orgId);
  const members = (await listOrgMembers(ctx.org.org_id)).filter((m) => LIVE_STATUSES.includes(m.status)).sort(newestFirst);
  const response: TeamResponse = {
    org: { org_id: ctx.org.org_id, org_name: ctx.org.org_name, client_type: ctx.org.client_type, payee_key: ctx.org.payee_key },
    members: members.map(toTeamMember),
    grantable_roles: ctx.grantable,
  };
  if (ctx.platformAdmin) {
    // "Effective Roles": what Cognito actually grants each member (a handful of calls per team).
    response.effective_roles = await Promise.all(members.map(async (m) => ({ user_id: m.user_id, email: m.email, roles: await rolesOfUser(m.user_id).catch(() => []) })));
  }
  return response;
}

const inviteFailed = () => new HttpError(502, 'invite_and_create_failed', `${PLATFORM_ADMIN_MESSAGES.invite_and_create_failed} The sign-in service did not answer; please try again shortly.`);

/**
 * Spec §7 /org-team-add. A new email is invited through Cognito (the invite email links to
 * /invite-accept) and its membership waits as 'invited': the role is granted only when the
 * invite is accepted, so an invitee is not let past /pending before that. An existing user is
 * added and granted the role at once, unless they are still an invitee themselves.
 */
export async function addMember(caller: AuthenticatedCaller, input: AddTeamMemberRequest) {
  const ctx = await resolveTeamContext(caller, input.org_id);
  if (!ctx.grantable.includes(input.role)) {
    await writeAudit({ actor: caller, org_id: ctx.org.org_id, action: 'team.member_add', subject: `EMAIL#${input.email}`, outcome: 'refused', details: { role: input.role, reason: 'role_not_allowed' } });
    throw new ForbiddenError(M.roleNotAllowed, 'role_not_allowed');
  }
  let user: CognitoUser | null = await findUserByEmail(input.email);
  if (user) {
    const existing = await getMember(ctx.org.org_id, user.sub);
    if (existing?.status === 'invited') throw new ConflictError(M.inviteExists, 'invite_exists');
    if (existing && LIVE_STATUSES.includes(existing.status)) throw new ConflictError(M.alreadyMember, 'already_member');
  }
  let invited = false;
  if (!user) {
    try {
      user = await inviteUser(input.email);
      invited = true;
    } catch (error) {
      if (error instanceof UserExistsError) throw new ConflictError(M.inviteExists, 'invite_exists');
      throw inviteFailed();
    }
  }
  const status = invited || user.status === 'FORCE_CHANGE_PASSWORD' ? 'invited' : 'approved';
  let member: MemberItem;
  try {
    member = await createMembership(ctx.org, { user_id: user.sub, email: user.email || input.email }, input.role, status, caller.email);
  } catch (error) {
    if (error instanceof MembershipExistsError) throw new ConflictError(error.existing?.status === 'invited' ? M.inviteExists : M.alreadyMember, error.existing?.status === 'invited' ? 'invite_exists' : 'already_member');
    throw error;
  }
  if (status === 'approved') {
    try {
      await addToRole(user.username, input.role);
    } catch (error) {
      await deleteNewMember(member);
      throw error;
    }
  }
  await writeAudit({
    actor: caller,
    org_id: ctx.org.org_id,
    action: status === 'invited' ? 'team.member_invite' : 'team.member_add',
    subject: `USER#${user.sub}`,
    outcome: 'ok',
    details: { email: member.email, role: input.role, invite_email_sent: invited, before: null, after: toTeamMember(member) },
  });
  const message = invited
    ? `Invitation sent to ${member.email}.`
    : status === 'invited'
      ? `${member.email} has a pending invite; they join when they accept it.`
      : `${member.email} was added to ${ctx.org.org_name}.`;
  return { member: toTeamMember(member), invited, message };
}

/**
 * Spec §7 /org-team-remove, by user id or email. The role goes too, unless another approved
 * membership of the same user still needs it.
 */
export async function removeMember(caller: AuthenticatedCaller, idOrEmail: string, orgId: string | undefined) {
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
  }
  const after = { ...toTeamMember(member), status: 'removed' as const, approved: false, decided_at: new Date().toISOString() };
  await writeAudit({
    actor: caller,
    org_id: ctx.org.org_id,
    action: 'team.member_remove',
    subject: `USER#${member.user_id}`,
    outcome: 'ok',
    details: { email: member.email, role: member.role, before: toTeamMember(member), after },
  });
  return { ok: true as const, member: after, message: `${member.email} was removed from ${ctx.org.org_name}.` };
}
