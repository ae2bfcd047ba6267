import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { readDirectoryAccess } from '#data/directory/caller-access.js';
import { invitePlatformAdmin } from '#data/directory/platform-admin-invitations.js';
import { type CognitoUser, findUserByEmail, inviteUser, UserExistsError } from '#data/directory/staff-users.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { ConflictError, ForbiddenError, HttpError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { PLATFORM_ADMIN_MESSAGES as M, platformInvitationMessage, platformRolesGrantableBy, type PlatformRole } from '#shared/api/admin.js';
import { PLATFORM_INVITATION_NAME } from '#shared/api/team.js';
import * as routes from '#shared/routes/admin.js';
import { platformAdminView } from '../views.js';

/** Resolves the user, inviting them when new (the invite email goes through Cognito). */
async function resolveOrInvite(email: string): Promise<{ user: CognitoUser; invited: boolean }> {
  const found = await findUserByEmail(email);
  if (found) {
    // Self-registered but never verified: they must finish signing up before holding a role.
    if (found.status === 'UNCONFIRMED') throw new ConflictError(M.user_already_exists, 'user_already_exists');
    return { user: found, invited: false };
  }
  try {
    return { user: await inviteUser(email), invited: true };
  } catch (error) {
    if (error instanceof UserExistsError) throw new ConflictError(M.user_already_exists, 'user_already_exists');
    throw new HttpError(502, 'invite_and_create_failed', `${M.invite_and_create_failed} The sign-in service did not answer; please try again shortly.`);
  }
}

async function addPlatformAdmin(actor: AuthenticatedCaller, input: { email: string; role: PlatformRole }) {
  // Spec §6 "Platform admin roles": super_admin grants both, sys_admin grants sys_admin.
  if (!platformRolesGrantableBy(actor.roles).includes(input.role)) {
    await writeAudit({
      actor,
      action: 'platform_admin.add',
      subject: auditSubject.email(input.email),
      outcome: 'refused',
      details: { role: input.role, reason: 'forbidden' },
    });
    throw new ForbiddenError(M.forbidden, 'forbidden');
  }
  const { user, invited } = await resolveOrInvite(input.email);
  if (!user.sub) throw new HttpError(502, 'user_resolution_failed', M.user_resolution_failed);
  const before = invited ? [] : (await readDirectoryAccess(user.sub)).platformRoles;
  if (before.includes(input.role)) throw new ConflictError(M.role_already_granted, 'role_already_granted');
  if (!invited) return inviteExisting(actor, user, input.role, before);

  // A new account holds the role once its person accepts, as /invite-accept does after the password is set.
  const created_at = await invitePlatformAdmin({ user_id: user.sub, email: user.email, role: input.role, created_by: actor.email });
  if (!created_at) throw new ConflictError(M.invite_exists, 'invite_exists');
  await writeAudit({
    actor,
    action: 'platform_admin.invite',
    subject: auditSubject.user(user.sub),
    outcome: 'ok',
    details: { email: user.email, role: input.role, invited, before: { roles: before }, after: { roles: before, invited: input.role } },
  });
  return { item: platformAdminView(user, input.role, created_at), invited, message: platformInvitationMessage(user.email, input.role, true) };
}

/**
 * An existing account becomes a platform admin only with its consent: an invitation it accepts on its
 * home page (and is emailed about); until then nothing changes for it.
 */
async function inviteExisting(actor: AuthenticatedCaller, user: CognitoUser, role: PlatformRole, before: readonly string[]) {
  // The person is emailed about it, with the invitation's own write.
  const notify = (at: string) => ({
    kind: 'membership.invited' as const,
    org_id: `PLATFORM#${role}`,
    org_name: PLATFORM_INVITATION_NAME,
    user_id: user.sub,
    email: user.email,
    role,
    invited_at: at,
  });
  const created_at = await invitePlatformAdmin({ user_id: user.sub, email: user.email, role, created_by: actor.email }, notify);
  if (!created_at) throw new ConflictError(M.invite_exists, 'invite_exists');
  await writeAudit({
    actor,
    action: 'platform_admin.invite',
    subject: auditSubject.user(user.sub),
    outcome: 'ok',
    details: { email: user.email, role, before: { roles: before }, after: { roles: before, invited: role } },
  });
  return { item: platformAdminView(user, role, created_at), invited: false, message: platformInvitationMessage(user.email, role, false) };
}

/**
 * POST /api/admin/platform-admins (spec part 2 §7 /platform-admins-add): super_admin grants
 * super_admin or sys_admin, sys_admin grants sys_admin. Either way an invitation: a new email (invited through
 * Cognito) holds the role once it sets its password on /invite-accept, an existing account once it accepts.
 */
export const handler = createApiHandler(routes.addPlatformAdmin, async ({ caller, body }) => addPlatformAdmin(caller, body));
