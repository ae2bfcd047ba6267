import { writeAudit } from '#data/audit/log.js';
import { auditSubject } from '#data/audit/subjects.js';
import { declineInvitedMembership } from '#data/directory/invitations.js';
import { getMember } from '#data/directory/memberships.js';
import { declinePlatformInvitation } from '#data/directory/platform-admin-invitations.js';
import { NotFoundError } from '#http/errors.js';
import { createApiHandler } from '#http/handler.js';
import { PLATFORM_INVITATION_NAME, TEAM_MESSAGES } from '#shared/api/team.js';
import * as routes from '#shared/routes/accounts.js';

/**
 * POST /api/team/decline-invite {org_id} or {platform_role}: the person says no. A membership is
 * marked rejected (the organisation's admins see it declined); a platform invitation is deleted.
 * Nothing is granted either way.
 */
export const handler = createApiHandler(routes.declineTeamInvite, async ({ caller: me, body }) => {
  const noInvitation = new NotFoundError(TEAM_MESSAGES.noInvitation, 'no_invitation');
  if (body.platform_role) {
    if (!(await declinePlatformInvitation(me.userId, body.platform_role))) throw noInvitation;
    await writeAudit({
      actor: me,
      action: 'platform_admin.invite_decline',
      subject: auditSubject.user(me.userId),
      outcome: 'ok',
      details: { role: body.platform_role },
    });
    return {
      declined: { org_id: null, org_name: PLATFORM_INVITATION_NAME, role: body.platform_role },
      message: `You declined the invitation to become ${body.platform_role}.`,
    };
  }
  const orgId = body.org_id ?? '';
  const membership = await getMember(orgId, me.userId);
  if (!membership || membership.status !== 'invited' || !(await declineInvitedMembership(orgId, me.userId))) throw noInvitation;
  await writeAudit({
    actor: me,
    org_id: orgId,
    action: 'team.invite_decline',
    subject: auditSubject.user(me.userId),
    outcome: 'ok',
    details: { role: membership.role },
  });
  return {
    declined: { org_id: membership.org_id, org_name: membership.org_name, role: membership.role },
    message: `You declined the invitation to join ${membership.org_name}.`,
  };
});
