import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { approveInvitedMembership, listInviteMemberships } from '#data/directory/invitations.js';
import { acceptPlatformInvitation, platformInvitationsOf } from '#data/directory/platform-admin-invitations.js';
import { recordConfirmation } from '#data/directory/sign-ins.js';
import { accountCreatedAt, addToRole } from '#data/directory/staff-users.js';
import type { AuthenticatedCaller } from '#http/caller.js';
import { BadRequestError, ConflictError, NotFoundError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { CONFIRMATIONS_RECORDED_FROM } from '#shared/api/admin.js';
import { invitationExpired, invitationExpiresAt, PLATFORM_INVITATION_NAME, TEAM_MESSAGES } from '#shared/api/team.js';
import { roleFitsOrganisation } from '#shared/roles.js';
import * as routes from '#shared/routes/accounts.js';
import { roleNotForOrganisation } from '../../common/organisation-roles.js';

type Accepted = { org_id: string | null; org_name: string; role: string };

/** An invitation past its days is refused, saying when it expired and whom to ask. */
const expiredRefusal = (membership: { org_name: string; created_at: string | null }) =>
  new ConflictError(TEAM_MESSAGES.invitationExpired(membership.org_name, dayOf(invitationExpiresAt(membership.created_at)!)), 'invitation_expired');

const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

async function acceptMemberships(me: AuthenticatedCaller, orgId: string | undefined): Promise<Accepted[]> {
  const accepted: Accepted[] = [];
  const now = new Date();
  const waiting = (await listInviteMemberships(me.userId)).filter((m) => !orgId || m.org_id === orgId);
  const expired = waiting.filter((m) => m.status === 'invited' && invitationExpired(m.created_at, now));
  // Named, or the only invitations there are: the person is told; otherwise the live ones are accepted.
  if (expired.length > 0 && expired.length === waiting.length) throw expiredRefusal(expired[0]!);
  for (const membership of waiting.filter((m) => !expired.includes(m))) {
    // An invitation to a role the organisation's kind does not hold grants nothing (it is listed on /admin to fix).
    if (membership.status === 'invited' && !roleFitsOrganisation(membership.role, membership.client_type)) {
      if (orgId) throw roleNotForOrganisation(membership, membership.role);
      continue;
    }
    // Approve first: a withdrawn invite must not grant its role.
    const nowApproved = membership.status === 'approved' || (await approveInvitedMembership(membership.org_id, me.userId));
    if (!nowApproved) continue;
    await addToRole(me.userId, membership.role);
    if (membership.status === 'invited') {
      await writeAudit({
        actor: me,
        org_id: membership.org_id,
        action: 'team.invite_accept',
        subject: auditSubject.user(me.userId),
        outcome: 'ok',
        details: { role: membership.role },
      });
    }
    accepted.push({ org_id: membership.org_id, org_name: membership.org_name, role: membership.role });
  }
  return accepted;
}

async function acceptPlatformRoles(me: AuthenticatedCaller, role: string | undefined): Promise<Accepted[]> {
  const accepted: Accepted[] = [];
  for (const invited of (await platformInvitationsOf(me.userId)).filter((r) => !role || r === role)) {
    if (!(await acceptPlatformInvitation(me.userId, invited))) continue;
    await addToRole(me.userId, invited);
    await writeAudit({ actor: me, action: 'platform_admin.invite_accept', subject: auditSubject.user(me.userId), outcome: 'ok', details: { role: invited } });
    accepted.push({ org_id: null, org_name: PLATFORM_INVITATION_NAME, role: invited });
  }
  return accepted;
}

/**
 * POST /api/team/accept-invite (spec part 2 §7 /org-team-accept): the caller's invitations — all of
 * them, or the one of `org_id` or `platform_role` — are accepted: the directory now grants their roles,
 * and the Cognito groups mirror them for the console. Idempotent: a retry finds them accepted and only
 * makes sure the mirror is there.
 */
export const handler = createApiHandler(routes.acceptTeamInvite, async ({ caller: me, event, body }) => {
  // No body, {} or one named invitation. The schema sees a JSON null as no body, so refuse it here.
  if ((event.body as unknown) === null) throw new BadRequestError('The request body must be empty, {} or name one invitation.', 'validation_failed');
  const named = Boolean(body?.org_id || body?.platform_role);
  const accepted = [
    ...(body?.platform_role ? [] : await acceptMemberships(me, body?.org_id)),
    ...(body?.org_id ? [] : await acceptPlatformRoles(me, body?.platform_role)),
  ];
  if (named && accepted.length === 0) throw new NotFoundError(TEAM_MESSAGES.noInvitation, 'no_invitation');
  // An invited account is confirmed by its password set and its invitation accepted: the first acceptance is that
  // time. An account made before such times were recorded keeps none (a sign-up's is kept: the first one stays).
  if (accepted.length > 0) {
    const created = await accountCreatedAt(me.userId);
    if (created && created >= CONFIRMATIONS_RECORDED_FROM) await recordConfirmation(me.userId, new Date().toISOString());
  }
  return { accepted };
});
