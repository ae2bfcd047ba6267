import { createApiHandler } from '../../../lib/handler.js';
import { teamMemberView } from '../views.js';
import * as routes from '../../../../shared/routes/team.js';
import { PLATFORM_ADMIN_MESSAGES } from '../../../../shared/api/admin.js';
import { type AddTeamMemberRequest, TEAM_MESSAGES as M } from '../../../../shared/api/team.js';
import { writeAudit } from '../../../data/audit.js';
import { getMember, LIVE_STATUSES, type MemberItem } from '../../../data/memberships.js';
import { createMembership, deleteNewMember, MembershipExistsError } from '../../../data/team.js';
import { addToRole, type CognitoUser, findUserByEmail, inviteUser, UserExistsError } from '../../../data/users.js';
import type { AuthenticatedCaller } from '../../../lib/caller.js';
import { ConflictError, ForbiddenError, HttpError } from '../../../lib/errors.js';
import { resolveTeamContext } from '../team-context.js';

const inviteFailed = () => new HttpError(502, 'invite_and_create_failed', `${PLATFORM_ADMIN_MESSAGES.invite_and_create_failed} The sign-in service did not answer; please try again shortly.`);

/**
 * Spec §7 /org-team-add. A new email is invited through Cognito (the invite email links to
 * /invite-accept) and its membership waits as 'invited': the role is granted only when the
 * invite is accepted, so an invitee is not let past /pending before that. An existing user is
 * added and granted the role at once, unless they are still an invitee themselves.
 */
async function addMember(caller: AuthenticatedCaller, input: AddTeamMemberRequest) {
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
    details: { email: member.email, role: input.role, invite_email_sent: invited, before: null, after: teamMemberView(member) },
  });
  const message = invited
    ? `Invitation sent to ${member.email}.`
    : status === 'invited'
      ? `${member.email} has a pending invite; they join when they accept it.`
      : `${member.email} was added to ${ctx.org.org_name}.`;
  return { member: teamMemberView(member), invited, message };
}

/** POST /api/team/members (spec part 2 §7 /org-team-add): invite or add a member with a grantable role. */
export const handler = createApiHandler(routes.addTeamMember, async ({ caller, body }) => addMember(caller, body));
