import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { createMembership, MembershipExistsError } from '#data/directory/membership-changes.js';
import { getMember, LIVE_STATUSES, type MemberItem } from '#data/directory/memberships.js';
import { type CognitoUser, findUserByEmail, inviteUser, UserExistsError } from '#data/directory/staff-users.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ConflictError, ForbiddenError, HttpError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { PLATFORM_ADMIN_MESSAGES } from '#shared/api/admin.js';
import { type AddTeamMemberRequest, TEAM_MESSAGES as M } from '#shared/api/team.js';
import { isOrganisationRole, roleFitsOrganisation } from '#shared/roles.js';
import * as routes from '#shared/routes/team.js';
import { roleNotForOrganisation } from '../../common/organisation-roles.js';
import { resolveTeamContext } from '../team-context.js';
import { teamMemberView } from '../views.js';

const inviteFailed = () =>
  new HttpError(
    502,
    'invite_and_create_failed',
    `${PLATFORM_ADMIN_MESSAGES.invite_and_create_failed} The sign-in service did not answer; please try again shortly.`,
  );

/**
 * Spec §7 /org-team-add. A new email is invited through Cognito (the invite email links to
 * /invite-accept) and its membership waits as 'invited': the role is granted only when the
 * invite is accepted, so an invitee is not let past /pending before that. An existing account joins
 * another organisation only with its consent: its membership waits as 'invited' too, the person is
 * emailed and accepts or declines on their home page; until then nothing changes for them. An account
 * whose sign-up was never confirmed cannot be added (nobody has shown they own the address).
 */
async function addMember(caller: AuthenticatedCaller, input: AddTeamMemberRequest) {
  const ctx = await resolveTeamContext(caller, input.org_id);
  // A role of the other kind of organisation is named as such; a platform role is simply not grantable here.
  if (isOrganisationRole(input.role) && !roleFitsOrganisation(input.role, ctx.org.client_type)) {
    await writeAudit({
      actor: caller,
      org_id: ctx.org.org_id,
      action: 'team.member_add',
      subject: auditSubject.email(input.email),
      outcome: 'refused',
      details: { role: input.role, reason: 'role_not_for_organisation' },
    });
    throw roleNotForOrganisation(ctx.org, input.role);
  }
  if (!ctx.grantable.includes(input.role)) {
    await writeAudit({
      actor: caller,
      org_id: ctx.org.org_id,
      action: 'team.member_add',
      subject: auditSubject.email(input.email),
      outcome: 'refused',
      details: { role: input.role, reason: 'role_not_allowed' },
    });
    throw new ForbiddenError(M.roleNotAllowed, 'role_not_allowed');
  }
  let user: CognitoUser | null = await findUserByEmail(input.email);
  if (user?.status === 'UNCONFIRMED') {
    await writeAudit({
      actor: caller,
      org_id: ctx.org.org_id,
      action: 'team.member_add',
      subject: auditSubject.user(user.sub),
      outcome: 'refused',
      details: { role: input.role, reason: 'not_verified' },
    });
    throw new ConflictError(M.notVerified(input.email), 'not_verified');
  }
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
  let member: MemberItem;
  try {
    // An existing account is emailed about the invitation (a new one gets Cognito's invite), with the membership's own write.
    const notify = invited
      ? undefined
      : (m: MemberItem) => ({
          kind: 'membership.invited' as const,
          org_id: ctx.org.org_id,
          org_name: ctx.org.org_name,
          user_id: m.user_id,
          email: m.email,
          role: input.role,
          invited_at: m.created_at ?? new Date().toISOString(),
        });
    member = await createMembership(ctx.org, { user_id: user.sub, email: user.email || input.email }, input.role, 'invited', caller.email, notify);
  } catch (error) {
    if (error instanceof MembershipExistsError)
      throw new ConflictError(
        error.existing?.status === 'invited' ? M.inviteExists : M.alreadyMember,
        error.existing?.status === 'invited' ? 'invite_exists' : 'already_member',
      );
    throw error;
  }
  await writeAudit({
    actor: caller,
    org_id: ctx.org.org_id,
    action: 'team.member_invite',
    subject: auditSubject.user(user.sub),
    outcome: 'ok',
    details: { email: member.email, role: input.role, invite_email_sent: invited, before: null, after: teamMemberView(member) },
  });
  const message = invited
    ? `Invitation sent to ${member.email}.`
    : `${member.email} already has an account: they were invited and join ${ctx.org.org_name} when they accept.`;
  return { member: teamMemberView(member), invited, message };
}

/** POST /api/team/members (spec part 2 §7 /org-team-add): invite or add a member with a grantable role. */
export const handler = createApiHandler(routes.addTeamMember, async ({ caller, body }) => addMember(caller, body));
